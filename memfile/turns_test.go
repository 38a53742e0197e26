package memfile_test

import (
	"context"
	"testing"

	"github.com/memweave/memweave-go/internal/locktest"
	"github.com/memweave/memweave-go/memfile"
)

// TestWriteLockTakenInTurn: callers waiting for the workspace's write
// lock get it in the order they came, and a holder that lets it go and
// asks again at once comes after them (the lock was a poll lottery,
// retried every millisecond, which the holder asking again won nearly
// every time).
func TestWriteLockTakenInTurn(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	locktest.InTurn(t, "write lock", func(ctx context.Context) (func(), error) { return memfile.Lock(ctx, root) })
}
