package main

import (
	"context"
	"io"
	"strings"
	"sync"
	"testing"
)

// cancelOn cancels a context once a write holds want.
type cancelOn struct {
	mu     sync.Mutex
	want   string
	cancel context.CancelFunc
}

func (c *cancelOn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if strings.Contains(string(p), c.want) {
		c.cancel()
	}
	return len(p), nil
}

// TestWatchIsLongLived: `memweave watch` re-indexes for hours, yet it
// opened its Weave as a one-shot command (only mcp set longLived): its
// index connections kept a 64 KiB page cache meant for a process that
// reads once and exits, and re-read the same pages on every re-index.
// It now opens the workspace as the long-lived process it is.
func TestWatchIsLongLived(t *testing.T) {
	ws := testWorkspace(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	errs := &cancelOn{want: "watching ", cancel: cancel}
	a := &app{stdout: textWriter{io.Discard}, raw: io.Discard, stderr: textWriter{errs}}
	root := a.rootCommand()
	root.SetArgs([]string{"-w", ws, "watch", "--debounce", "50ms"})
	if err := root.ExecuteContext(ctx); err != nil {
		t.Fatalf("watch: %v", err)
	}
	if ctx.Err() == nil {
		t.Fatal("watch returned before it printed that it was watching")
	}
	if a.config().OneShot {
		t.Error("watch opened its workspace with Config.OneShot set, want a long-lived Weave")
	}
}
