package memweave_test

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// A resolution whose --expect-hash matches the dropped note (nothing
// moved since the caller read it) but whose line does not read the text
// given names two lines at once: the one by number and the one by text.
// It is refused and nothing is written, where the text alone would be
// followed for a note edited since.
func TestResolveRefusesLineAndTextApartUnderTheHash(t *testing.T) {
	ctx := t.Context()
	a := "# Stack\n\nThe database runs PostgreSQL 16 on the shared cluster.\n\nThe cache is Redis 7 behind the proxy.\n"
	b := "The database runs PostgreSQL 17 on the shared cluster.\n"
	root, w := openIndexed(t, map[string]string{"memory/a.md": a, "memory/b.md": b}, memweave.Config{})
	sum := sha256.Sum256([]byte(a))
	keep := memweave.Ref{Path: "memory/b.md", StartLine: 1, Text: strings.TrimSpace(b)}
	drop := memweave.Ref{Path: "memory/a.md", StartLine: 5, Text: "The database runs PostgreSQL 16 on the shared cluster."}
	_, err := w.Resolve(ctx, keep, drop, "moved to 17", memweave.ExpectHash(hex.EncodeToString(sum[:])))
	if err == nil || !strings.Contains(err.Error(), "line 3") {
		t.Errorf("Resolve(line 5, the text of line 3, the note's hash) = %v, want an error naming line 3", err)
	}
	if got := memweavetest.ReadFile(t, root, "memory/a.md"); got != a {
		t.Errorf("memory/a.md after the refusal = %q, want %q", got, a)
	}
	// The line that reads the text, under the same hash: resolved.
	drop.StartLine = 3
	if _, err := w.Resolve(ctx, keep, drop, "moved to 17", memweave.ExpectHash(hex.EncodeToString(sum[:]))); err != nil {
		t.Errorf("Resolve(line 3, its text, the note's hash) = %v, want nil", err)
	}
}
