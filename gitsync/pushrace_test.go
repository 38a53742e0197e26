package gitsync_test

import (
	"context"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
	"github.com/memweave/memweave-go/internal/edithook"
)

// TestSyncRejectedReplayLeavesNoTrace: another machine pushes while a
// sync replays this machine's note onto the remote's. The replay was
// checked out before its push: rejected, the branch and the work tree
// had moved to a commit no machine would ever get, and the next round
// replayed that onto the new tip, after a fetch, a replay and a checkout
// again; a machine syncing in a loop, whose own syncs only pushed, won
// every such round and the other's sync failed ("the remote kept
// rejecting the push (5 attempts)", about 1 sync in 30 of two machines in
// tight loops). Now the replay is pushed first, and checked out once it
// is on the remote: every commit the branch held is this machine's own
// commit or one the remote holds.
func TestSyncRejectedReplayLeavesNoTrace(t *testing.T) {
	t.Parallel()
	a, b, c := threeClones(t)
	write(t, b, "memory/notes/b.md", "from b\n")
	sync(t, b, "b")
	write(t, a, "memory/notes/a.md", "from a\n")
	res, err := gitsync.Sync(pushAtFirstFetch(t, c), a, gitsync.Options{Host: "a"})
	if err != nil {
		t.Fatalf("Sync(a) = %v", err)
	}
	if res.Attempts != 2 || !res.Pushed {
		t.Errorf("Sync(a): %d attempts, pushed %v, want 2 attempts and a push", res.Attempts, res.Pushed)
	}
	tip := run(t, a, "rev-parse", "refs/remotes/origin/main")
	if head := run(t, a, "rev-parse", "HEAD"); head != tip {
		t.Errorf("a's HEAD %.12s, the remote's tip %.12s", head, tip)
	}
	// Each commit the branch moved to: the commit of a's note, or one the
	// remote holds.
	for _, line := range strings.Split(run(t, a, "reflog", "show", "--format=%H %gs", "refs/heads/main"), "\n") {
		id, why, _ := strings.Cut(line, " ")
		if why == "memweave sync: commit" {
			continue
		}
		if out := run(t, a, "branch", "-r", "--contains", id); !strings.Contains(out, "origin/main") {
			t.Errorf("a's branch moved to %.12s (%s), which the remote never got: %s", id, why, run(t, a, "log", "-1", "--format=%s", id))
		}
	}
	for p, want := range map[string]string{"memory/notes/a.md": "from a\n", "memory/notes/b.md": "from b\n", "memory/notes/c.md": "from c\n"} {
		if got := read(t, a, p); got != want {
			t.Errorf("a's %s = %q, want %q", p, got, want)
		}
	}
}

// TestSyncConflictInARejectedRoundIsReportedOnce: a note edited on both
// machines, and a third machine pushes while this one replays. The
// replay of the rejected round is dropped, its conflict with it: the
// sync reports the conflict once, the remote's version at the path and
// this machine's in the copy the result names, both on the remote.
func TestSyncConflictInARejectedRoundIsReportedOnce(t *testing.T) {
	t.Parallel()
	a, b, c := threeClones(t)
	write(t, b, "memory/notes/db.md", "# DB\n\nPostgres 17, from b.\n")
	sync(t, b, "b")
	write(t, a, "memory/notes/db.md", "# DB\n\nPostgres 18, from a.\n")
	res, err := gitsync.Sync(pushAtFirstFetch(t, c), a, gitsync.Options{Host: "a"})
	if err != nil {
		t.Fatalf("Sync(a) = %v", err)
	}
	if res.Attempts != 2 || len(res.Conflicts) != 1 {
		t.Fatalf("Sync(a): %d attempts, conflicts %+v; want 2 attempts and one conflict", res.Attempts, res.Conflicts)
	}
	cp := res.Conflicts[0].Copy
	sync(t, b, "b")
	for _, ws := range []string{a, b} {
		if got := read(t, ws, "memory/notes/db.md"); !strings.Contains(got, "from b") {
			t.Errorf("%s's db.md = %q, want the remote's version", ws, got)
		}
		if got := read(t, ws, cp); !strings.Contains(got, "from a") {
			t.Errorf("%s's %s = %q, want a's version", ws, cp, got)
		}
	}
	if n := strings.Count(run(t, a, "ls-files", "memory/notes"), ".conflict-"); n != 1 {
		t.Errorf("a has %d conflict copies:\n%s", n, run(t, a, "ls-files", "memory/notes"))
	}
}

// threeClones returns three synced clones, hosts a, b and c, of one new
// remote.
func threeClones(t *testing.T) (a, b, c string) {
	t.Helper()
	bare := remote(t)
	a, b, c = clone(t, bare, "a"), clone(t, bare, "b"), clone(t, bare, "c")
	for _, ws := range []string{a, b, c} {
		sync(t, ws, ws[strings.LastIndex(ws, "/")+1:])
	}
	return a, b, c
}

// pushAtFirstFetch returns a context under which the sync's first fetch
// is followed by clone c pushing a note (memory/notes/c.md), so that the
// sync's first push is rejected; later fetches do nothing.
func pushAtFirstFetch(t *testing.T, c string) context.Context {
	rounds := 0
	return edithook.WithStep(context.Background(), func(step string) {
		if step != "fetched" {
			return
		}
		if rounds++; rounds == 1 {
			write(t, c, "memory/notes/c.md", "from c\n")
			sync(t, c, "c")
		}
	})
}
