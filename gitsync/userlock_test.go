package gitsync_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestSyncWaitsOutAUsersBriefIndexLock: an editor's git integration
// (VS Code, on every file change) runs git status over and over, and git
// status takes the index's lock for a moment to refresh it. A sync whose
// git add, read-tree or write-tree came at such a moment failed ("Unable
// to create '.../index.lock': File exists"): 15 syncs in 25 beside a
// git status loop, with a note written each time. It waits for the lock
// to go, as for any lock a running git holds, and goes on. Here the
// first git add of the sync meets a lock that goes 300 ms later.
func TestSyncWaitsOutAUsersBriefIndexLock(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("a shell script as git")
	}
	real, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	_, _, b := pushedAndPending(t, map[string]string{"memory/notes/a.md": "from a\n"}, map[string]string{"memory/notes/b.md": "from b\n"})

	bin, once := t.TempDir(), filepath.Join(t.TempDir(), "once")
	lock := filepath.Join(b, ".git", "index.lock")
	shim := "#!/bin/sh\nfor a in \"$@\"; do [ \"$a\" = add ] && break; done\n" +
		"if [ \"$a\" = add ] && [ ! -e '" + once + "' ]; then : > '" + once + "'; : > '" + lock + "'; (sleep 0.3; rm -f '" + lock + "') & fi\n" +
		"exec '" + real + "' \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "git"), []byte(shim), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	res := sync(t, b, "b")
	if _, err := os.Stat(once); err != nil {
		t.Fatal("the user's git never took the lock: the test tests nothing")
	}
	if !res.Pushed || read(t, b, "memory/notes/a.md") != "from a\n" {
		t.Errorf("Sync(b) = %+v, want b's note pushed and a's brought", res)
	}
	if st := run(t, b, "status", "--porcelain", "--", "memory"); strings.TrimSpace(st) != "" {
		t.Errorf("git status after the sync:\n%s", st)
	}
}
