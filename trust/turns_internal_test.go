package trust

import (
	"context"
	"slices"
	"sync"
	"testing"

	"github.com/memweave/memweave-go/workspace"
)

// TestApprovalsLockTakenInTurn: commands waiting to update the approvals
// file get its lock in the order they came, and one that lets it go and
// asks again at once comes after them (the lock was polled every 10 ms,
// a lottery the holder asking again won). A wait is known to have begun
// by its notice (workspace.LockNoticeDelay).
func TestApprovalsLockTakenInTurn(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	ws := t.TempDir()
	p, err := Path()
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var order []string
	take := func(ctx context.Context, who string) error {
		return update(ctx, ws, func(*record) error {
			mu.Lock()
			order = append(order, who)
			mu.Unlock()
			return nil
		})
	}
	// The holder: a first update, held open from inside its change.
	held, release, done := make(chan struct{}), make(chan struct{}), make(chan error, 3)
	go func() {
		done <- update(context.Background(), ws, func(*record) error { close(held); <-release; return nil })
	}()
	<-held
	wait := func(who string) {
		waiting := make(chan struct{})
		var once sync.Once
		ctx := workspace.WithLockNotice(context.Background(), func(workspace.LockWait) { once.Do(func() { close(waiting) }) })
		go func() { done <- take(ctx, who) }()
		<-waiting
	}
	wait("a")
	wait("b")
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	done <- take(context.Background(), "holder again")
	for range 3 {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	if want := []string{"a", "b", "holder again"}; !slices.Equal(order, want) {
		t.Errorf("the approvals lock (%s.lock) went to %q; want %q, the order they asked in", p, order, want)
	}
}
