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
