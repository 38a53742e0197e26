package memweave_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gofrs/flock"
	memweave "github.com/memweave/memweave-go"
)

// TestWriteThatCannotIndexSaysTheNoteIsStored: a write or append puts the
// note on disk, then indexes it. When indexing fails (the index lock not
// had before the caller gave up, a full disk, a file size limit), the
// error named only the index: "index .../index.db: commit: disk I/O
// error: file too large". The CLI's write exited 1 and an MCP agent would
// take the note for not written, and write it again (over another
// agent's edit, or, for an append, twice). The error now says the note
// is stored and found once an index run succeeds, wrapping the cause.
func TestWriteThatCannotIndexSaysTheNoteIsStored(t *testing.T) {
	root, w := openIndexed(t, map[string]string{"memory/b.md": "# B\n\nkept\n"}, memweave.Config{})
	other := flock.New(filepath.Join(root, ".memweave", "index.db.lock"))
	if err := other.Lock(); err != nil {
		t.Fatal(err)
	}
	defer other.Unlock()

	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	_, err := w.Write(ctx, "memory/a.md", "# A\n\nALPHA-STORED note.\n")
	if b, rerr := os.ReadFile(filepath.Join(root, "memory", "a.md")); rerr != nil || !strings.Contains(string(b), "ALPHA-STORED") {
		t.Fatalf("memory/a.md after Write = %q, %v; want the note written", b, rerr)
	}
	if err == nil || !strings.Contains(err.Error(), "memory/a.md is written") || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Write while the index is locked = %v; want an error saying memory/a.md is written, wrapping the cause", err)
	}

	ctx2, cancel2 := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel2()
	rel, err := w.Append(ctx2, "BETA-STORED note.")
	if rel == "" {
		t.Fatalf("Append while the index is locked returned no path (error %v)", err)
	}
	if b, rerr := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel))); rerr != nil || !strings.Contains(string(b), "BETA-STORED") {
		t.Fatalf("%s after Append = %q, %v; want the note appended", rel, b, rerr)
	}
	if err == nil || !strings.Contains(err.Error(), "the note is stored in "+rel) || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Append while the index is locked = %v; want an error saying the note is stored in %s, wrapping the cause", err, rel)
	}
}
