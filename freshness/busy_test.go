package freshness

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/watcher"
)

// TestSyncWatchedBusyIsErrBusy: a search whose turn at the watcher does
// not come within its wait (the watcher's own run holds it, waiting for
// the index lock another process holds) warns with an error wrapping
// [indexer.ErrBusy], as a wait for the index lock itself does, and as
// syncThrough fails; it said "watcher: another sync is running", which
// no exported sentinel names.
func TestSyncWatchedBusyIsErrBusy(t *testing.T) {
	root := t.TempDir()
	if err := os.Mkdir(filepath.Join(root, "memory"), 0o755); err != nil {
		t.Fatal(err)
	}
	var slot watcher.Slot
	noop := watcher.SyncFunc(func(context.Context, watcher.Changes) ([]watcher.Event, error) { return nil, nil })
	ctx := context.Background()
	if err := slot.Start(ctx, noop, watcher.Options{Root: root}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { slot.Close() })
	held, release, done := make(chan struct{}), make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		_ = slot.Do(ctx, 0, func(context.Context, watcher.Changes) error { close(held); <-release; return nil })
	}()
	<-held
	defer func() { close(release); <-done }()
	warns, ok := syncWatched(ctx, nil, &slot, 50*time.Millisecond)
	if !ok || len(warns) != 1 || !errors.Is(warns[0], indexer.ErrBusy) {
		t.Errorf("SyncWatched while the watcher's turn is taken = %q, %v; want one warning wrapping indexer.ErrBusy", warns, ok)
	}
}
