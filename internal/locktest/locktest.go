// Package locktest checks the workspace's lock files for their tests:
// that waiters are served in the order they came ([InTurn]). It imports
// workspace, so workspace's own tests cannot use it; memweavetest cannot
// hold it, as workspace's tests import memweavetest.
package locktest

import (
	"context"
	"slices"
	"sync"
	"testing"

	"github.com/memweave/memweave-go/workspace"
)

// InTurn checks that callers waiting for the lock that lock takes get it
// in the order they came, and that a holder that lets it go and asks
// again at once comes after them (a lock polled on a timer is a lottery
// the holder asking again wins). lock takes the lock under ctx, with
// ctx's lock notice ([workspace.WithLockNotice]), and returns the
// function that lets it go. name names the lock in the failure message.
// A wait is known to have begun by its notice ([workspace.LockNoticeDelay]).
func InTurn(t *testing.T, name string, lock func(ctx context.Context) (unlock func(), err error)) {
	t.Helper()
	var mu sync.Mutex
	var order []string
	take := func(ctx context.Context, who string) error {
		unlock, err := lock(ctx)
		if err != nil {
			return err
		}
		mu.Lock()
		order = append(order, who)
		mu.Unlock()
		unlock()
		return nil
	}
	unlock, err := lock(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 3)
	wait := func(who string) {
		waiting := make(chan struct{})
		var once sync.Once
		ctx := workspace.WithLockNotice(context.Background(), func(workspace.LockWait) { once.Do(func() { close(waiting) }) })
		go func() { done <- take(ctx, who) }()
		<-waiting
	}
	wait("a")
	wait("b")
	unlock()
	done <- take(context.Background(), "holder again")
	for range 3 {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	if want := []string{"a", "b", "holder again"}; !slices.Equal(order, want) {
		t.Errorf("the %s went to %q; want %q, the order they asked in", name, order, want)
	}
}
