package gitsync_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncNamesNotesGitIsToldNotToLookAt: a note marked skip-worktree or
// assume-unchanged, or left out by a sparse checkout, is one git add does
// not look at: its local edits are never committed, and a remote change
// to it cannot be written without losing them. Sync stops before
// anything is committed, naming the note and the git command that gives
// it back to sync, and once that is run, the sync that follows keeps
// both versions.
func TestSyncNamesNotesGitIsToldNotToLookAt(t *testing.T) {
	t.Parallel()
	synced := template(t, func(ws []string) { sync(t, ws[0], "a") }, "a", "b")
	for _, tc := range []struct{ name, want string }{
		{"--skip-worktree", "git update-index --no-skip-worktree -- memory/notes/db.md"},
		{"--assume-unchanged", "git update-index --no-assume-unchanged -- memory/notes/db.md"},
		{"sparse-checkout", "git sparse-checkout"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ws := synced(t)
			a, b := ws[0], ws[1]
			if tc.name == "sparse-checkout" {
				run(t, a, "sparse-checkout", "set", "--no-cone", "/.gitattributes", "/memory/other/")
				if _, err := os.Stat(filepath.Join(a, "memory/notes/db.md")); err == nil {
					t.Fatal("the sparse checkout kept memory/notes/db.md")
				}
			} else {
				run(t, a, "update-index", tc.name, "memory/notes/db.md")
				write(t, a, "memory/notes/db.md", "# DB\n\nPostgres 16.\nedited on a\n")
			}
			write(t, b, "memory/notes/db.md", "# DB\n\nPostgres 17.\n")
			sync(t, b, "b")
			before := run(t, a, "rev-parse", "HEAD")
			_, err := gitsync.Sync(context.Background(), a, gitsync.Options{Host: "a"})
			if err == nil || !strings.Contains(err.Error(), "memory/notes/db.md") || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Sync(a) = %v, want an error naming memory/notes/db.md and %q", err, tc.want)
			}
			if after := run(t, a, "rev-parse", "HEAD"); after != before {
				t.Errorf("the refused sync moved HEAD from %s to %s", before, after)
			}
			if tc.name == "sparse-checkout" {
				run(t, a, "sparse-checkout", "disable")
			} else {
				run(t, a, "update-index", "--no"+strings.TrimPrefix(tc.name, "-"), "--", "memory/notes/db.md")
			}
			sync(t, a, "a")
			if got := read(t, a, "memory/notes/db.md"); got != "# DB\n\nPostgres 17.\n" {
				t.Errorf("db.md = %q, want b's version", got)
			}
			if tc.name != "sparse-checkout" {
				copies, _ := filepath.Glob(filepath.Join(a, "memory/notes/db.conflict-a-*.md"))
				if len(copies) != 1 || read(t, a, strings.TrimPrefix(copies[0], a+"/")) != "# DB\n\nPostgres 16.\nedited on a\n" {
					t.Errorf("copies %v, want one holding a's edit", copies)
				}
			}
		})
	}
}
