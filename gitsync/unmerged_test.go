package gitsync_test

import (
	"context"
	"errors"
	"os/exec"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncCommitsNoUnmergedNote: git leaves a note conflicted (markers in
// the file, unmerged entries in the index) without any operation in
// progress after a git stash pop, a git checkout -m or a git apply
// --3way. A sync then commits and pushes nothing (not the markers), and
// says which note to resolve.
func TestSyncCommitsNoUnmergedNote(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	a, b := clone(t, bare, "a"), clone(t, bare, "b")
	write(t, a, "memory/notes/db.md", "# DB\n\nPostgres 17, says a.\n")
	sync(t, a, "a")
	write(t, b, "memory/notes/db.md", "# DB\n\nMySQL 8, says b.\n")
	run(t, b, "stash", "-q")
	run(t, b, "pull", "-q", "origin", "main")
	if out, err := exec.Command("git", "-C", b, "stash", "pop").CombinedOutput(); err == nil {
		t.Fatalf("git stash pop: no conflict: %s", out)
	}
	if got := read(t, b, "memory/notes/db.md"); !strings.Contains(got, "<<<<<<<") {
		t.Fatalf("db.md = %q, want git's conflict markers", got)
	}
	before := run(t, bare, "rev-parse", "main")
	_, err := gitsync.Sync(context.Background(), b, gitsync.Options{Host: "b"})
	if !errors.Is(err, gitsync.ErrInProgress) || !strings.Contains(err.Error(), "memory/notes/db.md") {
		t.Errorf("Sync with an unmerged note = %v, want ErrInProgress naming it", err)
	}
	if got := run(t, bare, "rev-parse", "main"); got != before {
		t.Errorf("the remote moved: %s", run(t, bare, "show", "main:memory/notes/db.md"))
	}
	if got := run(t, b, "ls-files", "-u", "--", "memory"); got == "" {
		t.Errorf("the note is no longer unmerged in the git index: sync staged it")
	}
}
