//go:build linux

package workspace

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestJournalSeesEveryChange checks the scans that trust the journal:
// once every folder is watched, an unchanged workspace is scanned without
// stat'ing a single file, and every kind of change (an edit in place of
// the same size with the mtime put back, an append, a mode change, a new,
// removed and renamed file, a write through a hard link from outside
// memory/) still gives what a fresh Discover gives, field by field.
func TestJournalSeesEveryChange(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, "memory/a.md", "memory/sub/b.md", "memory/sub/c.md", "memory/sub/deep/d.md",
		"memory/big/1.md", "memory/big/2.md", "memory/big/3.md", "memory/big/4.md")
	outside := filepath.Join(root, "outside.md")
	if err := os.Link(filepath.Join(root, "memory", "big", "4.md"), outside); err != nil {
		t.Skipf("hard links unavailable: %v", err)
	}
	ageTree(t, root)
	var s Scanner
	defer s.Close()
	scan := func(step string) []File {
		t.Helper()
		s.fullAt = time.Now() // no scan of every file: the journal decides
		got, warns, err := s.Discover(root, nil)
		if err != nil || len(warns) > 0 {
			t.Fatalf("%s: %v %v", step, err, warns)
		}
		fresh, _, err := Discover(root, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, fresh) {
			t.Fatalf("%s: kept scanner found\n%+v\nfresh Discover\n%+v", step, got, fresh)
		}
		return got
	}
	for range 3 { // list, open and watch, stat once watched
		scan("setup")
	}
	if s.journal == nil {
		t.Skip("inotify unavailable")
	}
	scan("unchanged")
	scan("unchanged")
	if s.statted != 1 || s.dirStats.Load() != 1 {
		t.Fatalf("an unchanged, watched workspace: %d files and %d folders stat'ed, want 1 (the file of two links) and 1 (memory/)", s.statted, s.dirStats.Load())
	}

	b := filepath.Join(root, "memory", "sub", "b.md")
	fi, err := os.Stat(b)
	if err != nil {
		t.Fatal(err)
	}
	// stats is the number of files the scan after each change stats: the
	// changed one and the file of two links.
	steps := []struct {
		name   string
		stats  int64
		change func() error
	}{
		{"edit in place, mtime put back", 2, func() error {
			if err := os.WriteFile(b, []byte("MEMORY/SUB/B.MD"), 0o644); err != nil {
				return err
			}
			return os.Chtimes(b, fi.ModTime(), fi.ModTime())
		}},
		{"append", 2, func() error {
			f, err := os.OpenFile(filepath.Join(root, "memory", "big", "1.md"), os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				return err
			}
			defer f.Close()
			_, err = f.WriteString("more\n")
			return err
		}},
		{"mode change", 2, func() error { return os.Chmod(filepath.Join(root, "memory", "sub", "deep", "d.md"), 0o600) }},
		{"new file", 2, func() error {
			return os.WriteFile(filepath.Join(root, "memory", "big", "5.md"), []byte("new"), 0o644)
		}},
		{"removed file", 1, func() error { return os.Remove(filepath.Join(root, "memory", "big", "2.md")) }},
		{"renamed file", 2, func() error {
			return os.Rename(filepath.Join(root, "memory", "a.md"), filepath.Join(root, "memory", "renamed.md"))
		}},
		{"write through a hard link from outside", 1, func() error {
			return os.WriteFile(outside, []byte("written outside memory/"), 0o644)
		}},
		{"new file two folders down", 2, func() error {
			return os.WriteFile(filepath.Join(root, "memory", "sub", "deep", "e.md"), []byte("deep"), 0o644)
		}},
		{"new folder in a deep folder", 2, func() error {
			if err := os.MkdirAll(filepath.Join(root, "memory", "sub", "deep", "new"), 0o755); err != nil {
				return err
			}
			return os.WriteFile(filepath.Join(root, "memory", "sub", "deep", "new", "f.md"), []byte("new"), 0o644)
		}},
		{"file in the new folder", 2, func() error {
			return os.WriteFile(filepath.Join(root, "memory", "sub", "deep", "new", "f.md"), []byte("newer"), 0o644)
		}},
		{"folder replaced under the same name", -1, func() error {
			// The parent's entries keep their names: only its watch tells.
			sub := filepath.Join(root, "memory", "sub")
			if err := os.Rename(sub, filepath.Join(root, "memory", "gone")); err != nil {
				return err
			}
			if err := os.MkdirAll(filepath.Join(sub, "deep"), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(sub, "deep", "z.md"), []byte("replaced"), 0o644); err != nil {
				return err
			}
			return os.RemoveAll(filepath.Join(root, "memory", "gone"))
		}},
		{"folder swapped for another", -1, func() error {
			if err := os.Rename(filepath.Join(root, "memory", "sub"), filepath.Join(root, "memory", "old")); err != nil {
				return err
			}
			return os.MkdirAll(filepath.Join(root, "memory", "sub", "deep"), 0o755)
		}},
		{"folder removed", -1, func() error { return os.RemoveAll(filepath.Join(root, "memory", "old")) }},
	}
	for _, st := range steps {
		before := scan(st.name + ": before")
		if err := st.change(); err != nil {
			t.Fatal(err)
		}
		if after := scan(st.name); slices.Equal(after, before) {
			t.Fatalf("%s: the scan did not change", st.name)
		}
		if st.stats >= 0 && s.statted != st.stats {
			t.Errorf("%s: %d files stat'ed, want %d", st.name, s.statted, st.stats)
		}
	}
}

