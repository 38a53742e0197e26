package gitsync_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncRefusalKeepsAnotherFetch: a sync that refuses what it fetched
// puts back the remote-tracking ref that fetch moved to the refused
// commit, and only that one. Another worktree of the repository fetching
// another branch meanwhile (here right before sync's own fetch, by
// a git on PATH) moves
// refs/remotes/origin/other; sync used to roll it back with the rest.
func TestSyncRefusalKeepsAnotherFetch(t *testing.T) {
	bare := remote(t)
	victim, attacker := clone(t, bare, "victim"), clone(t, bare, "attacker")
	sync(t, victim, "victim")
	gitIn(t, attacker, nil, "push", "-q", "origin", "main:refs/heads/other")
	gitIn(t, victim, nil, "fetch", "-q", "origin")
	main, other := gitIn(t, victim, nil, "rev-parse", "origin/main"), gitIn(t, victim, nil, "rev-parse", "origin/other")

	// The other branch moves on; main's history is rewritten.
	write(t, attacker, "memory/other.md", "on the other branch\n")
	gitIn(t, attacker, nil, "add", "-A")
	gitIn(t, attacker, nil, "commit", "-qm", "other")
	gitIn(t, attacker, nil, "push", "-q", "origin", "HEAD:refs/heads/other")
	moved := gitIn(t, attacker, nil, "rev-parse", "HEAD")
	tree := gitIn(t, attacker, nil, "write-tree")
	root := gitIn(t, attacker, []byte("new root\n"), "commit-tree", tree)
	gitIn(t, attacker, nil, "push", "-q", "--force", "origin", root+":refs/heads/main")

	wt := filepath.Join(t.TempDir(), "wt")
	gitIn(t, victim, nil, "worktree", "add", "-q", "--detach", wt)
	// A git on PATH: sync's fetch (into its incoming ref), once sync has
	// read the remote-tracking refs, first runs the other worktree's. That
	// fetch is another process's, without the environment that keeps
	// sync's own git commands but its fetches off the network.
	real, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	bin := t.TempDir()
	body := "#!/bin/sh\n" +
		"case \"$*\" in *refs/worktree/memweave/incoming*) [ -z \"$OTHER_FETCHED\" ] && env -u GIT_ALLOW_PROTOCOL -u GIT_NO_LAZY_FETCH OTHER_FETCHED=1 '" + real + "' -C '" + wt + "' " +
		"fetch -q --no-tags origin +refs/heads/other:refs/remotes/origin/other >&2 || exit 1;; esac\n" +
		"exec '" + real + "' \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "git"), []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))

	_, err = gitsync.Sync(context.Background(), victim, gitsync.Options{Host: "victim"})
	if !errors.Is(err, gitsync.ErrRewritten) {
		t.Fatalf("Sync = %v, want %v", err, gitsync.ErrRewritten)
	}
	if got := gitIn(t, victim, nil, "rev-parse", "origin/main"); got != main {
		t.Errorf("origin/main = %.12s, want %.12s as before the refused fetch (the rewrite is %.12s)", got, main, root)
	}
	if got := gitIn(t, victim, nil, "rev-parse", "origin/other"); got != moved {
		t.Errorf("origin/other = %.12s, want %.12s, where the other worktree's fetch put it (it was %.12s)", got, moved, other)
	}
}

// TestSyncRefusalPutsBackATagFetched: a hostile remote's branch may name
// an annotated tag of the refused commit rather than the commit itself
// (a server writes its refs as it likes). The fetch moves
// refs/remotes/origin/main to that tag, which is not the commit sync
// refused; it must still go back, or a git merge of origin/main takes in
// the refused commit, and the next sync of a clone not yet synced (whose
// check reads that ref) takes the rewrite as new commits.
func TestSyncRefusalPutsBackATagFetched(t *testing.T) {
	bare := remote(t)
	victim, attacker := clone(t, bare, "victim"), clone(t, bare, "attacker")
	main := gitIn(t, victim, nil, "rev-parse", "origin/main")

	tree := gitIn(t, attacker, nil, "write-tree")
	root := gitIn(t, attacker, []byte("new root\n"), "commit-tree", tree)
	gitIn(t, attacker, nil, "tag", "-a", "-m", "rewrite", "rewrite", root)
	gitIn(t, attacker, nil, "push", "-q", "origin", "refs/tags/rewrite")
	tag := gitIn(t, attacker, nil, "rev-parse", "rewrite")
	// git refuses a tag at a branch; the remote's server need not.
	gitIn(t, bare, nil, "pack-refs", "--all")
	if err := os.WriteFile(filepath.Join(bare, "refs", "heads", "main"), []byte(tag+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	for i := range 2 {
		_, err := gitsync.Sync(context.Background(), victim, gitsync.Options{Host: "victim"})
		if !errors.Is(err, gitsync.ErrRewritten) {
			t.Fatalf("sync %d = %v, want %v", i+1, err, gitsync.ErrRewritten)
		}
		if got := gitIn(t, victim, nil, "rev-parse", "origin/main"); got != main {
			t.Fatalf("after sync %d, origin/main = %.12s, want %.12s as before the refused fetch (the tag of the rewrite is %.12s)", i+1, got, main, tag)
		}
	}
}

// TestSyncRefusalOfNoCommitPutsBackTracking: a hostile remote's branch
// may name no commit at all (a tree). Sync refuses it, and leaves the
// remote-tracking ref as it was, not at the tree its fetch brought.
func TestSyncRefusalOfNoCommitPutsBackTracking(t *testing.T) {
	bare := remote(t)
	victim := clone(t, bare, "victim")
	sync(t, victim, "victim")
	main := gitIn(t, victim, nil, "rev-parse", "origin/main")
	tree := gitIn(t, bare, nil, "rev-parse", "main^{tree}")
	gitIn(t, bare, nil, "pack-refs", "--all")
	if err := os.WriteFile(filepath.Join(bare, "refs", "heads", "main"), []byte(tree+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := gitsync.Sync(context.Background(), victim, gitsync.Options{Host: "victim"}); err == nil || !strings.Contains(err.Error(), "branch main names no commit") {
		t.Fatalf("Sync of a branch naming a tree = %v, want it refused, naming the branch", err)
	}
	if got := gitIn(t, victim, nil, "rev-parse", "origin/main"); got != main {
		t.Errorf("origin/main = %.12s, want %.12s as before the refused fetch (the tree is %.12s)", got, main, tree)
	}
}
