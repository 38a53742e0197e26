//go:build linux

package workspace

import (
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestDirStatterAgreesWithLstat checks the fstatat(2) path of the stat
// scan against os.Lstat: a regular file, a hard link to it, a folder, a
// symbolic link (not followed) and a named pipe get the same name, size,
// mode, time, change time and inode; the hard link is the same file and
// the folder is not; a missing name fails with the full path; and a
// folder that is itself a symbolic link is stat'ed by full path.
func TestDirStatterAgreesWithLstat(t *testing.T) {
	lstat := func(d dirStatter, name string) (fs.FileInfo, error) {
		var st rawStat
		if err := d.stat(name, &st); err != nil {
			return nil, err
		}
		return infoOf(name, &st), nil
	}
	dir := t.TempDir()
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o640); err != nil {
			t.Fatal(err)
		}
	}
	write("a.md", "# A\n\nalpha\n")
	if err := os.Link(filepath.Join(dir, "a.md"), filepath.Join(dir, "hard.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o750); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("a.md", filepath.Join(dir, "link.md")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.md"), 0o600); err != nil {
		t.Fatal(err)
	}
	ds := openDir(dir, openAt)
	defer ds.close()
	if ds.fd < 0 {
		t.Fatal("openDir did not open the folder")
	}
	for _, name := range []string{"a.md", "hard.md", "sub", "link.md", "pipe.md"} {
		got, err := lstat(ds, name)
		if err != nil {
			t.Fatalf("lstat(%s): %v", name, err)
		}
		want, err := os.Lstat(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if got.Name() != want.Name() || got.Size() != want.Size() || got.Mode() != want.Mode() || !got.ModTime().Equal(want.ModTime()) || got.IsDir() != want.IsDir() {
			t.Errorf("%s: fstatat gives %s %d %v %v, lstat %s %d %v %v", name, got.Name(), got.Size(), got.Mode(), got.ModTime(), want.Name(), want.Size(), want.Mode(), want.ModTime())
		}
		gs, gi := changeID(got)
		ws, wi := changeID(want)
		if gs != ws || gi != wi || gi == 0 {
			t.Errorf("%s: change id %d/%d, lstat's %d/%d", name, gs, gi, ws, wi)
		}
	}
	a, _ := lstat(ds, "a.md")
	hard, _ := lstat(ds, "hard.md")
	sub, _ := lstat(ds, "sub")
	viaOS, _ := os.Lstat(filepath.Join(dir, "a.md"))
	if !sameFile(a, hard) || !sameFile(a, viaOS) || sameFile(a, sub) {
		t.Error("sameFile: want a.md = hard.md = os.Lstat(a.md), and a.md != sub")
	}
	if _, err := lstat(ds, "missing.md"); err == nil || !os.IsNotExist(err) || err.(*os.PathError).Path != filepath.Join(dir, "missing.md") {
		t.Errorf("lstat(missing.md) = %v, want a not-exist error naming the full path", err)
	}
	small := openDir(dir, 1)
	defer small.close()
	if fi, err := lstat(small, "a.md"); small.fd >= 0 || err != nil || fi.Size() != viaOS.Size() {
		t.Errorf("a folder of one entry: fd %d, lstat = %v, %v; want no open folder and the file by its full path", small.fd, fi, err)
	}
	lnk := filepath.Join(t.TempDir(), "linked")
	if err := os.Symlink(dir, lnk); err != nil {
		t.Fatal(err)
	}
	viaLink := openDir(lnk, openAt)
	defer viaLink.close()
	if viaLink.fd >= 0 {
		t.Error("openDir followed a symbolic link to a folder")
	}
	if fi, err := lstat(viaLink, "a.md"); err != nil || fi.Size() != viaOS.Size() {
		t.Errorf("lstat through a linked folder = %v, %v; want the file by its full path", fi, err)
	}
}

// openFDs returns the number of open file descriptors of the process.
func openFDs(t *testing.T) int {
	t.Helper()
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skipf("no /proc/self/fd: %v", err)
	}
	return len(entries)
}

// TestScannerHandles checks the folders a Scanner keeps open: one per
// folder scanned unchanged, no more than maxFolderHandles (the folders beyond it
// are stat'ed by path and still listed), none after Close, and a scanner
// used again after Close reopens them.
func TestScannerHandles(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, "memory/a.md", "memory/x/b.md", "memory/y/c.md", "memory/z/d.md", "memory/z/w/e.md")
	ageTree(t, root)
	saved := maxFolderHandles
	defer func() { maxFolderHandles = saved }()
	for _, limit := range []int{100, 2} {
		maxFolderHandles = func() int { return limit }
		base := openFDs(t)
		var s Scanner
		for range 3 {
			files, warns, err := s.Discover(root, nil)
			if err != nil || len(warns) > 0 || len(files) != 5 {
				t.Fatalf("limit %d: %d files, %v, %v", limit, len(files), warns, err)
			}
		}
		journal := 0 // the inotify descriptor, when there is one
		if s.journal != nil {
			journal = 1
		}
		if got, want := openFDs(t)-base-journal, min(limit, 5); got != want || s.handles != want {
			t.Errorf("limit %d: %d folders open (%d counted), want %d", limit, got, s.handles, want)
		}
		s.Close()
		if got := openFDs(t) - base; got != 0 {
			t.Errorf("limit %d: %d folders still open after Close", limit, got)
		}
		s.Discover(root, nil)
		if files, _, err := s.Discover(root, nil); err != nil || len(files) != 5 || openFDs(t)-base-journal != min(limit, 5) {
			t.Errorf("limit %d: scan after Close: %d files, %v, %d open", limit, len(files), err, openFDs(t)-base-journal)
		}
		s.Close()
	}
}
