package gitsync_test

import (
	"testing"
)

// TestSyncLeavesGitStatusClean: a sync in a clone that has no index
// folder yet (a workspace whose index is elsewhere, --db, or whose
// .memweave was removed) creates .memweave for its locks and state;
// that folder must not show up as untracked in the user's git status,
// where a `git add -A` would commit it.
func TestSyncLeavesGitStatusClean(t *testing.T) {
	bare := remote(t)
	a := clone(t, bare, "a")
	write(t, a, "memory/notes/a.md", "only on a\n")
	sync(t, a, "a")
	if got := run(t, a, "status", "--porcelain", "--untracked-files=all"); got != "" {
		t.Errorf("git status after Sync = %q, want clean", got)
	}
	if got := run(t, a, "check-ignore", ".memweave/sync.json", ".memweave/sync-checkout"); got != ".memweave/sync.json\n.memweave/sync-checkout" {
		t.Errorf("git check-ignore = %q, want both of sync's own files ignored", got)
	}
}
