package gitsync_test

import (
	"context"
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	gosync "sync"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
	"github.com/memweave/memweave-go/workspace"
)

// A note a killed removal left aside (memory/.memweave-tmp) is back at
// the next open of the workspace; a long-lived process (an MCP server
// syncing on a timer) opens it once, and its sync committed the note as
// deleted, pushed to every machine, though the next open put it back.
// Sync puts back what is aside first, as an open does.
func TestSyncPutsBackANoteLeftAside(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	a := clone(t, bare, "a")
	note := "# Cache\n\nRedis 7 with a one-hour TTL on session keys.\n"
	write(t, a, "memory/notes/cache.md", note)
	write(t, a, "memory/other.md", "# Other\n\nKept.\n")
	sync(t, a, "a")
	// As a removal killed between its move aside and its end leaves it.
	aside := filepath.Join(a, "memory", ".memweave-tmp", ".memweave-aside-0123456789abcdef-"+base64.RawURLEncoding.EncodeToString([]byte("notes/cache.md"))+".tmp")
	if err := os.MkdirAll(filepath.Dir(aside), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(a, "memory/notes/cache.md"), aside); err != nil {
		t.Fatal(err)
	}
	if _, err := gitsync.Sync(context.Background(), a, gitsync.Options{Host: "a"}); err != nil {
		t.Fatalf("Sync = %v", err)
	}
	if got := run(t, bare, "ls-tree", "-r", "--name-only", "main", "--", "memory/notes"); !strings.Contains(got, "memory/notes/cache.md") {
		t.Errorf("the remote's memory/notes after the sync = %q, want the note left aside still there", got)
	}
	if got, err := os.ReadFile(filepath.Join(a, "memory/notes/cache.md")); err != nil || string(got) != note {
		t.Errorf("memory/notes/cache.md after the sync = %q, %v; want it put back", got, err)
	}
}

// TestSyncPutsBackANoteAsideAfterItsStart: sync put back what was aside
// when it started, then waited for its own lock and fetched (seconds
// with a real remote) without the write lock; an in-place edit killed in
// that time (feedback, resolve, consolidate --apply, with the note
// aside) left the note missing, and the commit, made under the write
// lock, recorded it as deleted and pushed that. The commit now puts back
// what is aside, under the same lock.
func TestSyncPutsBackANoteAsideAfterItsStart(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	a := clone(t, bare, "a")
	note := "# Cache\n\nRedis 7 with a one-hour TTL on session keys.\n"
	write(t, a, "memory/notes/cache.md", note)
	write(t, a, "memory/other.md", "# Other\n\nKept.\n")
	sync(t, a, "a")
	held := workspace.NewLock(filepath.Join(a, ".memweave", gitsync.LockName))
	if ok, err := held.TryLock(); !ok || err != nil {
		t.Fatalf("hold the sync lock: %v, %v", ok, err)
	}
	defer held.Unlock()
	var once gosync.Once
	ctx := workspace.WithLockNotice(context.Background(), func(w workspace.LockWait) {
		once.Do(func() {
			// Sync waits for its lock, past its Recover: an edit killed
			// with the note aside, as it leaves it.
			aside := filepath.Join(a, "memory", ".memweave-tmp", ".memweave-aside-0123456789abcdef-"+base64.RawURLEncoding.EncodeToString([]byte("notes/cache.md"))+".tmp")
			if err := os.MkdirAll(filepath.Dir(aside), 0o755); err != nil {
				t.Error(err)
			}
			if err := os.Rename(filepath.Join(a, "memory/notes/cache.md"), aside); err != nil {
				t.Error(err)
			}
			held.Unlock()
		})
	})
	if _, err := gitsync.Sync(ctx, a, gitsync.Options{Host: "a"}); err != nil {
		t.Fatalf("Sync = %v", err)
	}
	if got := run(t, bare, "ls-tree", "-r", "--name-only", "main", "--", "memory/notes"); !strings.Contains(got, "memory/notes/cache.md") {
		t.Errorf("the remote's memory/notes after the sync = %q, want the note aside still there", got)
	}
	if got, err := os.ReadFile(filepath.Join(a, "memory/notes/cache.md")); err != nil || string(got) != note {
		t.Errorf("memory/notes/cache.md after the sync = %q, %v; want it put back", got, err)
	}
}
