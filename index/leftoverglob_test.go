package index_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/memweave/memweave-go/index"
)

// TestRemoveRebuildLeftoversTakesThePathLiterally: the index's path is
// the user's (a workspace folder "notes [old]", a --db "a*.db"), and a
// glob built from it read its brackets and stars as patterns: it removed
// the rebuild files of another workspace, a running rebuild's too, and
// left its own. Only the files beside the index, named after it, go.
func TestRemoveRebuildLeftoversTakesThePathLiterally(t *testing.T) {
	for _, tt := range []struct{ dir, base, other string }{
		{"a[b]", "index.db", "ab"},         // tune: a bracket class
		{"w*", "index.db", "work"},         // check: a star
		{"notes ?", "index.db", "notes x"}, // check: a question mark
		{"d", "i[n]dex.db", "d"},           // check: the file's own name (--db)
		{`b\x`, "index.db", "bx"},          // check: a backslash escape
	} {
		root := t.TempDir()
		own := filepath.Join(root, tt.dir)
		other := filepath.Join(root, tt.other)
		for _, d := range []string{own, other} {
			if err := os.MkdirAll(d, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		mine := filepath.Join(own, tt.base+".rebuild-1")
		theirs := filepath.Join(other, "index.db.rebuild-2")
		for _, p := range []string{mine, theirs} {
			if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		index.RemoveRebuildLeftovers(filepath.Join(own, tt.base))
		if _, err := os.Stat(theirs); err != nil {
			t.Errorf("RemoveRebuildLeftovers(%s/%s) removed %s, outside its folder (%v)", tt.dir, tt.base, theirs, err)
		}
		if _, err := os.Stat(mine); err == nil {
			t.Errorf("RemoveRebuildLeftovers(%s/%s) left its own %s", tt.dir, tt.base, mine)
		}
	}
}
