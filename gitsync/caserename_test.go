package gitsync_test

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSyncTakesACaseOnlyRenameWhereCaseIsIgnored: a teammate renamed
// memory/notes/Plan.md to plan.md (on Linux, or with git mv on macOS) and
// edited it. On a machine whose file system does not tell case apart
// (macOS, Windows: core.ignorecase), plan.md opens the old Plan.md: the move
// read it as a file git does not track in the way of the remote's new
// note, with other content, and refused the sync, again on every run,
// until the user moved the note away by hand. The move removes Plan.md
// first, so the name is free for plan.md: sync takes the rename and the
// edit. The file system is simulated: core.ignorecase set, and plan.md a
// hard link to Plan.md, which is what a case-insensitive folder shows.
func TestSyncTakesACaseOnlyRenameWhereCaseIsIgnored(t *testing.T) {
	t.Parallel()
	for _, edit := range []bool{true, false} {
		name := "rename"
		if edit {
			name = "rename and edit"
		}
		t.Run(name, func(t *testing.T) {
			bare := remote(t)
			a, b := clone(t, bare, "a"), clone(t, bare, "b")
			write(t, a, "memory/notes/Plan.md", "# Plan\n\nShip v6 in March.\n")
			sync(t, a, "a")
			run(t, b, "config", "core.ignorecase", "true")
			sync(t, b, "b")
			run(t, a, "mv", "memory/notes/Plan.md", "memory/notes/plan.md")
			want := "# Plan\n\nShip v6 in March.\n"
			if edit {
				want = "# Plan\n\nShip v7 in March.\n"
				write(t, a, "memory/notes/plan.md", want)
			}
			sync(t, a, "a")
			if err := os.Link(filepath.Join(b, "memory/notes/Plan.md"), filepath.Join(b, "memory/notes/plan.md")); err != nil {
				t.Fatal(err)
			}
			sync(t, b, "b")
			if got := read(t, b, "memory/notes/plan.md"); got != want {
				t.Errorf("b: plan.md = %q, want %q", got, want)
			}
			if _, err := os.Lstat(filepath.Join(b, "memory/notes/Plan.md")); err == nil {
				t.Errorf("b: Plan.md is still there after the rename")
			}
			if got := run(t, b, "ls-files", "memory/notes"); got != "memory/notes/db.md\nmemory/notes/plan.md" {
				t.Errorf("b: git tracks %q, want memory/notes/db.md and plan.md", got)
			}
			sync(t, a, "a")
			if got := run(t, a, "ls-files", "memory/notes"); got != "memory/notes/db.md\nmemory/notes/plan.md" {
				t.Errorf("a after b synced: git tracks %q, want memory/notes/db.md and plan.md", got)
			}
		})
	}
}
