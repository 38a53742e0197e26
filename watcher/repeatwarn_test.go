package watcher_test

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/memweave/memweave-go/memweavetest"
)

// TestFailingSyncWarnsOnce: a Sync that keeps failing is retried at each
// poll tick, and each retry logged "watcher: sync failed; retrying" again
// (mcp on a full disk: a line every 5 s, the same hold message with the
// free space in it). The failure is now logged once, and again only when
// it changes other than in its numbers, or comes back after a Sync that
// worked, which is logged too.
func TestFailingSyncWarnsOnce(t *testing.T) {
	h := newHarness(t, map[string]string{"memory/a.md": "# A\n"})
	var failing atomic.Bool
	failing.Store(true)
	h.s.fail = func(n int) error {
		if failing.Load() {
			return fmt.Errorf("a write failed on a full disk; the index writes again once it has 1024 KiB free (it has %d)", n)
		}
		return nil
	}
	var log memweavetest.Buffer
	opts := h.options()
	opts.Logger = slog.New(slog.NewTextHandler(&log, nil))
	opts.Debounce, opts.PollInterval = time.Millisecond, 20*time.Millisecond
	h.start(t, context.Background(), opts)
	beats := h.heartbeats.Load()
	waitUntil(t, "five poll ticks", func() bool { return h.heartbeats.Load() >= beats+5 && h.s.calls.Load() >= 4 })
	if n := log.Count("sync failed"); n != 1 {
		t.Errorf("%d Syncs failing alike logged %d warnings, want 1:\n%s", h.s.calls.Load(), n, log.String())
	}
	failing.Store(false)
	waitUntil(t, "the line saying Sync works again", func() bool { return log.Count("watcher: sync works again") == 1 })
	failing.Store(true)
	h.write(t, "memory/a.md", "# A, edited\n")
	waitUntil(t, "the failure after it logged", func() bool { return log.Count("sync failed") == 2 })
}

// TestFailingBarrierWarnsOnce: on a read-only or full disk the barrier
// file of every Sync fails to be created, and each Sync (each search of
// mcp, which syncs through the watcher) logged "watcher: barrier failed;
// scanning everything" again. It is logged once while barriers fail
// alike; the full scan each time is unchanged.
func TestFailingBarrierWarnsOnce(t *testing.T) {
	h := newHarness(t, map[string]string{"memory/a.md": "# A\n"})
	var log memweavetest.Buffer
	opts := h.options()
	opts.Logger = slog.New(slog.NewTextHandler(&log, nil))
	opts.SyncDir = filepath.Join(h.root, ".memweave", "sync")
	w := h.start(t, context.Background(), opts)
	h.sync(t, w)
	// Barriers fail from now on: the barrier folder's parent is gone
	// too, so the folder is not made again (TestBarrierFolderMadeAgain).
	removeAllUnderWatcher(t, filepath.Dir(opts.SyncDir))
	for range 5 {
		h.sync(t, w)
	}
	if n := log.Count("barrier failed"); n != 1 {
		t.Errorf("5 Syncs whose barriers failed alike logged %d warnings, want 1:\n%s", n, log.String())
	}
}

// TestBarrierFolderMadeAgain: the barrier folder removed under a running
// watcher (rm -r .memweave clears the index cache under memweave mcp,
// whose index folder comes back at its next call) made every later Sync
// a full scan until the process restarted. A barrier that finds its
// folder gone makes it again, where its parent is, and watches it: the
// Sync after that one looks at the paths events named only.
func TestBarrierFolderMadeAgain(t *testing.T) {
	h := newHarness(t, map[string]string{"memory/a.md": "# A\n"})
	var log memweavetest.Buffer
	opts := h.options()
	opts.OnDemand = true
	opts.Logger = slog.New(slog.NewTextHandler(&log, nil))
	opts.SyncDir = filepath.Join(h.root, ".memweave", "sync")
	w := h.start(t, context.Background(), opts)
	h.sync(t, w)
	removeAllUnderWatcher(t, opts.SyncDir)
	h.write(t, "memory/b.md", "# B\n")
	if ch := h.sync(t, w); !ch.All {
		t.Fatalf("Sync with its barrier folder gone = %+v, want a full scan", ch)
	}
	h.write(t, "memory/c.md", "# C\n")
	// b.md's event may come after the failed barrier's Sync took the
	// changes (nothing waited for it): named again, harmless.
	if ch := h.sync(t, w); ch.All || !slices.Contains(ch.Paths, h.abs("memory/c.md")) {
		t.Errorf("Sync after the barrier folder was made again = %+v, want the paths changed only; log:\n%s", ch, log.String())
	}
}

// removeAllUnderWatcher removes dir, which a running watcher may write
// into meanwhile: a Sync at a poll tick makes a barrier file, or makes
// the barrier folder again while its parent is still there, between
// RemoveAll's emptying of a folder and its unlink of it ("directory not
// empty", CI at ab4109a7). It retries until dir is gone.
func removeAllUnderWatcher(t *testing.T, dir string) {
	t.Helper()
	var err error
	for range 100 {
		if err = os.RemoveAll(dir); err == nil {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal(err)
}
