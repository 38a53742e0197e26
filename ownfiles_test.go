package memweave_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/workspace"
)

// TestLinkedOwnFilesRefused: a workspace cloned from elsewhere can carry
// a symbolic link where memweave keeps its own files. Followed, a link at
// .memweave/index.db put the whole index (every note's text) wherever it
// pointed, and a link at a lock created a file there. Each is refused
// with an error naming the link, and nothing is created at its target;
// an index named elsewhere with DBPath is the user's choice and opens.
func TestLinkedOwnFilesRefused(t *testing.T) {
	ctx := t.Context()
	for _, name := range []string{".memweave", ".memweave/index.db", ".memweave/index.db-wal", ".memweave/index.db-journal", ".memweave/index.db.lock", ".memweave/index.db.lock.turns", ".memweave/write.lock", ".memweave/write.lock.turns"} {
		t.Run(filepath.Base(name), func(t *testing.T) {
			ws := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# Deploy\n\nWe deploy on Tuesdays.\n"})
			out := t.TempDir()
			target := filepath.Join(out, "target")
			link := filepath.Join(ws, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(target, link); err != nil {
				t.Fatal(err)
			}
			w, err := memweave.Open(ctx, memweave.Config{Workspace: ws})
			if err == nil {
				// write.lock is taken by writes, not by Open.
				_, err = w.Append(ctx, "a new note")
				w.Close()
			}
			if !errors.Is(err, workspace.ErrLinkedOwnFile) {
				t.Fatalf("error = %v, want ErrLinkedOwnFile", err)
			}
			if got := err.Error(); !strings.Contains(got, link) {
				t.Errorf("error %q does not name %s", got, link)
			}
			if entries, _ := os.ReadDir(out); len(entries) != 0 {
				t.Errorf("created %v at the link's target folder", entries)
			}
		})
	}
	t.Run("DBPath", func(t *testing.T) {
		ws := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# Deploy\n\nWe deploy on Tuesdays.\n"})
		db := filepath.Join(t.TempDir(), "index.db")
		link := filepath.Join(t.TempDir(), "linked.db")
		if err := os.Symlink(db, link); err != nil {
			t.Fatal(err)
		}
		w, err := memweave.Open(ctx, memweave.Config{Workspace: ws, DBPath: link})
		if err != nil {
			t.Fatalf("an index named with DBPath, through a link: %v", err)
		}
		defer w.Close()
		if _, err := w.Index(ctx); err != nil {
			t.Fatal(err)
		}
	})
}

// TestLinkedSyncFolderRefused: the watcher creates and removes its
// barrier files in .memweave/.sync, and removes the ones older than a
// minute it finds there as leftovers of killed processes. A cloned
// workspace carrying a link at that name sent both to the folder it
// points to, where a file of the user's named like a barrier was
// deleted. The link is refused as the index's own are, naming it, and
// the folder it points to is left as it was.
func TestLinkedSyncFolderRefused(t *testing.T) {
	ctx := t.Context()
	ws := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# Deploy\n\nWe deploy on Tuesdays.\n"})
	out := t.TempDir()
	mine := filepath.Join(out, ".sync-notes")
	if err := os.WriteFile(mine, []byte("the user's file\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(mine, old, old); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(ws, ".memweave", ".sync")
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(out, link); err != nil {
		t.Fatal(err)
	}
	w, err := memweave.Open(ctx, memweave.Config{Workspace: ws})
	if err == nil {
		if err = w.Watch(ctx); err == nil {
			_, err = w.Search(ctx, "deploy")
		}
		w.Close()
	}
	if !errors.Is(err, workspace.ErrLinkedOwnFile) || !strings.Contains(err.Error(), link) {
		t.Errorf("error = %v, want ErrLinkedOwnFile naming %s", err, link)
	}
	entries, _ := os.ReadDir(out)
	if len(entries) != 1 || entries[0].Name() != ".sync-notes" {
		t.Errorf("the link's target folder holds %v, want only .sync-notes", entries)
	}
}
