//go:build linux

package workspace

import (
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestFolderStatAgreesWithLstat checks the fstatat(2) path of the stat
// scan against os.Lstat: a regular file, a hard link to it, a folder, a
// symbolic link (not followed) and a named pipe get the same name, size,
// mode, time, change time and inode; the hard link is the same file and
// the folder is not; a missing name fails with the full path; and a
// folder that is a symbolic link is opened only when links are followed.
func TestFolderStatAgreesWithLstat(t *testing.T) {
	lstat := func(d *folder, name string) (fs.FileInfo, error) {
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
	ds, _, err := openFolder(dir, false)
	if err != nil || ds.fd < 0 {
		t.Fatalf("openFolder(%s) = %v, want the folder open", dir, err)
	}
	defer ds.close()
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
	lnk := filepath.Join(t.TempDir(), "linked")
	if err := os.Symlink(dir, lnk); err != nil {
		t.Fatal(err)
	}
	if f, _, err := openFolder(lnk, false); err == nil {
		f.close()
		t.Error("openFolder(link, false) followed a symbolic link to a folder")
	}
	viaLink, _, err := openFolder(lnk, true)
	if err != nil {
		t.Fatalf("openFolder(link, true) = %v", err)
	}
	defer viaLink.close()
	if fi, err := lstat(viaLink, "a.md"); err != nil || fi.Size() != viaOS.Size() {
		t.Errorf("lstat through a linked folder = %v, %v; want the file", fi, err)
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

// TestDiscoverClosesFolders checks that a scan keeps no folder open
// once it returns, with or without a Scanner.
func TestDiscoverClosesFolders(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, "memory/a.md", "memory/x/b.md", "memory/y/c.md", "memory/z/d.md", "memory/z/w/e.md")
	base := openFDs(t)
	var s Scanner
	for _, sc := range []*Scanner{nil, &s, &s} {
		files, warns, err := sc.Discover(root, nil)
		if err != nil || len(warns) > 0 || len(files) != 5 {
			t.Fatalf("Discover = %d files, %v, %v; want 5", len(files), warns, err)
		}
		if got := openFDs(t) - base; got != 0 {
			t.Errorf("%d descriptors still open after a scan", got)
		}
	}
}
