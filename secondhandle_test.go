package memweave_test

import (
	"testing"
	"time"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestSecondWeaveKeepsFirstWorking opens a second Weave on a workspace
// in the process that has it open, searches and closes it, then lets
// other processes write the index, and checks the first Weave still
// reads it. A second open that dropped the first handle's SQLite locks
// (see index's handles) let the other processes' last close remove the
// -wal and -shm files under the first Weave, which then failed with
// "database disk image is malformed" or a disk I/O error.
func TestSecondWeaveKeepsFirstWorking(t *testing.T) {
	ctx := t.Context()
	ws := t.TempDir()
	if _, err := memweavetest.Synth(ws, memweavetest.SynthOptions{Files: 12, ChunksPerFile: 2}); err != nil {
		t.Fatal(err)
	}
	w, err := memweave.Open(ctx, memweave.Config{Workspace: ws})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if _, err := w.Index(ctx); err != nil {
		t.Fatal(err)
	}
	w2, err := memweave.Open(ctx, memweave.Config{Workspace: ws})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w2.Search(ctx, "note"); err != nil {
		t.Fatal(err)
	}
	if err := w2.Close(); err != nil {
		t.Fatal(err)
	}
	for id := 1; id <= 3; id++ {
		r := startHelper(t, "writer", ws, id, 50*time.Millisecond).result(t)
		if r.Errors > 0 {
			t.Fatalf("writer %d: %v", id, r.Samples)
		}
	}
	if _, err := w.Status(ctx); err != nil {
		t.Fatalf("Status after other processes wrote: %v", err)
	}
	if _, err := w.Search(ctx, "note"); err != nil {
		t.Fatalf("Search after other processes wrote: %v", err)
	}
}
