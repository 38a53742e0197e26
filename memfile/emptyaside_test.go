package memfile_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestRecoverPutsBackAnEmptyNoteAside: an empty note moved aside by an
// edit killed before it put it back (a checked replace or removal of an
// empty note: sync replacing one, consolidate removing one) was taken by
// Recover for the empty file that reserves the aside name, and removed:
// the note was gone from memory/ and the next sync committed it deleted.
// Recover now puts it back; only the reservation itself (made with no
// permission bits, which no note the edit could read has) is removed.
func TestRecoverPutsBackAnEmptyNoteAside(t *testing.T) {
	for _, path := range []string{"memory/empty.md", "memory/notes/placeholder.md"} {
		root := memweavetest.Workspace(t, map[string]string{path: ""})
		removeKilledAside(root, path, "")
		abs := filepath.Join(root, filepath.FromSlash(path))
		if _, err := os.Lstat(abs); !os.IsNotExist(err) {
			t.Fatalf("%s while aside: %v, want it gone from its name", path, err)
		}
		if err := memfile.Recover(context.Background(), root); err != nil {
			t.Fatal(err)
		}
		if fi, err := os.Lstat(abs); err != nil || fi.Size() != 0 {
			t.Errorf("%s after Recover: %v, want the empty note back", path, err)
		}
		if left, _ := filepath.Glob(filepath.Join(root, "memory", memfile.TempDir, ".memweave-aside-*")); len(left) != 0 {
			t.Errorf("left aside after Recover = %q, want none", left)
		}
	}
}
