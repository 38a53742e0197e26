package memweave_test

import (
	"context"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestResolveKeptNoteOverTheLimit: resolve reads the kept note as every
// other read of a note is made, within the size limit: a kept note over
// it (never indexed, so never in a conflicts listing) is refused, naming
// the note and the limit, before it is read whole, and nothing is
// written.
func TestResolveKeptNoteOverTheLimit(t *testing.T) {
	drop := "# 2025-03-02\n\n- The staging database runs PostgreSQL 15.\n"
	big := "# Stack\n\n- The staging database runs PostgreSQL 16.\n" + strings.Repeat("- Another line of the stack.\n", 200)
	root := memweavetest.Workspace(t, map[string]string{"memory/2025-03-02.md": drop, "memory/big.md": big})
	w, err := memweave.Open(context.Background(), memweave.Config{Workspace: root, Now: memweavetest.Clock(), MaxFileBytes: 4096})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	res, err := w.Resolve(context.Background(), memweave.Ref{Path: "memory/big.md", StartLine: 3},
		memweave.Ref{Path: "memory/2025-03-02.md", StartLine: 3}, "upgraded")
	if err == nil || !strings.Contains(err.Error(), "memory/big.md") || !strings.Contains(err.Error(), "4096") {
		t.Errorf("Resolve(keep memory/big.md:3, %d bytes over a 4096-byte limit) = %+v, %v; want an error naming the note and the limit", len(big), res, err)
	}
	if got := memweavetest.ReadFile(t, root, "memory/2025-03-02.md"); got != drop {
		t.Errorf("memory/2025-03-02.md = %q, want it unchanged", got)
	}
}