// TestJournalFullScans checks the bound on what inotify misses: a file
// given a second link after it was stat'ed, then written through that
// link, is not reported to the watched folder, and the next scan that
// stats every file (one a second at least) finds the change.
func TestJournalFullScans(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, "memory/a.md", "memory/b.md")
	ageTree(t, root)
	var s Scanner
	defer s.Close()
	for range 3 {
		if _, _, err := s.Discover(root, nil); err != nil {
			t.Fatal(err)
		}
	}
	if s.journal == nil {
		t.Skip("inotify unavailable")
	}
	outside := filepath.Join(root, "later.md")
	if err := os.Link(filepath.Join(root, "memory", "a.md"), outside); err != nil {
		t.Skipf("hard links unavailable: %v", err)
	}
	if err := os.WriteFile(outside, []byte("changed through the later link"), 0o644); err != nil {
		t.Fatal(err)
	}
	s.fullAt = time.Now().Add(-fullEvery)
	got, _, err := s.Discover(root, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got[0].Rel != "memory/a.md" || got[0].Size != int64(len("changed through the later link")) || s.statted != 2 {
		t.Errorf("full scan: %+v, %d stat'ed; want a.md's new size, 2 stat'ed", got[0], s.statted)
	}
}

// TestJournalWatchStartsDirty checks that a folder is trusted only from
// the scan after its watch was added: a change made before the watch
// existed sends no event, and the scan that adds the watch must stat it.
func TestJournalWatchStartsDirty(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, "memory/sub/a.md", "memory/sub/b.md")
	ageTree(t, root)
	var s Scanner
	defer s.Close()
	if _, _, err := s.Discover(root, nil); err != nil { // lists, opens nothing
		t.Fatal(err)
	}
	a := filepath.Join(root, "memory", "sub", "a.md")
	if err := os.WriteFile(a, []byte("a longer text of 30 bytes ...."), 0o644); err != nil {
		t.Fatal(err)
	}
	s.fullAt = time.Now()
	got, _, err := s.Discover(root, nil) // opens and watches the folders
	if err != nil {
		t.Fatal(err)
	}
	if s.journal == nil {
		t.Skip("inotify unavailable")
	}
	if got[0].Rel != "memory/sub/a.md" || got[0].Size != 30 {
		t.Errorf("the scan that added the watch: %+v, want a.md of 30 bytes", got[0])
	}
}

// TestJournalOverflow fills the kernel's event queue past its limit: the
// events after it are lost, so the next scan must stat every file, and it
// finds a change made after the queue was full.
func TestJournalOverflow(t *testing.T) {
	limit, err := os.ReadFile("/proc/sys/fs/inotify/max_queued_events")
	if err != nil {
		t.Skip("no inotify limits in /proc")
	}
	var queued int
	if _, err := fmt.Sscan(string(limit), &queued); err != nil || queued > 1<<16 {
		t.Skipf("max_queued_events %q: too many events to fill in a test", limit)
	}
	root := t.TempDir()
	writeFiles(t, root, "memory/a.md", "memory/b.md", "memory/sub/c.md")
	ageTree(t, root)
	var s Scanner
	defer s.Close()
	for range 3 {
		s.fullAt = time.Now()
		if _, _, err := s.Discover(root, nil); err != nil {
			t.Fatal(err)
		}
	}
	if s.journal == nil {
		t.Skip("inotify unavailable")
	}
	a, b := filepath.Join(root, "memory", "a.md"), filepath.Join(root, "memory", "b.md")
	for i := range queued/2 + 8 { // alternate names: the kernel merges only repeats
		mode := os.FileMode(0o600 + i%2*0o40)
		if err := os.Chmod(a, mode); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(b, mode); err != nil {
			t.Fatal(err)
		}
	}
	c := filepath.Join(root, "memory", "sub", "c.md")
	if err := os.WriteFile(c, []byte("changed after the overflow"), 0o644); err != nil {
		t.Fatal(err)
	}
	s.fullAt = time.Now()
	got, _, err := s.Discover(root, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got[2].Rel != "memory/sub/c.md" || got[2].Size != int64(len("changed after the overflow")) || s.statted != 3 {
		t.Errorf("after an overflow: %+v, %d stat'ed; want c.md's new size, 3 stat'ed", got[2], s.statted)
	}
}
