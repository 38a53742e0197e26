package memweave_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestSyncIndexesWhatItBroughtWhenThePushFails: a sync that brings the
// remote's notes into the work tree, then fails to push (a remote that
// takes no pushes from this machine), still indexes what it brought: a
// search without its own scan finds the notes the work tree now shows.
func TestSyncIndexesWhatItBroughtWhenThePushFails(t *testing.T) {
	t.Parallel() // real git processes and a sync loop's waits: it runs beside the other parallel tests
	ctx := context.Background()
	dir, bare, seed := seededRemote(t, map[string]string{"memory/seed.md": "# Seed\n\nFirst note.\n"})
	here := filepath.Join(dir, "here")
	gitRun(t, dir, "clone", "-q", bare, here)
	w, err := memweave.Open(ctx, memweave.Config{Workspace: here, Now: memweavetest.Clock(), NoSyncOnSearch: true})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if _, err := w.Sync(ctx, memweave.SyncAuthor("here <h@h>")); err != nil {
		t.Fatal(err)
	}
	gitRun(t, seed, "pull", "-q", "--no-rebase", bare, "main")
	memweavetest.WriteFile(t, seed, "memory/later.md", "# Later\n\nThe PLOVER-3380 migration is done.\n")
	gitRun(t, seed, "add", "-A")
	gitRun(t, seed, "commit", "-qm", "later")
	gitRun(t, seed, "push", "-q", bare, "main")
	// The remote now takes no push: its branch is locked (sync runs no
	// hook of a remote on this disk, so a rejecting hook would not do).
	if err := os.WriteFile(filepath.Join(bare, "refs", "heads", "main.lock"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	memweavetest.WriteFile(t, here, "memory/mine.md", "# Mine\n\nFrom here.\n")
	if _, err := w.Sync(ctx, memweave.SyncAuthor("here <h@h>")); err == nil {
		t.Fatal("Sync to a remote that rejects every push succeeded")
	}
	if _, err := os.Stat(filepath.Join(here, "memory/later.md")); err != nil {
		t.Fatalf("the remote's note is not in the work tree: %v", err)
	}
	resp, err := w.Search(ctx, "PLOVER-3380 migration")
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Results) == 0 || resp.Results[0].Path != "memory/later.md" {
		t.Errorf("Search after a sync that brought memory/later.md, then failed to push = %d results, want memory/later.md", len(resp.Results))
	}
}
