package gitsync_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncStartsNoSecondMemoryBesideTheTeams: a machine on a branch the
// remote lacks (main, where the team's memory is on master: git's
// default branch name differs between machines) would push a new branch
// beside the team's, and from then on neither side would see the
// other's notes while both syncs report success. Sync refuses, naming
// the branches the remote has and how to pick one; nothing is pushed.
// An empty remote, a new team's, still gets its first branch.
func TestSyncStartsNoSecondMemoryBesideTheTeams(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	seed := filepath.Join(filepath.Dir(bare), "seed")
	run(t, seed, "push", "-q", "origin", "main:master")
	run(t, bare, "symbolic-ref", "HEAD", "refs/heads/master")
	run(t, bare, "update-ref", "-d", "refs/heads/main")

	ws := filepath.Join(t.TempDir(), "ws")
	run(t, filepath.Dir(ws), "init", "-q", "-b", "main", ws)
	run(t, ws, "remote", "add", "origin", bare)
	write(t, ws, "memory/notes/mine.md", "# Mine\n\nWritten on the new machine.\n")
	_, err := gitsync.Sync(context.Background(), ws, gitsync.Options{Host: "new"})
	if !errors.Is(err, gitsync.ErrNoRemoteBranch) || !strings.Contains(err.Error(), "master") || !strings.Contains(err.Error(), "git config branch.main.merge refs/heads/master") {
		t.Errorf("Sync on main, the remote having only master = %v; want an error naming master and how to sync with it", err)
	}
	if got := run(t, bare, "for-each-ref", "--format=%(refname)", "refs/heads/"); got != "refs/heads/master" {
		t.Errorf("the remote's branches = %q, want master alone", got)
	}
	// The advice works on a branch with no commit yet, as here.
	run(t, ws, "config", "branch.main.remote", "origin")
	run(t, ws, "config", "branch.main.merge", "refs/heads/master")
	if res, err := gitsync.Sync(context.Background(), ws, gitsync.Options{Host: "new"}); err != nil || res.RemoteBranch != "master" {
		t.Fatalf("Sync after following the advice = %v, %+v", err, res)
	}
	if read(t, ws, "memory/notes/db.md") == "" || !strings.Contains(run(t, bare, "ls-tree", "-r", "--name-only", "master"), "memory/notes/mine.md") {
		t.Errorf("after following the advice, the team's note or this machine's is missing")
	}

	ws = filepath.Join(t.TempDir(), "ws2")
	run(t, filepath.Dir(ws), "init", "-q", "-b", "main", ws)
	write(t, ws, "memory/notes/mine.md", "# Mine\n\nA new team.\n")
	empty := filepath.Join(t.TempDir(), "empty.git")
	run(t, filepath.Dir(empty), "init", "-q", "--bare", empty)
	run(t, ws, "remote", "add", "fresh", empty)
	if _, err := gitsync.Sync(context.Background(), ws, gitsync.Options{Host: "new", Remote: "fresh"}); err != nil {
		t.Errorf("first Sync to an empty remote = %v", err)
	}
	if got := run(t, empty, "for-each-ref", "--format=%(refname)", "refs/heads/"); got != "refs/heads/main" {
		t.Errorf("the empty remote's branches = %q, want main", got)
	}
}
