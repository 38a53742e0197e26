package gitsync_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSyncNoteMovedOnBothSidesGetsNoMarkers: git's merge-tree follows
// renames whatever merge.renames says, and for a note moved to two
// different names and edited on both sides it writes one content merge,
// conflict markers included, to both names, listed as one side each.
// Sync shared that, and every machine's indexer then left both notes
// out. Each name now keeps the version its side moved there.
func TestSyncNoteMovedOnBothSidesGetsNoMarkers(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	a, b := clone(t, bare, "a"), clone(t, bare, "b")
	const note = "# DB\n\nStaging runs Postgres 16 on the shared cluster, backed up nightly.\n"
	write(t, a, "memory/notes/db.md", note)
	sync(t, a, "a")
	sync(t, b, "b")
	move := func(ws, to, line string) {
		t.Helper()
		old := read(t, ws, "memory/notes/db.md")
		if err := os.Remove(filepath.Join(ws, "memory/notes/db.md")); err != nil {
			t.Fatal(err)
		}
		write(t, ws, to, old+line)
	}
	move(a, "memory/a/db.md", "on a\n")
	move(b, "memory/b/db.md", "on b\n")
	sync(t, a, "a")
	sync(t, b, "b")
	sync(t, a, "a")
	for _, ws := range []string{a, b} {
		if got := read(t, ws, "memory/a/db.md"); got != note+"on a\n" {
			t.Errorf("%s: memory/a/db.md = %q, want a's version", filepath.Base(ws), got)
		}
		if got := read(t, ws, "memory/b/db.md"); got != note+"on b\n" {
			t.Errorf("%s: memory/b/db.md = %q, want b's version", filepath.Base(ws), got)
		}
		filepath.WalkDir(filepath.Join(ws, "memory"), func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				if data, _ := os.ReadFile(p); strings.Contains(string(data), "<<<<<<<") {
					t.Errorf("%s holds a conflict marker:\n%s", p, data)
				}
			}
			return nil
		})
	}
	if ta, tb := run(t, a, "rev-parse", "HEAD^{tree}"), run(t, b, "rev-parse", "HEAD^{tree}"); ta != tb {
		t.Errorf("trees differ: a %s, b %s", ta, tb)
	}
}
