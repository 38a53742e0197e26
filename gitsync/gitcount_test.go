package gitsync_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSyncRunsFewGitCommands: each git process sync starts costs a few
// milliseconds, and a sync with nothing to do ran 33 of them (the config
// read key by key, each ref resolved alone, the same git paths and merge
// bases asked twice, git's maintenance after every fetch), one that
// pushes an edit 50. A git on PATH that logs its calls counts them: at
// most 16 and 29 now (docs/team.md has the counts with git's own helpers).
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
	calls("with nothing to do", 16)
	write(t, a, "memory/notes/db.md", "# DB\n\nPostgres 17.\n")
	if res := sync(t, a, "a"); !res.Pushed {
		t.Fatalf("Sync with an edit pushed nothing")
	}
	calls("that pushes an edit", 29)
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
