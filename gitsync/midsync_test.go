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
