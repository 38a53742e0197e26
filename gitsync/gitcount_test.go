package gitsync_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncRunsFewGitCommands: each git process sync starts costs a few
// milliseconds, and a sync with nothing to do ran 33 of them (the config
// read key by key, each ref resolved alone, the same git paths and merge
// bases asked twice, git's maintenance after every fetch), one that
// pushes an edit 50, later 16 and 29. A git on PATH that logs its calls
// counts them: at most 14 and 24 now (docs/team.md has the counts with
// git's own helpers; TestSyncGitCommandsByFamily bounds other families).
func TestSyncRunsFewGitCommands(t *testing.T) {
	real, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	bare := remote(t)
	a := clone(t, bare, "a")
	sync(t, a, "a")
	sync(t, a, "a")
	log := logGit(t, real)
	calls := func(what string, most int) {
		t.Helper()
		data, _ := os.ReadFile(log)
		os.Remove(log)
		n := strings.Count(string(data), "\n")
		t.Logf("a sync %s: %d git commands", what, n)
		if n > most {
			t.Errorf("a sync %s ran %d git commands, want at most %d:\n%s", what, n, most, data)
		}
	}
	sync(t, a, "a")
	calls("with nothing to do", 14)
	write(t, a, "memory/notes/db.md", "# DB\n\nPostgres 17.\n")
	if res := sync(t, a, "a"); !res.Pushed {
		t.Fatalf("Sync with an edit pushed nothing")
	}
	calls("that pushes an edit", 24)
}

// TestStatusRunsFewGitCommands: a fresh memweave status of a synced
// workspace ran 7 git processes (8 before its first sync), about two
// thirds of the command's CPU, two or three of them to resolve HEAD and
// the remote's refs one at a time; one cat-file resolves them now: at
// most 6.
func TestStatusRunsFewGitCommands(t *testing.T) {
	real, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	bare := remote(t)
	a := clone(t, bare, "a")
	write(t, a, "memory/notes/db.md", "# DB\n\nPostgres 17.\n")
	sync(t, a, "a")
	log := logGit(t, real)
	st, err := gitsync.ReadStatus(context.Background(), a, gitsync.Options{})
	if err != nil {
		t.Fatalf("ReadStatus: %v", err)
	}
	if st.Head == "" || st.RemoteTip != st.Head || st.Ahead != 0 || st.Behind != 0 {
		t.Errorf("ReadStatus = head %q, remote tip %q, %d ahead, %d behind; want one commit, on both, 0 and 0", st.Head, st.RemoteTip, st.Ahead, st.Behind)
	}
	data, _ := os.ReadFile(log)
	if n := strings.Count(string(data), "\n"); n > 6 {
		t.Errorf("ReadStatus ran %d git commands, want at most 6:\n%s", n, data)
	}
}

// logGit puts first on PATH a git that appends its arguments to the file
// it returns, a line a call, and runs real. The test must not be
// parallel (t.Setenv).
func logGit(t *testing.T, real string) string {
	t.Helper()
	bin, log := t.TempDir(), filepath.Join(t.TempDir(), "calls")
	shim := "#!/bin/sh\necho \"$*\" >> '" + log + "'\nexec '" + real + "' \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "git"), []byte(shim), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	return log
}
