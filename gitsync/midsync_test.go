package gitsync_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
	"github.com/memweave/memweave-go/internal/edithook"
)

// TestSyncRecreatesNoBranchRenamedDuringIt: the team renames (or
// deletes) the remote's branch between this sync's fetch and its push.
// The push named the branch without saying what it expected there, so
// it made main again beside trunk, from this machine's history: the
// machines that followed the rename never saw this machine's notes, nor
// those that stayed on main the others' (two memories, every sync
// succeeding). The push now holds only while the branch is at the commit
// fetched; here it is rejected, and the next round finds the branch gone
// and says where it went, as a sync started after the rename does.
func TestSyncRecreatesNoBranchRenamedDuringIt(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, after string }{
		{"renamed", "trunk"},
		{"deleted", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bare := remote(t)
			a, b := clone(t, bare, "a"), clone(t, bare, "b")
			sync(t, a, "a")
			write(t, b, "memory/notes/b.md", "from b\n")
			sync(t, b, "b")
			write(t, a, "memory/notes/a.md", "from a\n")
			first := true
			ctx := edithook.WithStep(context.Background(), func(step string) {
				if step != "fetched" || !first {
					return
				}
				first = false
				if tc.after != "" {
					run(t, bare, "branch", "-m", "main", tc.after)
				} else {
					run(t, bare, "update-ref", "-d", "refs/heads/main")
				}
			})
			_, err := gitsync.Sync(ctx, a, gitsync.Options{Host: "a"})
			if heads := run(t, bare, "for-each-ref", "--format=%(refname)", "refs/heads/"); strings.Contains(heads, "refs/heads/main") {
				t.Fatalf("Sync = %v; the remote has main again:\n%s", err, heads)
			}
			if !errors.Is(err, gitsync.ErrRewritten) || !strings.Contains(err.Error(), "gone") || !strings.Contains(err.Error(), tc.after) {
				t.Fatalf("Sync = %v, want %v saying the branch is gone (and naming %q)", err, gitsync.ErrRewritten, tc.after)
			}
			if got := read(t, a, "memory/notes/a.md"); got != "from a\n" {
				t.Errorf("a's note = %q", got)
			}
		})
	}
}

// TestSyncRestoresNoCommitPurgedDuringIt: the team force-pushes the
// remote's branch back to before a commit (a note pushed by mistake,
// purged) between this sync's fetch and its push. This machine's
// replay holds that commit and fast-forwards the rolled-back branch:
// the plain push succeeded and put the purged note back on every
// machine. The lease refuses it; the next round sees the rewrite.
func TestSyncRestoresNoCommitPurgedDuringIt(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	a, b := clone(t, bare, "a"), clone(t, bare, "b")
	sync(t, a, "a")
	before := run(t, bare, "rev-parse", "main")
	write(t, b, "memory/notes/secret.md", "password: hunter2\n")
	sync(t, b, "b")
	write(t, a, "memory/notes/a.md", "from a\n")
	first := true
	ctx := edithook.WithStep(context.Background(), func(step string) {
		if step == "fetched" && first {
			first = false
			run(t, bare, "update-ref", "refs/heads/main", before)
		}
	})
	_, err := gitsync.Sync(ctx, a, gitsync.Options{Host: "a"})
	if out := run(t, bare, "ls-tree", "-r", "--name-only", "main"); strings.Contains(out, "secret.md") {
		t.Fatalf("Sync = %v; the purged note is on the remote again:\n%s", err, out)
	}
	if !errors.Is(err, gitsync.ErrRewritten) {
		t.Fatalf("Sync = %v, want %v", err, gitsync.ErrRewritten)
	}
}
