//go:build unix

package memweave_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/workspace"
)

// within runs fn and fails the test when it does not return within d: a
// call that blocks (in open(2) on a FIFO, say) must not hang the suite.
func within(t *testing.T, d time.Duration, what string, fn func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- fn() }()
	select {
	case err := <-done:
		return err
	case <-time.After(d):
		t.Fatalf("%s did not return within %v", what, d)
		return nil
	}
}

// mkfifo makes a FIFO at rel under root, and unblocks any reader stuck
// opening it when the test ends.
func mkfifo(t *testing.T, root, rel string) string {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	t.Cleanup(func() {
		if f, err := os.OpenFile(p, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	})
	return p
}

func TestAddRefusesFilesOutsideTheRules(t *testing.T) {
	ctx := context.Background()
	outside := t.TempDir()
	for name, content := range map[string]string{"passwd": "root:x:0:0\n", "shadow.md": "root:secret\n"} {
		if err := os.WriteFile(filepath.Join(outside, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	root := memweavetest.Workspace(t, map[string]string{
		"memory/a.md":     "# A\n",
		"config/app.yaml": "password: hunter2\n",
	})
	w := open(t, root, memweave.Config{})
	mustIndex(t, w) // creates .memweave/index.db
	memweavetest.WriteFile(t, root, ".memweave/notes.md", "# not a memory\n")
	for _, tc := range []struct {
		path string
		want error
	}{
		{filepath.Join(outside, "passwd"), workspace.ErrNotMarkdown},
		{filepath.Join(outside, "shadow.md"), workspace.ErrOutsideWorkspace},
		{"config/app.yaml", workspace.ErrNotMarkdown},
		{".memweave/index.db", workspace.ErrNotMarkdown},
		{".memweave/notes.md", workspace.ErrIndexFolder},
		{filepath.Join(root, ".memweave", "notes.md"), workspace.ErrIndexFolder},
	} {
		t.Run(filepath.Base(tc.path), func(t *testing.T) {
			res, err := w.Add(ctx, tc.path)
			if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.path) {
				t.Errorf("Add(%q) = %+v, %v; want an error naming the path and wrapping %v", tc.path, res, err, tc.want)
			}
		})
	}
	for _, f := range collectFiles(t, w) {
		if f.Path != "memory/a.md" {
			t.Errorf("Files lists %q after refused adds", f.Path)
		}
	}
}

func TestAddAndGetOfAFIFOReturnPromptly(t *testing.T) {
	ctx := context.Background()
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n"})
	w := open(t, root, memweave.Config{})
	mkfifo(t, root, "memory/pipe.md")
	err := within(t, 5*time.Second, "Add of a FIFO", func() error {
		_, err := w.Add(ctx, "memory/pipe.md")
		return err
	})
	if !errors.Is(err, workspace.ErrNotRegular) || !strings.Contains(err.Error(), "pipe.md") {
		t.Errorf("Add(FIFO) = %v, want an error naming it and wrapping ErrNotRegular", err)
	}
	err = within(t, 5*time.Second, "Get of a FIFO", func() error {
		_, err := w.Get(ctx, "pipe.md", 1, 0)
		return err
	})
	if !errors.Is(err, workspace.ErrNotRegular) {
		t.Errorf("Get(FIFO) = %v, want ErrNotRegular", err)
	}
	err = within(t, 5*time.Second, "Index next to a FIFO", func() error {
		_, err := w.Index(ctx)
		return err
	})
	if err != nil {
		t.Errorf("Index with a FIFO in memory/ = %v", err)
	}
}

func TestLinkOutOfMemoryIsNeitherServedNorIndexed(t *testing.T) {
	ctx := context.Background()
	root := memweavetest.Workspace(t, map[string]string{
		"memory/a.md":     "# A\n\nalpha\n",
		"secret.md":       "# Secret\n\nzanzibar token\n",
		"config/app.yaml": "password: zanzibar\n",
	})
	if err := os.Symlink("../secret.md", filepath.Join(root, "memory", "link.md")); err != nil {
		t.Skipf("symlinks unavailable: %v", err)
	}
	if err := os.Symlink("../config/app.yaml", filepath.Join(root, "memory", "app.md")); err != nil {
		t.Fatal(err)
	}
	w := open(t, root, memweave.Config{})
	res := mustIndex(t, w)
	for _, p := range []string{"memory/app.md", "memory/link.md"} {
		if wn, ok := indexer.For(res.Warnings, p); !ok || !errors.Is(wn, workspace.ErrOutsideMemory) {
			t.Errorf("Index warnings = %q, want one naming %s as leading outside memory/", res.Warnings, p)
		}
	}
	for _, p := range []string{"memory/link.md", "link.md", "memory/app.md", "app.md"} {
		text, err := w.Get(ctx, p, 1, 0)
		if err == nil || strings.Contains(text, "zanzibar") {
			t.Errorf("Get(%q) = %q, %v; want it refused", p, text, err)
		}
	}
	for _, f := range collectFiles(t, w) {
		if f.Path != "memory/a.md" {
			t.Errorf("Files lists %q: a link out of memory/ was indexed", f.Path)
		}
	}
	if got := searchPaths(t, w, "zanzibar"); len(got) != 0 {
		t.Errorf("Search(zanzibar) = %q, want nothing", got)
	}
	if _, err := w.Add(ctx, "memory/link.md"); !errors.Is(err, workspace.ErrOutsideMemory) {
		t.Errorf("Add(memory/link.md) = %v, want ErrOutsideMemory", err)
	}
}

func TestWriteRefusesUnsafeNames(t *testing.T) {
	ctx := context.Background()
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n"})
	w := open(t, root, memweave.Config{})
	for _, p := range []string{
		`a\..\x.md`, `notes\x.md`, "a\x01b.md", "tab\there.md", "del\x7f.md", "nl\n.md",
		"x.md.", "x.md ", "sub./x.md", "sub /x.md", "memory/sub../x.md",
	} {
		if _, err := w.Write(ctx, p, "# x\n"); !errors.Is(err, workspace.ErrBadName) {
			t.Errorf("Write(%q) = %v, want ErrBadName", p, err)
		}
	}
	entries, _ := os.ReadDir(filepath.Join(root, "memory"))
	if len(entries) != 1 {
		t.Errorf("memory/ holds %d entries after refused writes, want 1", len(entries))
	}
}
