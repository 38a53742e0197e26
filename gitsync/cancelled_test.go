package gitsync_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncAfterACancelledSyncClearsItsGitsLock: a sync whose context ends
// while git runs (a long-lived server's timeout, its Close) has that git
// killed, and the lock it held (the index's, during git add) stays. The
// next sync takes it for the killed git's, as it does after a sync that
// was killed itself, instead of waiting for it and failing every time
// ("a git command running holds it").
func TestSyncAfterACancelledSyncClearsItsGitsLock(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("only Linux tells a lock no process holds open; elsewhere sync removes none")
	}
	bare := remote(t)
	ws := clone(t, bare, "ws")
	sync(t, ws, "ws")
	// A clean filter slow enough for the context to end during sync's
	// git add. Sync turns the config's filters off (GIT_CONFIG_COUNT):
	// a git on PATH gives them back to git add alone.
	real, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	bin := t.TempDir()
	shim := "#!/bin/sh\nfor a in \"$@\"; do [ \"$a\" = add ] && unset GIT_CONFIG_COUNT; done\nexec '" + real + "' \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "git"), []byte(shim), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	gitIn(t, ws, nil, "config", "filter.slow.clean", "sleep 2; cat")
	write(t, ws, ".git/info/attributes", "memory/slow.md filter=slow\n")
	write(t, ws, "memory/slow.md", "a note behind a slow filter\n")
	lock := filepath.Join(ws, ".git", "index.lock")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { // cancel once sync's git add holds the lock
		for ctx.Err() == nil {
			if _, err := os.Stat(lock); err == nil {
				time.Sleep(200 * time.Millisecond)
				cancel()
			}
			time.Sleep(10 * time.Millisecond)
		}
	}()
	if _, err := gitsync.Sync(ctx, ws, gitsync.Options{Host: "ws"}); !errors.Is(err, context.Canceled) {
		t.Fatalf("Sync with a context ending during git add = %v, want %v", err, context.Canceled)
	}
	if _, err := os.Stat(lock); err != nil {
		t.Fatalf("the killed git add left no index.lock (%v): nothing to test", err)
	}
	time.Sleep(2500 * time.Millisecond) // the filter's sleep, which may hold the lock open, ends
	os.Remove(filepath.Join(ws, ".git", "info", "attributes"))
	res, err := gitsync.Sync(context.Background(), ws, gitsync.Options{Host: "ws"})
	if err != nil {
		t.Fatalf("Sync after the cancelled one = %v", err)
	}
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "index.lock") {
		t.Errorf("Sync warnings = %q, want one naming index.lock", res.Warnings)
	}
	if got := gitIn(t, bare, nil, "show", "main:memory/slow.md"); got != "a note behind a slow filter" {
		t.Errorf("the remote's slow.md = %q", got)
	}
}
