package gitsync_test

import (
	"context"
	"errors"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncRefusalPutsBackATrackingRefOfAnyName: the remote-tracking ref a
// fetch moves is the one the remote's fetch setting maps the branch to
// (remote.origin.fetch, here +refs/heads/*:refs/remotes/team/*), not
// always refs/remotes/origin/<branch>. A refused fetch must put that one
// back too, or a git merge of team/main takes in the refused commit.
func TestSyncRefusalPutsBackATrackingRefOfAnyName(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	victim, attacker := clone(t, bare, "victim"), clone(t, bare, "attacker")
	sync(t, victim, "victim")
	gitIn(t, victim, nil, "config", "--replace-all", "remote.origin.fetch", "+refs/heads/*:refs/remotes/team/*")
	gitIn(t, victim, nil, "config", "--add", "remote.origin.fetch", "+refs/heads/main:refs/mirror/main")
	gitIn(t, victim, nil, "fetch", "-q", "origin")
	team, mirror := gitIn(t, victim, nil, "rev-parse", "team/main"), gitIn(t, victim, nil, "rev-parse", "refs/mirror/main")

	tree := gitIn(t, attacker, nil, "write-tree")
	root := gitIn(t, attacker, []byte("new root\n"), "commit-tree", tree)
	gitIn(t, attacker, nil, "push", "-q", "--force", "origin", root+":refs/heads/main")

	_, err := gitsync.Sync(context.Background(), victim, gitsync.Options{Host: "victim"})
	if !errors.Is(err, gitsync.ErrRewritten) {
		t.Fatalf("Sync = %v, want %v", err, gitsync.ErrRewritten)
	}
	if got := gitIn(t, victim, nil, "rev-parse", "team/main"); got != team {
		t.Errorf("team/main = %.12s, want %.12s as before the refused fetch (the rewrite is %.12s)", got, team, root)
	}
	if got := gitIn(t, victim, nil, "rev-parse", "refs/mirror/main"); got != mirror {
		t.Errorf("refs/mirror/main = %.12s, want %.12s as before the refused fetch (the rewrite is %.12s)", got, mirror, root)
	}
}
