package workspace_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/memweave/memweave-go/workspace"
)

// TestTurnstileGivesUpCleanly: waiters of a Turnstile that give up (their
// context ends, their check fails) while others take and leave it never
// leave it held by nobody, nor let two in at once: a waiter that gives
// up just as the turn is handed to it passes the turn on.
func TestTurnstileGivesUpCleanly(t *testing.T) {
	var ts workspace.Turnstile
	var inside, most atomic.Int32
	var wg sync.WaitGroup
	for i := range 64 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range 50 {
				ctx, cancel := context.WithTimeout(context.Background(), time.Duration((i+j)%3)*50*time.Microsecond)
				var check func() error
				if (i+j)%5 == 0 {
					check = func() error { return context.Canceled }
				}
				if ts.Lock(ctx, time.Millisecond, check) == nil {
					n := inside.Add(1)
					if n > most.Load() {
						most.Store(n)
					}
					inside.Add(-1)
					ts.Unlock()
				}
				cancel()
			}
		}()
	}
	wg.Wait()
	if most.Load() != 1 {
		t.Errorf("%d callers held the turnstile at once", most.Load())
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := ts.Lock(ctx, 0, nil); err != nil {
		t.Fatalf("the turnstile is held by nobody after every waiter left, yet Lock = %v", err)
	}
	ts.Unlock()
}
