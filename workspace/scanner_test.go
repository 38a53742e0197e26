package workspace

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
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
		dev, ino, ok := FolderID(sub)
		if !ok {
			t.Skip("no folder identity on this platform")
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		l, ok := s.dirs[folderKey{dev: dev, ino: ino}]
		if !ok {
			t.Fatalf("no cached listing of %s among %d", sub, len(s.dirs))
		}
		l.entries = ghostEntries
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

// ageTree sets the mtime of every folder and file under dir an hour
// back, out of every racy window.
func ageTree(t *testing.T, dir string) {
	t.Helper()
	old := time.Now().Add(-time.Hour)
	err := filepath.WalkDir(dir, func(p string, _ os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Chtimes(p, old, old)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestScannerSeesEveryChange runs a kept Scanner and a fresh Discover
// side by side over a series of changes that leave most of the
// workspace alone, so that the kept listings are in use: after each
// change both must agree, field by field, and show the change.
func TestScannerSeesEveryChange(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, "memory/a.md", "memory/sub/b.md", "memory/sub/c.md", "memory/sub/deep/d.md",
		"memory/big/1.md", "memory/big/2.md", "memory/big/3.md", "memory/big/4.md", "memory/big/5.md")
	ageTree(t, root)
	var s Scanner
	check := func(step string, want func([]File) bool) {
		t.Helper()
		got, warns, err := s.Discover(root, nil)
		if err != nil || len(warns) > 0 {
			t.Fatalf("%s: kept scanner: %v %v", step, err, warns)
		}
		fresh, _, err := Discover(root, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, fresh) {
			t.Fatalf("%s: kept scanner found\n%+v\nfresh Discover\n%+v", step, got, fresh)
		}
		if !want(got) {
			t.Fatalf("%s: %q does not show the change", step, rels(got))
		}
	}
	find := func(files []File, rel string) (File, bool) {
		i := slices.IndexFunc(files, func(f File) bool { return f.Rel == rel })
		if i < 0 {
			return File{}, false
		}
		return files[i], true
	}
	before, _, _ := Discover(root, nil)
	check("first scan", func(f []File) bool { return len(f) == 9 })
	check("unchanged", func(f []File) bool { return slices.Equal(f, before) })

	// An edit in place of the same size, its mtime put back: the ctime
	// moved, and nothing else did.
	b := filepath.Join(root, "memory", "sub", "b.md")
	old, _ := find(before, "memory/sub/b.md")
	if err := os.WriteFile(b, []byte("MEMORY/SUB/B.MD"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(b, time.Unix(0, old.MTime), time.Unix(0, old.MTime)); err != nil {
		t.Fatal(err)
	}
	check("edit in place", func(f []File) bool {
		nb, _ := find(f, "memory/sub/b.md")
		return nb.CTime != old.CTime && nb.MTime == old.MTime && nb.Size == old.Size
	})

	// A bigger file in a folder whose listing is kept.
	if err := os.WriteFile(filepath.Join(root, "memory", "big", "3.md"), []byte("grown to a longer text"), 0o644); err != nil {
		t.Fatal(err)
	}
	check("grown file", func(f []File) bool { nf, _ := find(f, "memory/big/3.md"); return nf.Size == 22 })

	// A folder swapped for another under the same name, the times put
	// back: the kept listing of the old folder must not be used for the
	// new one.
	sub := filepath.Join(root, "memory", "sub")
	if err := os.Rename(sub, filepath.Join(root, "memory", "moved")); err != nil {
		t.Fatal(err)
	}
	writeFiles(t, root, "memory/sub/new.md")
	ageTree(t, root)
	check("swapped folder", func(f []File) bool {
		_, gone := find(f, "memory/sub/b.md")
		_, moved := find(f, "memory/moved/b.md")
		_, added := find(f, "memory/sub/new.md")
		_, deep := find(f, "memory/moved/deep/d.md")
		return !gone && moved && added && deep
	})

	// A file replaced by a hard link to another under the same name, the
	// folder's times put back: its entries are the same, but the two
	// names are now one file, listed once.
	x, y := filepath.Join(root, "memory", "big", "1.md"), filepath.Join(root, "memory", "big", "2.md")
	if err := os.Remove(x); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(y, x); err != nil {
		t.Fatal(err)
	}
	ageTree(t, root)
	check("same name, another file", func(f []File) bool {
		_, both := find(f, "memory/big/2.md")
		_, first := find(f, "memory/big/1.md")
		return first && !both
	})

	// A file removed and the folder's time put back.
	if err := os.Remove(filepath.Join(root, "memory", "big", "5.md")); err != nil {
		t.Fatal(err)
	}
	ageTree(t, root)
	check("removed file", func(f []File) bool { _, ok := find(f, "memory/big/5.md"); return !ok && len(f) == 8 })

	// The memory folder itself removed.
	if err := os.RemoveAll(filepath.Join(root, "memory")); err != nil {
		t.Fatal(err)
	}
	check("no memory folder", func(f []File) bool { return len(f) == 0 })
}

// TestScannerConcurrentScans runs scans of one Scanner from several
// goroutines while files change: each must return what a fresh Discover
// returns once the changes stop, and the race detector must stay quiet.
func TestScannerConcurrentScans(t *testing.T) {
	root := t.TempDir()
	for i := range 20 {
		writeFiles(t, root, "memory/f"+string(rune('a'+i%5))+"/n"+string(rune('a'+i))+".md")
	}
	ageTree(t, root)
	var s Scanner
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 20 {
				if _, _, err := s.Discover(root, nil); err != nil {
					t.Error(err)
					return
				}
				if g == 0 {
					writeFiles(t, root, "memory/fa/extra"+string(rune('a'+i))+".md")
				}
			}
		})
	}
	wg.Wait()
	got, _, err := s.Discover(root, nil)
	if err != nil {
		t.Fatal(err)
	}
	want, _, _ := Discover(root, nil)
	if !slices.Equal(got, want) || len(got) != 40 {
		t.Errorf("after concurrent scans: %d files, fresh Discover %d; want the same 40", len(got), len(want))
	}
}
