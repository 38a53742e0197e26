package gitsync_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncLeavesARunningGitsLock: a git command the user runs holds the
// index's lock (git add running a slow clean filter): the sync waits for
// it instead of removing the lock as a killed sync's, and both the
// user's git add and the sync succeed.
func TestSyncLeavesARunningGitsLock(t *testing.T) {
	bare := remote(t)
	ws := clone(t, bare, "ws")
	sync(t, ws, "ws")
	write(t, ws, "big.txt", "the user's file\n")
	if err := os.WriteFile(filepath.Join(ws, ".git", "info", "attributes"), []byte("big.txt filter=slow\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	add := exec.Command("git", "-C", ws, "-c", "filter.slow.clean=sleep 3; cat", "add", "big.txt")
	var addOut strings.Builder
	add.Stdout, add.Stderr = &addOut, &addOut
	if err := add.Start(); err != nil {
		t.Fatal(err)
	}
	lock := filepath.Join(ws, ".git", "index.lock")
	for i := 0; i < 100; i++ {
		if _, err := os.Stat(lock); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	write(t, ws, "memory/mine.md", "mine\n")
	res, err := gitsync.Sync(context.Background(), ws, gitsync.Options{Host: "ws"})
	if err != nil {
		t.Errorf("Sync beside a running git add = %v", err)
	} else if len(res.Warnings) > 0 {
		t.Errorf("Sync warnings = %q, want none", res.Warnings)
	}
	if err := add.Wait(); err != nil {
		t.Errorf("the user's git add, run beside the sync: %v\n%s", err, addOut.String())
	}
	if got := gitIn(t, ws, nil, "diff", "--cached", "--name-only", "HEAD"); got != "big.txt" {
		t.Errorf("staged = %q, want big.txt", got)
	}
}

// TestSyncClearsAKilledSyncsLock: the lock a killed sync's git left is
// removed, with a warning, and the sync goes on.
func TestSyncClearsAKilledSyncsLock(t *testing.T) {
	bare := remote(t)
	ws := clone(t, bare, "ws")
	sync(t, ws, "ws")
	write(t, ws, ".memweave/sync-running", "12345\n")
	write(t, ws, ".git/index.lock", "")
	write(t, ws, "memory/mine.md", "mine\n")
	res := sync(t, ws, "ws")
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "index.lock") {
		t.Errorf("Sync warnings = %q, want one naming index.lock", res.Warnings)
	}
	if got := gitIn(t, bare, nil, "show", "main:memory/mine.md"); got != "mine" {
		t.Errorf("the remote's mine.md = %q", got)
	}
}
