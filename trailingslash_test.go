package memweave_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/workspace"
)

// TestPathEndingInASlashNamesNoNote: "x.md/" names a folder x.md (rm,
// cat and open(2) refuse it when x.md is a file), but write, delete and
// get read it as the note x.md: an agent's delete of "x.md/" deleted the
// note, a write of "y.md/" made one. Such a path is now refused as no
// Markdown file, naming it, and nothing changes. "./x.md" and "a//x.md"
// still name the note.
func TestPathEndingInASlashNamesNoNote(t *testing.T) {
	ctx := context.Background()
	root := memweavetest.Workspace(t, map[string]string{"memory/x.md": "# X\n\nhello x\n", "memory/sub/z.md": "# Z\n"})
	w, err := memweave.Open(ctx, memweave.Config{Workspace: root})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	for _, p := range []string{"x.md/", "memory/x.md/", "x.md//", "sub/z.md/", "x.md/."} {
		if err := w.Delete(ctx, p); !errors.Is(err, workspace.ErrNotMarkdown) {
			t.Errorf("Delete(%q) = %v, want ErrNotMarkdown", p, err)
		}
		if _, err := w.Get(ctx, p, 1, 0); !errors.Is(err, workspace.ErrNotMarkdown) {
			t.Errorf("Get(%q) = %v, want ErrNotMarkdown", p, err)
		}
	}
	for _, p := range []string{"y.md/", "memory/y.md/", "sub/y.md//", "y.md/."} {
		if _, err := w.Write(ctx, p, "hi\n"); !errors.Is(err, workspace.ErrNotMarkdown) {
			t.Errorf("Write(%q) = %v, want ErrNotMarkdown", p, err)
		}
	}
	for _, rel := range []string{"memory/x.md", "memory/sub/z.md"} {
		if _, err := os.Stat(filepath.Join(root, rel)); err != nil {
			t.Errorf("%s after the refused calls: %v", rel, err)
		}
	}
	for _, rel := range []string{"memory/y.md", "memory/sub/y.md"} {
		if _, err := os.Stat(filepath.Join(root, rel)); err == nil {
			t.Errorf("a refused Write made %s", rel)
		}
	}
	for _, p := range []string{"./x.md", ".//x.md", "memory//x.md", "sub//z.md"} {
		if _, err := w.Get(ctx, p, 1, 0); err != nil {
			t.Errorf("Get(%q) = %v, want the note", p, err)
		}
	}
}
