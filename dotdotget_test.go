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

// TestGetRefusesDotDotAsWriteDoes: write and delete refuse a path with a
// ".." element, even one that cleans away ("a/.." means something else
// when a is a link), but get read "memory/../memory/x.md" as the indexed
// note memory/x.md. One rule for all three now: refused as outside
// memory/, naming the path; the note is read by its own name.
func TestGetRefusesDotDotAsWriteDoes(t *testing.T) {
	ctx := context.Background()
	root := memweavetest.Workspace(t, map[string]string{"memory/x.md": "# X\n\nhello x\n", "memory/sub/z.md": "# Z\n"})
	w, err := memweave.Open(ctx, memweave.Config{Workspace: root})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if _, err := w.Index(ctx); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"memory/../memory/x.md", "sub/../x.md", "memory/sub/../x.md", "sub/../../memory/x.md", "../memory/x.md", "memory/./sub/../../memory/sub/z.md"} {
		if _, err := w.Get(ctx, p, 1, 0); !errors.Is(err, workspace.ErrOutsideMemory) {
			t.Errorf("Get(%q) = %v, want ErrOutsideMemory", p, err)
		}
		if err := w.Delete(ctx, p); !errors.Is(err, workspace.ErrOutsideMemory) {
			t.Errorf("Delete(%q) = %v, want ErrOutsideMemory", p, err)
		}
		if _, err := w.Write(ctx, p, "over\n"); !errors.Is(err, workspace.ErrOutsideMemory) {
			t.Errorf("Write(%q) = %v, want ErrOutsideMemory", p, err)
		}
	}
	for _, rel := range []string{"memory/x.md", "memory/sub/z.md"} {
		if _, err := os.Stat(filepath.Join(root, rel)); err != nil {
			t.Errorf("%s after the refused calls: %v", rel, err)
		}
	}
	if text, err := w.Get(ctx, "memory/x.md", 1, 0); err != nil || text == "" {
		t.Errorf("Get(memory/x.md) = %q, %v", text, err)
	}
}
