package watcher

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/memweave/memweave-go/workspace"
)

// TestDebounceAfterSyncWritesNothing: a Sync (a search's) takes the
// change an edit recorded before the debounce that edit armed expires;
// the expiry then has nothing to take, and must not write a barrier file
// and wait for its event, as it did before every plain search of a
// long-lived Weave that followed an edited one.
func TestDebounceAfterSyncWritesNothing(t *testing.T) {
	root := t.TempDir()
	mem := filepath.Join(root, workspace.MemoryDir)
	if err := os.MkdirAll(mem, 0o755); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var took []Changes
	s := SyncFunc(func(_ context.Context, ch Changes) ([]Event, error) {
		mu.Lock()
		took = append(took, ch)
		mu.Unlock()
		return nil, nil
	})
	expired := make(chan struct{}, 64)
	w, err := Start(context.Background(), s, Options{Root: root, Debounce: 20 * time.Millisecond, PollInterval: time.Hour,
		debounced: func() { expired <- struct{}{} }})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Stop()
	wait := func() {
		select {
		case <-expired:
		case <-time.After(10 * time.Second):
			t.Fatal("the debounce never expired")
		}
	}
	// The catch-up Sync takes the first turn, a full scan: wait for it.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(2 * time.Millisecond) {
		mu.Lock()
		n := len(took)
		mu.Unlock()
		if n > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no catch-up Sync")
		}
	}
	for i := range 20 {
		name := filepath.Join(mem, fmt.Sprintf("n%d.md", i))
		if err := os.WriteFile(name, []byte("# N\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := w.Sync(context.Background(), 0); err != nil {
			t.Fatal(err)
		}
		mu.Lock()
		ours := len(took) > 0 && slices.Contains(took[len(took)-1].Paths, name)
		mu.Unlock()
		if !ours {
			// The debounce expired first and its Sync took the change: try
			// again once it is done.
			wait()
			continue
		}
		before := w.seq.Load()
		wait()
		if n := w.seq.Load() - before; n != 0 {
			t.Fatalf("the debounce that expired after a Sync took its change wrote %d barrier files, want 0", n)
		}
		return
	}
	t.Skip("the machine is too loaded: every debounce expired before the Sync took its change")
}
