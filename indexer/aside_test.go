package indexer_test

import (
	"context"
	"testing"

	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestNoteAsideIsNotDeleted: an in-place edit (feedback, resolve,
// consolidate --apply) moves the note into memory/.memweave-tmp while it
// compares it, and a search in another process that stat-diffed the
// workspace in that moment took it for deleted: it dropped the note's
// rows, found nothing in it without a word (held 3 s aside by strace,
// 'search ArgoCD' answered no results), and the edit's own index run
// added them back. A note aside is now no deleted file: its rows stay
// until it is back.
func TestNoteAsideIsNotDeleted(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n\nWe deploy with ArgoCD.\n", "memory/b.md": "# B\n\nbeta\n"})
	e := newEngine(t, root)
	ctx := context.Background()
	if _, err := e.Sync(ctx, indexer.SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	ran := false
	hook := edithook.WithAside(ctx, func(string) {
		ran = true
		d, err := e.Diff(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Deleted) != 0 {
			t.Errorf("with memory/a.md aside, Diff.Deleted = %v, want none", d.Deleted)
		}
		res, err := e.Sync(ctx, indexer.SyncOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if res.FilesDeleted != 0 {
			t.Errorf("with memory/a.md aside, Sync deleted %v", res.Deleted)
		}
	})
	// Not the content it holds: RemoveIf puts it back after the hook.
	if err := memfile.RemoveIf(hook, root, "memory/a.md", []byte("other")); err == nil {
		t.Fatal("RemoveIf of other content removed the note")
	}
	if !ran {
		t.Fatal("the aside hook did not run")
	}
}
