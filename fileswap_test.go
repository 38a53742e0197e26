package memweave_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestSearchAfterFileReplacedByFolder: another program replaces a note,
// memory/fd/x.md, by a folder of the same name holding notes. The next
// search of a long-lived Weave finds the folder's notes and no longer
// the text of the file that is gone.
func TestSearchAfterFileReplacedByFolder(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{
		"memory/base.md": "# Base\n\nbaseline note\n",
		"memory/fd/x.md": "# X\n\ncode quokkaold\n",
	})
	w := open(t, root, memweave.Config{})
	for range 3 { // the second search starts the watcher on demand
		searchPaths(t, w, "quokkaold")
	}
	x := filepath.Join(root, "memory", "fd", "x.md")
	if err := os.Remove(x); err != nil {
		t.Fatal(err)
	}
	memweavetest.WriteFile(t, root, "memory/fd/x.md/a.md", "# A\n\ncode wombatnew\n")
	if got := searchPaths(t, w, "quokkaold"); len(got) != 0 {
		t.Errorf("Search(quokkaold) after memory/fd/x.md became a folder = %v, want nothing", got)
	}
	if got := searchPaths(t, w, "wombatnew"); len(got) != 1 || got[0] != "memory/fd/x.md/a.md" {
		t.Errorf("Search(wombatnew) = %v, want memory/fd/x.md/a.md", got)
	}
}

// TestSearchAfterFolderReplacedByFile: another program replaces a folder
// of notes, memory/team/, by a file of the same name. Its notes' paths
// now fail with "not a directory" rather than "no such file", and the
// next search of a long-lived Weave must still drop them.
func TestSearchAfterFolderReplacedByFile(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{
		"memory/base.md":        "# Base\n\nbaseline note\n",
		"memory/team/a.md":      "# A\n\ncode koalaold\n",
		"memory/team/deep/b.md": "# B\n\ncode numbatold\n",
	})
	w := open(t, root, memweave.Config{})
	for range 3 { // the second search starts the watcher on demand
		searchPaths(t, w, "koalaold")
	}
	team := filepath.Join(root, "memory", "team")
	if err := os.RemoveAll(team); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(team, []byte("not a note\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"koalaold", "numbatold"} {
		if got := searchPaths(t, w, q); len(got) != 0 {
			t.Errorf("Search(%s) after memory/team became a file = %v, want nothing", q, got)
		}
	}
}
