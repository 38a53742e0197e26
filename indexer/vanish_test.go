package indexer_test

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/workspace"
)

// TestVanishedFileIsReported removes a discovered file before it is
// read, as a file deleted mid-run would be: the run warns that it
// vanished (ErrVanished, fs.ErrNotExist), not that it may not be read,
// and indexes the rest.
func TestVanishedFileIsReported(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n\nalpha\n", "memory/b.md": "# B\n\nbeta\n"})
	e := newEngine(t, root)
	files, _, err := workspace.Discover(root, nil)
	if err != nil || len(files) != 2 {
		t.Fatalf("Discover = %v, %v", files, err)
	}
	if err := os.Remove(filepath.Join(root, "memory", "a.md")); err != nil {
		t.Fatal(err)
	}
	res, err := e.Add(context.Background(), files, indexer.SyncOptions{})
	if err != nil {
		t.Fatal(err)
	}
	w, ok := indexer.For(res.Warnings, "memory/a.md")
	if !ok || !errors.Is(w, indexer.ErrVanished) || !errors.Is(w, fs.ErrNotExist) || errors.Is(w, fs.ErrPermission) {
		t.Errorf("Add warnings = %v, want one for memory/a.md wrapping ErrVanished", res.Warnings)
	}
	if res.FilesIndexed != 1 {
		t.Errorf("FilesIndexed = %d, want 1 (b.md)", res.FilesIndexed)
	}
}
