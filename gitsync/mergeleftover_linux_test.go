package gitsync_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSyncRemovesAKilledMergesFolder: a sync killed while its git
// merge-tree ran (kill -9 at any moment of a merge: mcp --sync-every
// stopped by a supervisor, a laptop's shell closed) left the folder
// merge-tree ran in, .memweave/sync-attributes-N with its attributes and
// git directory, and no later sync removed it: one more folder for every
// such kill (seen killing syncs of two clones at random). The next sync,
// under the sync lock that every sync holds, removes them.
func TestSyncRemovesAKilledMergesFolder(t *testing.T) {
	t.Parallel()
	real, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	_, _, b := pushedAndPending(t, map[string]string{"memory/notes/a.md": "from a\n"}, map[string]string{"memory/notes/b.md": "from b\n"})

	// b's sync, killed by a git on PATH as soon as its merge-tree is done.
	if out := syncThroughShim(t, b, "'"+real+"' \"$@\"; rc=$?\n"+
		"case \" $* \" in *' merge-tree '*) kill -9 $PPID;; esac\nexit $rc\n"); strings.Contains(out, "sync finished:") {
		t.Fatalf("the sync was not killed at its merge:\n%s", out)
	}
	left, _ := filepath.Glob(filepath.Join(b, ".memweave", "sync-attributes-*"))
	if len(left) == 0 {
		t.Fatal("the sync killed at its merge left no merge folder: this test no longer kills it there")
	}

	sync(t, b, "b")
	if got := read(t, b, "memory/notes/a.md"); got != "from a\n" {
		t.Fatalf("b: a.md = %q after the next sync, want a's note", got)
	}
	for _, p := range left {
		if _, err := os.Lstat(p); err == nil {
			t.Errorf("the killed sync's %s is still there after the next sync's merge", filepath.Base(p))
		}
	}
}
