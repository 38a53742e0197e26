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
	t.Parallel()
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

// TestSyncMergeOverTheLimitSaysHowToRecover: the refusal of a merged log
// over the limit says by how much, and the step it names (move that much
// of this machine's entries into another note) gets sync going again
// with every entry of both machines kept.
func TestSyncMergeOverTheLimitSaysHowToRecover(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	a, b := clone(t, bare, "a"), clone(t, bare, "b")
	opts := gitsync.Options{MaxBlobBytes: 1000}
	ctx := context.Background()
	const day = "memory/2026-03-14.md"
	fromA, fromB := strings.Repeat("from a, a line of the log.\n", 22), strings.Repeat("from b, a line of the log.\n", 22)
	write(t, a, day, fromA)
	opts.Host = "a"
	if _, err := gitsync.Sync(ctx, a, opts); err != nil {
		t.Fatalf("Sync(a): %v", err)
	}
	write(t, b, day, fromB)
	opts.Host = "b"
	_, err := gitsync.Sync(ctx, b, opts)
	if err == nil || !strings.Contains(err.Error(), "1188 bytes, 188 over the 1000-byte limit") ||
		!strings.Contains(err.Error(), "move at least the bytes over") {
		t.Fatalf("Sync(b) = %v, want the size, how much over the limit, and what to move", err)
	}
	// The step the error names: 188 bytes (7 lines) of b's entries go
	// to a note of their own.
	lines := strings.SplitAfter(fromB, "\n")
	write(t, b, day, strings.Join(lines[:15], ""))
	write(t, b, "memory/notes/2026-03-14-b.md", strings.Join(lines[15:], ""))
	if _, err := gitsync.Sync(ctx, b, opts); err != nil {
		t.Fatalf("Sync(b) after moving 7 lines out of the log: %v", err)
	}
	opts.Host = "a"
	if _, err := gitsync.Sync(ctx, a, opts); err != nil {
		t.Fatalf("Sync(a) after b's: %v", err)
	}
	for _, ws := range []string{a, b} {
		got := read(t, ws, day) + read(t, ws, "memory/notes/2026-03-14-b.md")
		if strings.Count(got, "from a,") != 22 || strings.Count(got, "from b,") != 22 {
			t.Errorf("%s holds %d of a's lines and %d of b's, want 22 each", ws, strings.Count(got, "from a,"), strings.Count(got, "from b,"))
		}
	}
}
