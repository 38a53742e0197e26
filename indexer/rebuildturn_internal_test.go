package indexer

import (
	"context"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/memweave/memweave-go/internal/ctxsleep"
	"github.com/memweave/memweave-go/workspace"
)

// TestRebuildWaitsItsTurn: Rebuild takes the index lock after the waiters
// queued before it (it polled the lock every 20 ms without a ticket, so a
// rebuild asked for just as the holder let go won over them).
func TestRebuildWaitsItsTurn(t *testing.T) {
	db := filepath.Join(t.TempDir(), "index.db")
	holder := workspace.NewLock(db + ".lock")
	ctx := context.Background()
	if err := workspace.LockInTurn(holder, func(d time.Duration) error { return ctxsleep.Sleep(ctx, d) }); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var order []string
	waiting, done := make(chan struct{}), make(chan error, 1)
	var once sync.Once
	go func() {
		fl := workspace.NewLock(db + ".lock")
		err := workspace.LockInTurn(fl, func(d time.Duration) error {
			once.Do(func() { close(waiting) })
			return ctxsleep.Sleep(ctx, d)
		})
		if err == nil {
			mu.Lock()
			order = append(order, "a")
			mu.Unlock()
			fl.Unlock()
		}
		done <- err
	}()
	<-waiting
	holder.Unlock()
	_, _ = Rebuild(ctx, db, func(context.Context, string, bool) (*Result, error) {
		mu.Lock()
		order = append(order, "rebuild")
		mu.Unlock()
		return nil, context.Canceled
	})
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if want := []string{"a", "rebuild"}; !slices.Equal(order, want) {
		t.Errorf("the index lock went to %q; want %q, the order they asked in", order, want)
	}
}
