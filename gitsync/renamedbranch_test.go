package gitsync_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncSaysWhereARenamedRemoteBranchWent: the team renamed the
// remote's branch (git branch -m main trunk in the bare repository, as
// a master -> main move does). Sync refuses to follow a branch that is
// gone, as before, but it said only that the history was rewritten and
// the branch gone, with no way on: the error now names the remote's
// branch at the same commit and the commands that follow it, and, run,
// they make the next sync share this machine's note on trunk.
func TestSyncSaysWhereARenamedRemoteBranchWent(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	a := clone(t, bare, "a")
	sync(t, a, "a")
	run(t, bare, "branch", "-m", "main", "trunk")
	write(t, a, "memory/notes/new.md", "# New\n\nwritten while the branch moved\n")
	_, err := gitsync.Sync(context.Background(), a, gitsync.Options{Host: "a"})
	if !errors.Is(err, gitsync.ErrRewritten) {
		t.Fatalf("Sync after the rename = %v, want %v", err, gitsync.ErrRewritten)
	}
	const follow = "git config branch.main.remote origin && git config branch.main.merge refs/heads/trunk"
	if !strings.Contains(err.Error(), "trunk") || !strings.Contains(err.Error(), follow) {
		t.Fatalf("Sync after the rename = %v, want it to name trunk and say %q", err, follow)
	}
	run(t, a, "config", "branch.main.remote", "origin")
	run(t, a, "config", "branch.main.merge", "refs/heads/trunk")
	res := sync(t, a, "a")
	if !res.Pushed || res.RemoteBranch != "trunk" {
		t.Fatalf("Sync after following = %+v, want a push to trunk", res)
	}
	if got := run(t, bare, "show", "trunk:memory/notes/new.md"); !strings.Contains(got, "written while the branch moved") {
		t.Errorf("trunk's new.md = %q", got)
	}
}

// TestSyncPutsNoRemoteBranchNameInACommandToRun: the error that says
// how to sync with a remote's other branch gave a command holding the
// branch name the remote chose, and git takes "$(...)" and ";" in a
// branch name: pasted, "git config branch.main.merge
// refs/heads/x$(touch${IFS}pwned)" ran the remote's command. The error
// names such a branch, and its command says NAME in its place.
func TestSyncPutsNoRemoteBranchNameInACommandToRun(t *testing.T) {
	t.Parallel()
	const hostile = "x$(touch${IFS}pwned)"
	bare := remote(t)
	run(t, bare, "branch", "-m", "main", hostile)
	ws := filepath.Join(t.TempDir(), "ws")
	run(t, filepath.Dir(ws), "init", "-q", "-b", "main", ws)
	run(t, ws, "remote", "add", "origin", bare)
	write(t, ws, "memory/notes/mine.md", "# Mine\n")
	_, err := gitsync.Sync(context.Background(), ws, gitsync.Options{Host: "new"})
	if !errors.Is(err, gitsync.ErrNoRemoteBranch) || !strings.Contains(err.Error(), hostile) {
		t.Fatalf("Sync = %v, want %v naming %s", err, gitsync.ErrNoRemoteBranch, hostile)
	}
	if strings.Contains(err.Error(), "refs/heads/"+hostile) {
		t.Errorf("Sync = %v: a command to run holds the remote's branch name", err)
	}
}
