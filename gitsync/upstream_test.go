package gitsync_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncFollowsTheConfiguredUpstream: a branch whose upstream is
// another remote's branch of another name (git branch -u team/shared)
// syncs with that branch: it brings that branch's notes, pushes there
// and nowhere else, and says so in its result and status.
func TestSyncFollowsTheConfiguredUpstream(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	seed := filepath.Join(filepath.Dir(bare), "seed")
	team := filepath.Join(t.TempDir(), "team.git")
	run(t, seed, "init", "-q", "--bare", team)
	write(t, seed, "memory/notes/team.md", "# Team\n\nOnly on the shared branch.\n")
	run(t, seed, "add", "-A")
	run(t, seed, "commit", "-qm", "team")
	run(t, seed, "push", "-q", team, "HEAD:refs/heads/shared")

	a := clone(t, bare, "a")
	run(t, a, "remote", "add", "team", team)
	run(t, a, "fetch", "-q", "team")
	run(t, a, "branch", "-q", "--set-upstream-to=team/shared")
	originMain := run(t, bare, "rev-parse", "refs/heads/main")

	write(t, a, "memory/notes/a.md", "from a\n")
	res := sync(t, a, "a")
	if _, err := os.Stat(filepath.Join(a, "memory/notes/team.md")); err != nil {
		t.Errorf("the upstream's note did not arrive: %v", err)
	}
	if got := run(t, team, "ls-tree", "-r", "--name-only", "refs/heads/shared", "--", "memory/notes/a.md"); got != "memory/notes/a.md" {
		t.Errorf("team/shared lacks a's note (ls-tree: %q); want it pushed to the upstream", got)
	}
	if got := run(t, bare, "rev-parse", "refs/heads/main"); got != originMain {
		t.Errorf("origin/main moved to %s; sync pushed to a branch that is not the upstream", got)
	}
	if got := run(t, team, "for-each-ref", "--format=%(refname)"); got != "refs/heads/shared" {
		t.Errorf("team's branches = %q, want only refs/heads/shared", got)
	}
	if res.Remote != "team" || res.RemoteBranch != "shared" || !res.Pushed {
		t.Errorf("Sync = remote %q, branch %q, pushed %v; want team, shared, pushed", res.Remote, res.RemoteBranch, res.Pushed)
	}
	st, err := gitsync.ReadStatus(context.Background(), a, gitsync.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if st.Remote != "team" || st.RemoteBranch != "shared" || st.Branch != "main" || st.Ahead != 0 || st.Behind != 0 {
		t.Errorf("ReadStatus = %s/%s (local %s), %d ahead, %d behind; want team/shared, main, 0, 0",
			st.Remote, st.RemoteBranch, st.Branch, st.Ahead, st.Behind)
	}

	// --remote origin: origin's branch of the same name, as before.
	write(t, a, "memory/notes/b.md", "from a, to origin\n")
	res, err = gitsync.Sync(context.Background(), a, gitsync.Options{Host: "a", Remote: "origin"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Remote != "origin" || res.RemoteBranch != "main" {
		t.Errorf("Sync(--remote origin) = %s/%s, want origin/main", res.Remote, res.RemoteBranch)
	}
}

// TestSyncRefusesARewriteSeenBeforeItsRefMoved: a workspace whose last
// accepted tip sits in the ref earlier versions kept (refs/memweave/remote)
// still refuses a rewritten history, even after a plain git fetch moved
// origin/main to it.
func TestSyncRefusesARewriteSeenBeforeItsRefMoved(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	victim, attacker := clone(t, bare, "victim"), clone(t, bare, "attacker")
	sync(t, victim, "victim")
	tip := run(t, victim, "rev-parse", "refs/memweave/remotes/origin/main")
	run(t, victim, "update-ref", "refs/memweave/remote", tip)
	run(t, victim, "update-ref", "-d", "refs/memweave/remotes/origin/main")
	write(t, attacker, "memory/other.md", "new root\n")
	run(t, attacker, "add", "-A")
	tree := run(t, attacker, "write-tree")
	c := run(t, attacker, "commit-tree", "-m", "new root", tree)
	run(t, attacker, "push", "-q", "--force", "origin", c+":refs/heads/main")
	run(t, victim, "fetch", "-q", "origin")
	_, err := gitsync.Sync(context.Background(), victim, gitsync.Options{Host: "victim"})
	if !errors.Is(err, gitsync.ErrRewritten) {
		t.Fatalf("Sync after a rewrite = %v, want ErrRewritten", err)
	}
}

// TestSyncNamesTheUpstreamSettingItCannotUse: an upstream whose remote is
// a URL, or a remote that is gone, stops the sync with an error naming
// the setting it came from, and no secret of the URL.
func TestSyncNamesTheUpstreamSettingItCannotUse(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	a := clone(t, bare, "a")
	for _, r := range []string{"https://user:S3CRET@example.com/team.git", "gone"} {
		run(t, a, "config", "branch.main.remote", r)
		_, err := gitsync.Sync(context.Background(), a, gitsync.Options{Host: "a"})
		if !errors.Is(err, gitsync.ErrNoRemote) || !strings.Contains(err.Error(), "branch.main.remote") || strings.Contains(err.Error(), "S3CRET") {
			t.Errorf("Sync with branch.main.remote = %s: %v; want ErrNoRemote naming branch.main.remote, without the password", r, err)
		}
	}
}
