package memfile_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestCreateNeverOverAFile: Create puts a note back where none is
// (consolidate's undo of a deleted copy) and never over a file, even one
// an editor, which takes no lock, saves after the check and before the
// new file lands: that save is kept and the error wraps ErrChanged. A
// check-then-rename wrote over it.
func TestCreateNeverOverAFile(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{"memory/kept.md": "# Kept\n"})
	abs, err := memfile.Create(context.Background(), root, "memory/new/a.md", []byte("# A\n"))
	if got, rerr := os.ReadFile(abs); err != nil || rerr != nil || string(got) != "# A\n" {
		t.Fatalf("Create(memory/new/a.md) = %q, %v (read %q, %v), want the note written", abs, err, got, rerr)
	}
	if _, err := memfile.Create(context.Background(), root, "memory/kept.md", []byte("# Other\n")); !errors.Is(err, memfile.ErrChanged) {
		t.Errorf("Create over memory/kept.md = %v, want ErrChanged", err)
	}
	// The editor saves once the new text is on disk, before its link.
	target := filepath.Join(root, "memory", "b.md")
	ctx := edithook.WithStep(context.Background(), func(step string) {
		if step == "temp" {
			if err := os.WriteFile(target, []byte("# Editor\n"), 0o644); err != nil {
				t.Errorf("editor save: %v", err)
			}
		}
	})
	if _, err := memfile.Create(ctx, root, "memory/b.md", []byte("# Put back\n")); !errors.Is(err, memfile.ErrChanged) {
		t.Errorf("Create with an editor's save in its window = %v, want ErrChanged", err)
	}
	for name, want := range map[string]string{"kept.md": "# Kept\n", "b.md": "# Editor\n"} {
		if got, err := os.ReadFile(filepath.Join(root, "memory", name)); err != nil || string(got) != want {
			t.Errorf("memory/%s = %q, %v after Create, want %q kept", name, got, err, want)
		}
	}
	if left := memfile.TempLeftovers(root); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}
