package gitsync_test

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSyncRemovesOnlyItsOwnMergeFolders: before its merge, a sync
// removes the merge folders killed syncs left in .memweave, found with
// a glob built from the workspace's path: in a workspace "b[x]" the
// brackets were a pattern, and the sync removed the merge folder of the
// workspace "bx" beside it (a running sync's, say) and none of its own.
func TestSyncRemovesOnlyItsOwnMergeFolders(t *testing.T) {
	t.Parallel()
	_, _, b := pushedAndPending(t, map[string]string{"memory/notes/a.md": "from a\n"}, map[string]string{"memory/notes/b.md": "from b\n"})
	odd := filepath.Join(filepath.Dir(b), "b[x]")
	if err := os.Rename(b, odd); err != nil {
		t.Fatal(err)
	}
	theirs := filepath.Join(filepath.Dir(b), "bx", ".memweave", "sync-attributes-1")
	mine := filepath.Join(odd, ".memweave", "sync-attributes-2")
	for _, d := range []string{theirs, mine} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	sync(t, odd, "b")
	if got := read(t, odd, "memory/notes/a.md"); got != "from a\n" {
		t.Fatalf("b[x]: a.md = %q after its sync, want a's note (no merge ran)", got)
	}
	if _, err := os.Stat(theirs); err != nil {
		t.Errorf("the sync of %s removed %s, another workspace's (%v)", odd, theirs, err)
	}
	if _, err := os.Stat(mine); err == nil {
		t.Errorf("the sync of %s left its own killed merge's %s", odd, mine)
	}
}
