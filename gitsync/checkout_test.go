package gitsync_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncCheckoutLeavesACleanTree: the files a sync brings (added,
// changed, removed) are in the work tree with the remote's content, and
// the index knows them: git sees nothing to commit.
func TestSyncCheckoutLeavesACleanTree(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	a, b := clone(t, bare, "a"), clone(t, bare, "b")
	write(t, a, "memory/2026-03-14.md", "entry one\n")
	write(t, a, "memory/notes/new/deep.md", "# Deep\n")
	os.Remove(filepath.Join(a, "memory/notes/db.md"))
	sync(t, a, "a")
	write(t, b, "memory/2026-03-14.md", "entry from b\n")
	sync(t, b, "b")
	if got := read(t, b, "memory/notes/new/deep.md"); got != "# Deep\n" {
		t.Errorf("deep.md = %q", got)
	}
	if _, err := os.Stat(filepath.Join(b, "memory/notes/db.md")); !os.IsNotExist(err) {
		t.Errorf("db.md, removed on a, is still on b (%v)", err)
	}
	if got := read(t, b, "memory/2026-03-14.md"); !strings.Contains(got, "entry one") || !strings.Contains(got, "entry from b") {
		t.Errorf("the log = %q, want both entries", got)
	}
	if st := run(t, b, "status", "--porcelain", "--", "memory"); st != "" {
		t.Errorf("git status after the sync:\n%s\nwant nothing to commit", st)
	}
}

// TestSyncCheckoutIntoAnUnbornBranch: the first sync of a repository with
// no commit yet brings the remote's notes, with a clean index.
func TestSyncCheckoutIntoAnUnbornBranch(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	ws := filepath.Join(t.TempDir(), "ws")
	run(t, filepath.Dir(ws), "init", "-q", "-b", "main", ws)
	run(t, ws, "remote", "add", "origin", bare)
	sync(t, ws, "ws")
	if got := read(t, ws, "memory/notes/db.md"); got != "# DB\n\nPostgres 16.\n" {
		t.Errorf("db.md = %q, want the remote's", got)
	}
	if head, tip := run(t, ws, "rev-parse", "HEAD"), run(t, bare, "rev-parse", "main"); head != tip {
		t.Errorf("HEAD = %s, want the remote's %s", head, tip)
	}
	if st := run(t, ws, "status", "--porcelain", "--", "memory"); st != "" {
		t.Errorf("git status after the sync:\n%s\nwant nothing to commit", st)
	}
}

// TestSyncCheckoutKeepsAFileItWouldOverwrite: a note the remote adds at
// the path of a file this machine's git ignores (so sync never committed
// it) stops the move before anything is written: the local file, the
// branch and every other note stay as they were, and the error names it.
func TestSyncCheckoutKeepsAFileItWouldOverwrite(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	a, b := clone(t, bare, "a"), clone(t, bare, "b")
	write(t, b, ".gitignore", "memory/private.md\n")
	write(t, b, "memory/private.md", "b's own, never shared\n")
	write(t, a, "memory/private.md", "a's\n")
	write(t, a, "memory/notes/other.md", "# Other\n")
	sync(t, a, "a")
	_, err := gitsync.Sync(context.Background(), b, gitsync.Options{Host: "b"})
	if err == nil || !strings.Contains(err.Error(), "memory/private.md") {
		t.Fatalf("Sync(b) = %v, want an error naming memory/private.md", err)
	}
	if got := read(t, b, "memory/private.md"); got != "b's own, never shared\n" {
		t.Errorf("private.md = %q, want b's kept", got)
	}
	if _, err := os.Stat(filepath.Join(b, "memory/notes/other.md")); !os.IsNotExist(err) {
		t.Errorf("other.md was written (%v), want nothing written", err)
	}
	if files := run(t, b, "ls-tree", "-r", "--name-only", "HEAD"); strings.Contains(files, "other.md") {
		t.Errorf("b's branch moved to the remote's notes:\n%s", files)
	}
	// Moved out of the way, the next sync brings both.
	if err := os.Rename(filepath.Join(b, "memory/private.md"), filepath.Join(b, "private.md")); err != nil {
		t.Fatal(err)
	}
	sync(t, b, "b")
	if got := read(t, b, "memory/private.md"); got != "a's\n" {
		t.Errorf("private.md = %q, want a's", got)
	}
}
