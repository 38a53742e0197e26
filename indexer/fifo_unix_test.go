//go:build unix

package indexer_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/workspace"
)

// TestFIFOSwappedInAfterDiscoveryDoesNotBlock swaps a discovered memory
// file for a FIFO before it is read, as a file replaced mid-run would be:
// the index run warns about the file and finishes instead of blocking in
// open(2); the next check's hashing does not block either.
func TestFIFOSwappedInAfterDiscoveryDoesNotBlock(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n\nalpha\n", "memory/b.md": "# B\n\nbeta\n"})
	e := newEngine(t, root)
	ctx := context.Background()
	files, _, err := workspace.Discover(root, nil)
	if err != nil || len(files) != 2 {
		t.Fatalf("Discover = %v, %v", files, err)
	}
	fifo := filepath.Join(root, "memory", "a.md")
	os.Remove(fifo)
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	t.Cleanup(func() { // unblock a reader stuck in open, if any
		if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	})
	type out struct {
		res *indexer.Result
		err error
	}
	done := make(chan out, 1)
	go func() {
		res, err := e.Add(ctx, files, indexer.SyncOptions{})
		done <- out{res, err}
	}()
	var got out
	select {
	case got = <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Add of a file swapped for a FIFO blocked")
	}
	if got.err != nil {
		t.Fatalf("Add = %v", got.err)
	}
	w, ok := indexer.For(got.res.Warnings, "memory/a.md")
	if !ok || !errors.Is(w, indexer.ErrNotRegular) {
		t.Errorf("Add warnings = %v, want one for memory/a.md wrapping ErrNotRegular", got.res.Warnings)
	}
	if got.res.FilesIndexed != 1 {
		t.Errorf("FilesIndexed = %d, want 1 (b.md)", got.res.FilesIndexed)
	}
	data, _, err := e.ReadFile(ctx, "a.md")
	if !errors.Is(err, indexer.ErrNotRegular) {
		t.Errorf("ReadFile(FIFO) = %q, %v; want ErrNotRegular", data, err)
	}
}

// TestFIFOInMemoryWarns checks that a FIFO (a special file) with
// a Markdown name in memory/ is skipped with a warning naming it and
// wrapping ErrNotRegular, and the rest is indexed.
func TestFIFOInMemoryWarns(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{"memory/b.md": "# B\n\nbeta\n"})
	if err := syscall.Mkfifo(filepath.Join(root, "memory", "pipe.md"), 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	e := newEngine(t, root)
	res, err := e.Sync(context.Background(), indexer.SyncOptions{})
	if err != nil {
		t.Fatal(err)
	}
	w, ok := indexer.For(res.Warnings, "memory/pipe.md")
	if !ok || !errors.Is(w, indexer.ErrNotRegular) || !strings.Contains(w.Error(), "FIFO") {
		t.Errorf("Sync warnings = %v, want one for memory/pipe.md, a FIFO, wrapping ErrNotRegular", res.Warnings)
	}
	if res.FilesIndexed != 1 {
		t.Errorf("FilesIndexed = %d, want 1 (b.md)", res.FilesIndexed)
	}
}
