package gitsync_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncRefusalAfterAKilledFetch: a sync killed after its git fetch
// returned, before it checked what came (found by SIGKILL at its waitid
// calls), left refs/remotes/origin/main at the remote's commit, as the
// fetch moves it. When the next sync refused that commit (a symbolic
// link note), it put the tracking ref back to what it held before its
// own fetch: the refused commit, so a git merge or pull of origin/main
// took in what sync refused. It now goes back to the tip sync last
// checked.
func TestSyncRefusalAfterAKilledFetch(t *testing.T) {
	t.Parallel()
	bare, victim, attacker := syncedPair(t, "victim", "attacker")
	sync(t, victim, "victim")
	checked := gitIn(t, victim, nil, "rev-parse", "origin/main")
	fresh := clone(t, bare, "fresh") // its first sync is the one killed
	if err := os.Symlink("/etc/passwd", filepath.Join(attacker, "memory", "evil.md")); err != nil {
		t.Fatal(err)
	}
	gitIn(t, attacker, nil, "add", "-A")
	gitIn(t, attacker, nil, "commit", "-qm", "evil")
	gitIn(t, attacker, nil, "push", "-q", "origin", "main")
	bad := gitIn(t, attacker, nil, "rev-parse", "HEAD")

	for _, ws := range []string{victim, fresh} {
		// The killed sync's fetch: it moved origin/main, then the process died.
		gitIn(t, ws, nil, "fetch", "-q", "--no-tags", "origin", "+refs/heads/main:refs/worktree/memweave/incoming")
		if got := gitIn(t, ws, nil, "rev-parse", "origin/main"); got != bad {
			t.Fatalf("setup: origin/main = %.12s, want the fetched %.12s", got, bad)
		}
		if _, err := gitsync.Sync(context.Background(), ws, gitsync.Options{Host: filepath.Base(ws)}); err == nil {
			t.Fatal("Sync took in a symbolic link note")
		}
		if got := gitIn(t, ws, nil, "rev-parse", "origin/main"); got != checked {
			t.Errorf("%s: origin/main = %.12s after the refusal, want %.12s, the tip sync last checked or, in a clone never synced, the one it shares (the refused commit is %.12s)",
				filepath.Base(ws), got, checked, bad)
		}
	}
}
