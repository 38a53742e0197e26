package indexer

import (
	"context"
	"errors"
	"io/fs"
	"path/filepath"
	"testing"

	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/workspace"
)

// TestClassifyVanished checks that a discovered file gone before its
// access check is reported as vanished, its rows deleted, and not as a
// file that may not be read.
func TestClassifyVanished(t *testing.T) {
	root := t.TempDir()
	db, err := index.Open(context.Background(), filepath.Join(root, ".memweave", "index.db"), index.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	e := New(db, Options{Root: root, MaxFileBytes: 1 << 20})
	f := workspace.File{Abs: filepath.Join(root, "memory", "gone.md"), Rel: "memory/gone.md", Size: 10, MTime: 1}
	d := &Diff{rows: map[string]index.File{"memory/gone.md": {Path: "memory/gone.md", Size: 9, Hash: "x"}}}
	e.classify(f, d)
	if len(d.Unreadable) != 1 || !errors.Is(d.Unreadable[0], ErrVanished) || errors.Is(d.Unreadable[0], fs.ErrPermission) {
		t.Errorf("classify(vanished file) warnings = %v, want one wrapping ErrVanished", d.Unreadable)
	}
	if len(d.Deleted) != 1 || d.Deleted[0] != "memory/gone.md" || len(d.Changed) != 0 {
		t.Errorf("classify(vanished file): Deleted %v, Changed %v; want its rows deleted", d.Deleted, d.Changed)
	}
}
