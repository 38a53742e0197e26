package gitsync

import (
	"context"
	"slices"
	"sync"
	"testing"

	"github.com/memweave/memweave-go/workspace"
)

// TestSyncLockTakenInTurn: syncs waiting for the workspace's sync lock
// get it in the order they came, and one that lets it go and asks again
// at once comes after them (the lock was polled every 10 ms, a lottery
// the holder asking again won). A wait is known to have begun by its
// notice (workspace.LockNoticeDelay).
func TestSyncLockTakenInTurn(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	var mu sync.Mutex
	var order []string
	take := func(ctx context.Context, who string) error {
		unlock, err := lockFile(ctx, root, LockName)
		if err != nil {
			return err
		}
		mu.Lock()
		order = append(order, who)
		mu.Unlock()
		unlock()
		return nil
	}
	unlock, err := lockFile(context.Background(), root, LockName)
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
		t.Errorf("the sync lock went to %q; want %q, the order they asked in", order, want)
	}
}
