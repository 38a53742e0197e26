package gitsync_test

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSyncTakesACaseOnlyFolderRename: a teammate renames the folder
// memory/Projects to memory/projects (git mv, or mv on Linux), one note in it
// edited; or this machine does. With core.ignorecase off and on (a
// repository cloned or copied from macOS keeps it on, here on a file
// system that tells case apart), every machine ends with the notes under
// notes/ only, the edit kept, git tracking the new names and nothing
// left for git status to show.
func TestSyncTakesACaseOnlyFolderRename(t *testing.T) {
	t.Parallel()
	// Each case starts from a's notes pushed.
	pushed := template(t, func(ws []string) {
		write(t, ws[0], "memory/Projects/plan.md", "# Plan\n\nShip v6.\n")
		write(t, ws[0], "memory/Projects/deep/todo.md", "# Todo\n\n- one\n")
		sync(t, ws[0], "a")
	}, "a", "b")
	for _, tc := range []struct {
		name       string
		ignoreCase string
		local      bool
	}{
		{"remote renames, case told apart", "false", false},
		{"remote renames, core.ignorecase", "true", false},
		{"this machine renames, case told apart", "false", true},
		{"this machine renames with git mv, core.ignorecase", "true", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ws := pushed(t)
			a, b := ws[0], ws[1]
			run(t, b, "config", "core.ignorecase", tc.ignoreCase)
			sync(t, b, "b")
			mover, other := a, b
			if tc.local {
				mover, other = b, a
			}
			run(t, mover, "mv", "memory/Projects", "memory/projects")
			write(t, mover, "memory/projects/plan.md", "# Plan\n\nShip v7.\n")
			sync(t, mover, filepath.Base(mover))
			sync(t, other, filepath.Base(other))
			sync(t, mover, filepath.Base(mover))
			for _, ws := range []string{a, b} {
				name := filepath.Base(ws)
				if got := run(t, ws, "ls-files", "memory"); got != "memory/notes/db.md\nmemory/projects/deep/todo.md\nmemory/projects/plan.md" {
					t.Errorf("%s: git tracks %q", name, got)
				}
				if got := read(t, ws, "memory/projects/plan.md"); !strings.Contains(got, "v7") {
					t.Errorf("%s: plan.md = %q, want the edit", name, got)
				}
				if left, err := exec.Command("find", filepath.Join(ws, "memory/Projects")).CombinedOutput(); err == nil {
					t.Errorf("%s: memory/Projects is still there:\n%s", name, left)
				}
				if st := run(t, ws, "status", "--porcelain"); st != "" {
					t.Errorf("%s: git status:\n%s", name, st)
				}
			}
		})
	}
}
