package memfile_test

import (
	"context"
	"slices"
	"sync"
	"testing"

	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/workspace"
)

// TestWriteLockTakenInTurn: callers waiting for the workspace's write
// lock get it in the order they came, and a holder that lets it go and
// asks again at once comes after them (the lock was a poll lottery,
// retried every millisecond, which the holder asking again won nearly
// every time). A wait is known to have begun by its notice
// (workspace.LockNoticeDelay).
func TestWriteLockTakenInTurn(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	var mu sync.Mutex
	var order []string
	take := func(ctx context.Context, who string) error {
		unlock, err := memfile.Lock(ctx, root)
		if err != nil {
			return err
		}
		mu.Lock()
		order = append(order, who)
		mu.Unlock()
		unlock()
		return nil
	}
	unlock, err := memfile.Lock(context.Background(), root)
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
		t.Errorf("the write lock went to %q; want %q, the order they asked in", order, want)
	}
}
