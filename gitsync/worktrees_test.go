package gitsync_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	gosync "sync"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncInTwoWorktreesKeepsWhatEachFetched: two git worktrees of one
// repository, each syncing its own branch. A sync in the other worktree
// fetching between this sync's fetch and its reading of what arrived
// (simulated by a git on PATH that runs that fetch right after this
// one, into the ref this one named) must not make this sync take in,
// and push to its own remote branch, the other branch's notes; and the
// linked worktree syncs its own branch.
func TestSyncInTwoWorktreesKeepsWhatEachFetched(t *testing.T) {
	bare := remote(t)
	seed := filepath.Join(filepath.Dir(bare), "seed")
	run(t, seed, "checkout", "-q", "-b", "other")
	write(t, seed, "memory/notes/other.md", "# Other\n\nOnly on the other branch.\n")
	run(t, seed, "add", "-A")
	run(t, seed, "commit", "-qm", "other")
	run(t, seed, "push", "-q", "origin", "other")

	a := clone(t, bare, "a")
	b := filepath.Join(filepath.Dir(a), "b")
	run(t, a, "worktree", "add", "-q", "--track", "-b", "other", b, "origin/other")

	real, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	bin := t.TempDir()
	script := `#!/bin/sh
"` + real + `" "$@"; rc=$?
if [ -z "$MW_TEST_INNER" ]; then
	for arg in "$@"; do
		case "$arg" in +refs/heads/main:*) ref=${arg#*:};; esac
	done
	if [ -n "$ref" ]; then
		MW_TEST_INNER=1 "` + real + `" -C "` + b + `" fetch -q --no-tags --no-write-fetch-head origin "+refs/heads/other:$ref"
	fi
fi
exit $rc
`
	if err := os.WriteFile(filepath.Join(bin, "git"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))

	write(t, a, "memory/notes/a.md", "from a\n")
	sync(t, a, "a")
	if _, err := os.Stat(filepath.Join(a, "memory/notes/other.md")); err == nil {
		t.Errorf("worktree a (branch main) holds memory/notes/other.md: its sync took in the other worktree's fetch")
	}
	if got := run(t, bare, "ls-tree", "-r", "--name-only", "refs/heads/main", "--", "memory/notes"); strings.Contains(got, "other.md") || !strings.Contains(got, "a.md") {
		t.Errorf("origin/main holds %q; want a's note and not the other branch's", got)
	}

	// The linked worktree syncs its own branch, with its own ref.
	write(t, b, "memory/notes/b.md", "from b\n")
	sync(t, b, "b")
	if got := run(t, bare, "ls-tree", "-r", "--name-only", "refs/heads/other", "--", "memory/notes"); !strings.Contains(got, "b.md") || strings.Contains(got, "a.md") {
		t.Errorf("origin/other holds %q; want b's note and not a's", got)
	}
}

// TestSyncTwoWorktreesAtOnce: two git worktrees of one repository are two
// workspaces, each with its own sync lock (.memweave/ is in each work
// tree), running marker (git's per-worktree folder), git index and HEAD;
// they share the objects, packed-refs and the refs. Syncs of both at
// once, each of its own branch, all succeed, and each remote branch gets
// its own worktree's notes only.
func TestSyncTwoWorktreesAtOnce(t *testing.T) {
	bare := remote(t)
	seed := filepath.Join(filepath.Dir(bare), "seed")
	run(t, seed, "push", "-q", "origin", "main:other")
	a := clone(t, bare, "a")
	b := filepath.Join(filepath.Dir(a), "b")
	run(t, a, "worktree", "add", "-q", "--track", "-b", "other", b, "origin/other")
	for round := range 3 {
		errs := make([]error, 2)
		var wg gosync.WaitGroup
		for i, ws := range []string{a, b} {
			write(t, ws, fmt.Sprintf("memory/%s%d.md", filepath.Base(ws), round), "from "+filepath.Base(ws)+"\n")
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = gitsync.Sync(context.Background(), ws, gitsync.Options{Host: filepath.Base(ws)})
			}()
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Errorf("round %d: Sync(%s) = %v", round, []string{"a", "b"}[i], err)
			}
		}
	}
	for branch, want := range map[string]string{"main": "memory/a2.md", "other": "memory/b2.md"} {
		got := run(t, bare, "ls-tree", "-r", "--name-only", branch, "--", "memory")
		if !strings.Contains(got, want) || strings.Contains(got, "memory/"+map[string]string{"main": "b", "other": "a"}[branch]) {
			t.Errorf("origin/%s holds %q, want %s and none of the other worktree's", branch, got, want)
		}
	}
}
