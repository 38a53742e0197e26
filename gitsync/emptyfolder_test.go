package gitsync_test

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSyncBringsANoteWhereAnEmptyFolderIs: a folder left empty at a
// note's path (a note turned into a folder whose notes were then
// deleted: git keeps no empty folder, so the commit deletes nothing
// there) stopped every sync once the remote brought a note of that name,
// as "a file git does not track (ignored?)". An empty folder holds
// nothing to keep: the note takes its place.
func TestSyncBringsANoteWhereAnEmptyFolderIs(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	a, b := clone(t, bare, "a"), clone(t, bare, "b")
	if err := os.Remove(filepath.Join(a, "memory/notes/db.md")); err != nil {
		t.Fatal(err)
	}
	sync(t, a, "a")
	if err := os.MkdirAll(filepath.Join(a, "memory/notes/db.md/old"), 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, b, "memory/notes/db.md", "# DB\n\nPostgres 17.\n")
	sync(t, b, "b") // b's change beats a's deletion: the note is back
	sync(t, a, "a")
	if got := read(t, a, "memory/notes/db.md"); got != "# DB\n\nPostgres 17.\n" {
		t.Errorf("db.md = %q, want b's", got)
	}
}
