package gitsync_test

import (
	"strings"
	"testing"
)

// TestSyncCommitsNoTemporaryFileOfAnyBuild: the temporary files killed
// writes left, under the names older builds gave them (.NAME-RANDOM.tmp
// beside a file that is not a note, .memweave-settings-RANDOM.tmp) and
// under today's beside memweave.json, are never committed: they are
// half-written copies, which every machine would get.
func TestSyncCommitsNoTemporaryFileOfAnyBuild(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	a := clone(t, bare, "a")
	write(t, a, "memory/notes/a.md", "only on a\n")
	write(t, a, "memweave.json", "{}\n")
	for _, p := range []string{
		"memory/notes/.diagram.png-4123987.tmp",
		".memweave.json-123456.tmp",
		".memweave-settings-55.tmp",
		".memweave-write-memweave.json-98765.tmp",
	} {
		write(t, a, p, "half a file")
	}
	sync(t, a, "a")
	got := run(t, a, "ls-tree", "-r", "--name-only", "HEAD")
	if strings.Contains(got, ".tmp") || !strings.Contains(got, "memory/notes/a.md") || !strings.Contains(got, "memweave.json") {
		t.Errorf("HEAD holds %q, want a.md, memweave.json and no temporary file", got)
	}
}

// TestSyncRemovesItsKilledAttributesWrite: a sync killed while it wrote
// .gitattributes (strace inject=fsync:signal=SIGKILL:when=3) left its
// whole temporary copy, .memweave-write-.gitattributes-N.tmp, at the top
// of the workspace; sync never committed it, and nothing removed it, so
// git status listed it for good. Sync, which writes .gitattributes under
// the write lock alone, removes it now.
func TestSyncRemovesItsKilledAttributesWrite(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	a := clone(t, bare, "a")
	write(t, a, "memory/notes/a.md", "only on a\n")
	write(t, a, ".memweave-write-.gitattributes-2734372845.tmp", "memory/**/[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9].md merge=union\n")
	write(t, a, ".memweave-write-.gitattributes-x-1.tmp", "someone's own\n")
	sync(t, a, "a")
	if got := run(t, a, "status", "--porcelain", "--untracked-files=all"); got != "?? .memweave-write-.gitattributes-x-1.tmp" {
		t.Errorf("git status after sync = %q, want only the file that is no leftover of sync's", got)
	}
}
