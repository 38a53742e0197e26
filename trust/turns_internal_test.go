package trust

import (
	"context"
	"testing"

	"github.com/memweave/memweave-go/internal/locktest"
)

// TestApprovalsLockTakenInTurn: commands waiting to update the approvals
// file get its lock in the order they came, and one that lets it go and
// asks again at once comes after them (the lock was polled every 10 ms,
// a lottery the holder asking again won).
func TestApprovalsLockTakenInTurn(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	ws := t.TempDir()
	p, err := Path()
	if err != nil {
		t.Fatal(err)
	}
	// The lock, as an update holds it: held open from inside its change.
	lock := func(ctx context.Context) (func(), error) {
		held, release, done := make(chan struct{}), make(chan struct{}), make(chan error, 1)
		go func() {
			done <- update(ctx, ws, func(*record) error { close(held); <-release; return nil })
		}()
		select {
		case <-held:
			return func() {
				close(release)
				if err := <-done; err != nil {
					t.Error(err)
				}
			}, nil
		case err := <-done:
			return nil, err
		}
	}
	locktest.InTurn(t, "approvals lock ("+p+".lock)", lock)
}
