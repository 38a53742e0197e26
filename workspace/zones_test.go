package workspace

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestZonesResolveExtraPathsOnce: the files a Zones reads through an
// extra path that is a symbolic link are read where the link led when
// the zones were resolved. Pointed elsewhere after that, a file through
// it is refused (ErrOutsideWorkspace), not read from the new target: an
// index run resolves its extra paths once, right after checking them,
// not again for each file, which for n files of n extra paths was n*n
// path walks.
func TestZonesResolveExtraPathsOnce(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "ws")
	if err := os.MkdirAll(filepath.Join(root, MemoryDir), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, side := range []string{"a", "b"} {
		if err := os.MkdirAll(filepath.Join(dir, side), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, side, "x.md"), []byte("side "+side), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(filepath.Join(dir, "a"), link); err != nil {
		t.Fatal(err)
	}
	rel := filepath.ToSlash(filepath.Join(link, "x.md"))
	z := NewZones(root, []string{link})
	z.Resolve()
	if data, _, err := z.ReadIndexed(rel, -1); err != nil || string(data) != "side a" {
		t.Fatalf("ReadIndexed(%q) = %q, %v; want side a", rel, data, err)
	}
	if err := os.Remove(link); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "b"), link); err != nil {
		t.Fatal(err)
	}
	if data, _, err := z.ReadIndexed(rel, -1); !errors.Is(err, ErrOutsideWorkspace) {
		t.Errorf("ReadIndexed(%q) after the link was pointed elsewhere = %q, %v; want ErrOutsideWorkspace", rel, data, err)
	}
	// A fresh Zones resolves the link as it is now.
	if data, _, err := NewZones(root, []string{link}).ReadIndexed(rel, -1); err != nil || string(data) != "side b" {
		t.Errorf("ReadIndexed(%q) of new zones = %q, %v; want side b", rel, data, err)
	}
}
