package gitsync_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
)

// TestSyncNeverPushesAMergeOverTheLimit: two machines append to the same
// day's log, each under the size limit; git's union merge of the two is
// over it. The machine that merges must not push the merged log, which
// every other machine would refuse, stopping their syncs for good: its
// sync is refused, naming the log, and the other machine keeps syncing.
func TestSyncNeverPushesAMergeOverTheLimit(t *testing.T) {
	bare := remote(t)
	a, b := clone(t, bare, "a"), clone(t, bare, "b")
	opts := gitsync.Options{MaxBlobBytes: 1000}
	ctx := context.Background()
	const day = "memory/2026-03-14.md"
	write(t, a, day, strings.Repeat("from a, a line of the log.\n", 22))
	opts.Host = "a"
	if _, err := gitsync.Sync(ctx, a, opts); err != nil {
		t.Fatalf("Sync(a): %v", err)
	}
	write(t, b, day, strings.Repeat("from b, a line of the log.\n", 22))
	opts.Host = "b"
	_, err := gitsync.Sync(ctx, b, opts)
	if !errors.Is(err, gitsync.ErrRefused) || !strings.Contains(err.Error(), day) {
		t.Errorf("Sync(b) = %v, want ErrRefused naming %s", err, day)
	}
	t.Log(err)
	write(t, a, "memory/a.md", "more from a\n")
	opts.Host = "a"
	if _, err := gitsync.Sync(ctx, a, opts); err != nil {
		t.Errorf("Sync(a) after b's: %v; want it to go on", err)
	}
}
