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

// TestSyncGitCommandsByFamily bounds the git commands one sync of each
// kind of situation starts (a git on PATH logs them; git's own helpers,
// upload-pack or index-pack, are not on that PATH): each costs a
// process start, and an agent may sync every turn. The bounds are the counts this commit measured, so a
// change that adds a call back fails here, naming the family and listing
// its calls; docs/team.md has the counts before and after, with git's
// helpers (GIT_TRACE). Not parallel: t.Setenv.
func TestSyncGitCommandsByFamily(t *testing.T) {
	real, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	type family struct {
		name string
		most int
		// setup prepares a and b, clones of bare both synced with it,
		// for the sync of a that is counted.
		setup func(t *testing.T, bare, a, b string)
		check func(t *testing.T, res *gitsync.Result)
	}
	pushed := func(t *testing.T, res *gitsync.Result) {
		if !res.Pushed {
			t.Errorf("Sync pushed nothing")
		}
	}
	for _, f := range []family{
		{"nothing changed anywhere", 14, nil, func(t *testing.T, res *gitsync.Result) {
			if res.Pushed || res.Committed != "" || len(res.Changed) > 0 {
				t.Errorf("Sync = %+v, want nothing done", res)
			}
		}},
		{"local edit only", 24, func(t *testing.T, bare, a, b string) {
			write(t, a, "memory/notes/db.md", "# DB\n\nPostgres 17.\n")
		}, pushed},
		{"local deletion only", 23, func(t *testing.T, bare, a, b string) {
			write(t, a, "memory/notes/other.md", "other\n")
			sync(t, a, "a")
			os.Remove(filepath.Join(a, "memory/notes/other.md"))
		}, pushed},
		{"remote change only", 27, func(t *testing.T, bare, a, b string) {
			write(t, b, "memory/notes/b.md", "from b\n")
			sync(t, b, "b")
		}, func(t *testing.T, res *gitsync.Result) {
			if res.Pushed || len(res.Changed) != 1 {
				t.Errorf("Sync = pushed %v, changed %v; want b's note brought in alone", res.Pushed, res.Changed)
			}
		}},
		{"both changed, clean merge", 42, func(t *testing.T, bare, a, b string) {
			write(t, b, "memory/notes/b.md", "from b\n")
			sync(t, b, "b")
			write(t, a, "memory/notes/a.md", "from a\n")
		}, pushed},
		{"both appended to a dated log", 43, func(t *testing.T, bare, a, b string) {
			write(t, a, "memory/2026-03-14.md", "- first\n")
			sync(t, a, "a")
			sync(t, b, "b")
			write(t, b, "memory/2026-03-14.md", "- first\n- from b\n")
			sync(t, b, "b")
			write(t, a, "memory/2026-03-14.md", "- first\n- from a\n")
		}, pushed},
		{"conflict", 48, func(t *testing.T, bare, a, b string) {
			write(t, b, "memory/notes/db.md", "# DB\n\nPostgres 17, from b.\n")
			sync(t, b, "b")
			write(t, a, "memory/notes/db.md", "# DB\n\nMySQL, from a.\n")
		}, func(t *testing.T, res *gitsync.Result) {
			if !res.Pushed || len(res.Conflicts) != 1 {
				t.Errorf("Sync = pushed %v, conflicts %v; want one conflict, pushed", res.Pushed, res.Conflicts)
			}
		}},
		{"after a kill mid-sync", 14, func(t *testing.T, bare, a, b string) {
			if err := gitsync.StartKilledSync(context.Background(), a, gitsync.Options{Host: "a"}); err != nil {
				t.Fatal(err)
			}
		}, nil},
	} {
		t.Run(f.name, func(t *testing.T) {
			bare := remote(t)
			a, b := clone(t, bare, "a"), clone(t, bare, "b")
			sync(t, a, "a")
			sync(t, b, "b")
			sync(t, a, "a") // b's first sync pushed what it brings to a
			if f.setup != nil {
				f.setup(t, bare, a, b)
			}
			res, calls := countedSync(t, real, a, "a")
			if f.check != nil {
				f.check(t, res)
			}
			if n := strings.Count(calls, "\n"); n > f.most {
				t.Errorf("a sync (%s) ran %d git commands, want at most %d:\n%s", f.name, n, f.most, calls)
			}
		})
	}
	t.Run("first sync to an empty remote", func(t *testing.T) {
		dir := t.TempDir()
		run(t, dir, "init", "-q", "--bare", "-b", "main", "empty.git")
		a := clone(t, filepath.Join(dir, "empty.git"), "a")
		write(t, a, "memory/notes/db.md", "# DB\n")
		res, calls := countedSync(t, real, a, "a")
		if !res.Pushed {
			t.Errorf("Sync pushed nothing")
		}
		if n := strings.Count(calls, "\n"); n > 26 {
			t.Errorf("a sync to an empty remote ran %d git commands, want at most 26:\n%s", n, calls)
		}
	})
	t.Run("first sync of a clone", func(t *testing.T) {
		bare := remote(t)
		a := clone(t, bare, "a")
		if _, calls := countedSync(t, real, a, "a"); strings.Count(calls, "\n") > 26 {
			t.Errorf("a clone's first sync ran %d git commands, want at most 26:\n%s", strings.Count(calls, "\n"), calls)
		}
	})
}

// countedSync syncs root as host through a git on PATH that logs its
// calls, and returns the sync's result and the calls, a line each. With
// GITSYNC_TEST_TRACE set to a folder, git's trace of the sync (its
// helpers too) goes to a file there named for the test.
func countedSync(t *testing.T, real, root, host string) (*gitsync.Result, string) {
	t.Helper()
	log := logGit(t, real)
	if dir := os.Getenv("GITSYNC_TEST_TRACE"); dir != "" {
		t.Setenv("GIT_TRACE", filepath.Join(dir, strings.NewReplacer("/", "_", " ", "_", ",", "").Replace(t.Name())))
	}
	res := sync(t, root, host)
	data, _ := os.ReadFile(log)
	t.Logf("%d git commands", strings.Count(string(data), "\n"))
	return res, string(data)
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
