package gitsync

import (
	"context"
	"testing"

	"github.com/memweave/memweave-go/internal/locktest"
)

// TestSyncLockTakenInTurn: syncs waiting for the workspace's sync lock
// get it in the order they came, and one that lets it go and asks again
// at once comes after them (the lock was polled every 10 ms, a lottery
// the holder asking again won).
func TestSyncLockTakenInTurn(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	locktest.InTurn(t, "sync lock", func(ctx context.Context) (func(), error) {
		unlock, _, err := lockFile(ctx, root, LockName)
		return unlock, err
	})
}
