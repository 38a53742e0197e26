package gitsync_test

import (
	"path/filepath"
	"slices"
	"testing"
)

// TestSyncPutsEachNoteWhereItsMachineMovedIt: git's merge guesses that a
// folder was renamed when one side moved every note out of it, and then
// moves the notes the other side has there after them. A note moved on
// both sides, to another name in its folder on a and to another folder
// on b (the only note there), landed at a name neither chose
// (memory/infra/database.md, a's name in b's folder), and a note a
// wrote in that folder meanwhile followed it; nothing was said. Each
// note is now at the path a machine gave it.
func TestSyncPutsEachNoteWhereItsMachineMovedIt(t *testing.T) {
	t.Parallel()
	_, a, b := syncedPair(t, "a", "b")
	mv(t, a, "memory/notes/db.md", "memory/notes/database.md", func(s string) string { return s + "on a\n" })
	write(t, a, "memory/notes/cache.md", "# Cache\n\nRedis 7, written on a.\n")
	mv(t, b, "memory/notes/db.md", "memory/infra/db.md", func(s string) string { return s + "on b\n" })
	sync(t, a, "a")
	sync(t, b, "b")
	sync(t, a, "a")
	want := []string{"memory/infra/db.md", "memory/notes/cache.md", "memory/notes/database.md"}
	for _, ws := range []string{a, b} {
		got := notesUnder(ws)
		if !slices.Equal(got, want) {
			t.Errorf("%s: notes %v, want %v", filepath.Base(ws), got, want)
		}
	}
	if got := read(t, b, "memory/notes/database.md"); got != "# DB\n\nPostgres 16.\non a\n" {
		t.Errorf("b: memory/notes/database.md = %q, want a's version", got)
	}
}
