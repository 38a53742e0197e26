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

// TestSyncGitCommandsByFamily bounds the git commands one sync of each
// kind of situation starts (a git on PATH logs them; git's own helpers,
// upload-pack or index-pack, are not on that PATH): each costs a
// process start, 10 to 40 ms on a loaded machine, and an agent may sync
// every turn. The bounds are the counts this commit measured, so a
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
