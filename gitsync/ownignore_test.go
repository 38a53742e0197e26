package gitsync_test

import (
	"strings"
	"testing"
)

// TestSyncLeavesGitStatusClean: a sync in a clone that has no index
// folder yet (a workspace whose index is elsewhere, --db, or whose
// .memweave was removed) creates .memweave for its locks and state;
// that folder must not show up as untracked in the user's git status,
// where a `git add -A` would commit it.
func TestSyncLeavesGitStatusClean(t *testing.T) {
	t.Parallel()
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

// TestSyncCommitsNoLeftTemporaryFile: a process killed between writing
// its temporary file and renaming it leaves the file beside the note (a
// file that is not a note, which sync writes with memfile.WriteAtomic, or
// a note on another file system than memory/). Sync must not commit it,
// which would push the half-written copy to every machine.
func TestSyncCommitsNoLeftTemporaryFile(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	a := clone(t, bare, "a")
	write(t, a, "memory/notes/a.md", "only on a\n")
	write(t, a, "memory/notes/.memweave-write-diagram.png-4123.tmp", "half a png")
	write(t, a, "memory/.memweave-write-0f1e2d3c.tmp", "half a note")
	sync(t, a, "a")
	got := run(t, a, "ls-tree", "-r", "--name-only", "HEAD", "memory")
	if strings.Contains(got, ".tmp") || !strings.Contains(got, "memory/notes/a.md") {
		t.Errorf("HEAD holds %q, want a.md and no temporary file", got)
	}
}
