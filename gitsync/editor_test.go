package gitsync_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
	"github.com/memweave/memweave-go/internal/edithook"
)

// TestSyncKeepsAnEditorsSaveDuringTheMove: another program (an editor,
// not memweave, so without the workspace's lock) saves a note the remote
// changed, or deleted, in the moment between the sync's check of the
// work tree and its write of that note: the save is not overwritten or
// removed, and once synced again both its text and the remote's are there.
func TestSyncKeepsAnEditorsSaveDuringTheMove(t *testing.T) {
	t.Parallel()
	for _, remoteDeletes := range []bool{false, true} {
		name := map[bool]string{false: "the remote edits", true: "the remote deletes"}[remoteDeletes]
		t.Run(name, func(t *testing.T) {
			bare := remote(t)
			a, b := clone(t, bare, "a"), clone(t, bare, "b")
			sync(t, b, "b")
			if remoteDeletes {
				os.Remove(filepath.Join(a, "memory/notes/db.md"))
			} else {
				write(t, a, "memory/notes/db.md", "# DB\n\nPostgres 17, says a.\n")
			}
			sync(t, a, "a")
			const save = "# DB\n\nPostgres 16.\n\nThe editor's line.\n"
			saved := false
			ctx := edithook.With(context.Background(), func(abs string) {
				if filepath.Base(abs) == "db.md" && !saved {
					saved = true
					if err := os.WriteFile(abs, []byte(save), 0o644); err != nil {
						t.Error(err)
					}
				}
			})
			_, err := gitsync.Sync(ctx, b, gitsync.Options{Host: "b"})
			if !saved {
				t.Fatalf("the hook never ran (Sync = %v)", err)
			}
			if got, _ := os.ReadFile(filepath.Join(b, "memory/notes/db.md")); string(got) != save {
				t.Errorf("after the sync (%v), db.md = %q, want the editor's save", err, got)
			}
			sync(t, b, "b")
			var all strings.Builder
			filepath.WalkDir(filepath.Join(b, "memory"), func(p string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					data, _ := os.ReadFile(p)
					all.Write(data)
				}
				return nil
			})
			if !strings.Contains(all.String(), "The editor's line.") {
				t.Errorf("the editor's line is gone from memory/:\n%s", all.String())
			}
			if !remoteDeletes && !strings.Contains(all.String(), "Postgres 17, says a.") {
				t.Errorf("the remote's text is gone from memory/:\n%s", all.String())
			}
		})
	}
}
