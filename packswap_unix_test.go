//go:build unix

package memweave_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"

	memweave "github.com/memweave/memweave-go"
)

// TestPackSkipsFileNoLongerReadable: a note swapped, since it was
// indexed, for a link out of memory/ or a FIFO is left out of the pack,
// as a vanished one is; the other passages are packed, and nothing of
// the link's target is read.
func TestPackSkipsFileNoLongerReadable(t *testing.T) {
	ctx := context.Background()
	root, w := openIndexed(t, map[string]string{
		"memory/a.md": "# A\n\nThe HERON-55 fact.\n",
		"memory/b.md": "# B\n\nAnother HERON-55 fact.\n",
		"memory/c.md": "# C\n\nA third HERON-55 fact.\n",
	}, memweave.Config{})
	outside := filepath.Join(t.TempDir(), "secret.md")
	if err := os.WriteFile(outside, []byte("# S\n\nThe HERON-55 secret.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	a, b := filepath.Join(root, "memory", "a.md"), filepath.Join(root, "memory", "b.md")
	if err := errors.Join(os.Remove(a), os.Symlink(outside, a), os.Remove(b), syscall.Mkfifo(b, 0o644)); err != nil {
		t.Skip(err)
	}
	p, err := w.Pack(ctx, "HERON-55", 1000, memweave.MinScore(0), memweave.NoSync())
	if err != nil {
		t.Fatalf("Pack = %v, want the passages of the files still readable", err)
	}
	var paths []string
	for _, it := range p.Items {
		paths = append(paths, it.Path)
	}
	if !slices.Equal(paths, []string{"memory/c.md"}) {
		t.Errorf("Pack paths = %q, want [memory/c.md]", paths)
	}
}
