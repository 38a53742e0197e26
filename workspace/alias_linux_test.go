//go:build linux

package workspace

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
)

// bindMount mounts the folder src at dst with mount --bind, unmounting
// it at the end of the test. It skips the test where mounting is not
// permitted (not root, or in a container without the capability).
func bindMount(t *testing.T, src, dst string) {
	t.Helper()
	if err := syscall.Mount(src, dst, "", syscall.MS_BIND, ""); err != nil {
		if errors.Is(err, syscall.EPERM) || errors.Is(err, syscall.EACCES) {
			t.Skipf("mount --bind not permitted: %v", err)
		}
		t.Fatalf("mount --bind %s %s: %v", src, dst, err)
	}
	t.Cleanup(func() {
		if err := syscall.Unmount(dst, syscall.MNT_DETACH); err != nil {
			t.Errorf("umount %s: %v", dst, err)
		}
	})
}

// TestDiscoverBindMounts checks folders reachable by several paths
// through bind mounts: each file is listed once, under the first path
// in the documented order whatever the timing of the parallel walk
// (memory/a before memory/m and memory/z, memory/top.md before
// memory/z/loop/top.md); an extra folder bound into memory/ is walked
// once, as memory/ext (its dangling link is reported once); FolderID
// tells that two paths are one folder.
func TestDiscoverBindMounts(t *testing.T) {
	root := t.TempDir()
	outside := t.TempDir()
	writeFiles(t, root, "memory/top.md", "memory/z/x.md", "memory/z/deep/y.md", "memory/z/loop/.keep")
	writeFiles(t, outside, "o.md")
	symlink(t, "nowhere.md", outside, "broken.md")
	for _, d := range []string{"memory/a", "memory/m", "memory/ext"} {
		if err := os.MkdirAll(filepath.Join(root, filepath.FromSlash(d)), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	mem := filepath.Join(root, "memory")
	z := filepath.Join(mem, "z")
	bindMount(t, z, filepath.Join(mem, "a"))         // memory/a and memory/m are memory/z
	bindMount(t, z, filepath.Join(mem, "m"))         //
	bindMount(t, mem, filepath.Join(z, "loop"))      // memory/z/loop is memory/: a cycle
	bindMount(t, outside, filepath.Join(mem, "ext")) // an extra path bound into memory/
	want := []string{"memory/a/deep/y.md", "memory/a/x.md", "memory/ext/o.md", "memory/top.md"}
	var s Scanner
	for i := range 5 {
		sc := []*Scanner{nil, &s}[i%2]
		files, warns, err := sc.Discover(root, []string{outside})
		if err != nil {
			t.Fatal(err)
		}
		var pe *fs.PathError
		if len(warns) != 1 || !errors.As(warns[0], &pe) || pe.Path != filepath.Join(mem, "ext", "broken.md") {
			t.Errorf("run %d: Discover(%q) warnings = %v, want one, for memory/ext/broken.md", i, root, warns)
		}
		if got := rels(files); !slices.Equal(got, want) {
			t.Fatalf("run %d: Discover(%q) = %q, want %q", i, root, got, want)
		}
		for _, f := range files {
			if f.ViaLink || f.External {
				t.Errorf("%s: ViaLink %v, External %v; want false, false", f.Rel, f.ViaLink, f.External)
			}
		}
	}
	dz, iz, ok1 := FolderID(z)
	da, ia, ok2 := FolderID(filepath.Join(mem, "a"))
	dm, im, ok3 := FolderID(mem)
	if !ok1 || !ok2 || !ok3 || dz != da || iz != ia || (dz == dm && iz == im) {
		t.Errorf("FolderID: z %d/%d %v, a %d/%d %v, memory %d/%d %v; want z = a != memory",
			dz, iz, ok1, da, ia, ok2, dm, im, ok3)
	}
}
