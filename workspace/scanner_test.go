package workspace

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestScannerReusesListings checks the listing cache of a Scanner: an
// unchanged old folder is not listed again (a planted entry in its cached
// listing shows up in the next scan), a folder that changed is listed
// again (by its mtime, or by its ctime when the mtime was put back), and
// a folder changed within the racy window of its listing is listed again
// even though its metadata matches.
func TestScannerReusesListings(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, "memory/a.md", "memory/sub/b.md")
	ghosts := t.TempDir()
	writeFiles(t, ghosts, "ghost.md")
	ghostEntries, err := os.ReadDir(ghosts)
	if err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(root, "memory", "sub")
	old := time.Now().Add(-time.Hour)
	age := func() {
		t.Helper()
		for _, d := range []string{sub, filepath.Join(root, "memory")} {
			if err := os.Chtimes(d, old, old); err != nil {
				t.Fatal(err)
			}
		}
	}
	var s Scanner
	scan := func() (rels []string, ghost bool) {
		t.Helper()
		files, warns, err := s.Discover(root, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			rels = append(rels, f.Rel)
		}
		for _, w := range warns {
			ghost = ghost || strings.Contains(w.Error(), "ghost.md")
		}
		return rels, ghost
	}
	plant := func() {
		t.Helper()
		abs, err := filepath.Abs(sub)
		if err != nil {
			t.Fatal(err)
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		l, ok := s.dirs[abs]
		if !ok {
			t.Fatalf("no cached listing of %s among %d", abs, len(s.dirs))
		}
		l.entries = ghostEntries
		s.dirs[abs] = l
	}

	age()
	if rels, _ := scan(); !slices.Equal(rels, []string{"memory/a.md", "memory/sub/b.md"}) {
		t.Fatalf("first scan = %q", rels)
	}
	plant()
	if _, ghost := scan(); !ghost {
		t.Error("an unchanged old folder was listed again: want its cached listing reused")
	}

	// A file added, the folder's mtime put back: the ctime still moved.
	writeFiles(t, root, "memory/sub/c.md")
	age()
	if rels, ghost := scan(); ghost || !slices.Contains(rels, "memory/sub/c.md") {
		t.Errorf("after adding c.md and restoring the mtime: %q, ghost %v; want c.md listed", rels, ghost)
	}

	// A folder changed just now: its fresh listing is within the racy
	// window and is read again next time, whatever it holds.
	writeFiles(t, root, "memory/sub/d.md")
	if rels, _ := scan(); !slices.Contains(rels, "memory/sub/d.md") {
		t.Fatalf("d.md not found: %q", rels)
	}
	plant()
	if rels, ghost := scan(); ghost || !slices.Contains(rels, "memory/sub/d.md") {
		t.Errorf("a listing within the racy window was reused: %q, ghost %v", rels, ghost)
	}
}
