package gitsync

import (
	"context"
	"time"
)

// StartKilledSync does what a sync does up to writing its running
// marker, as one killed right after that would leave it.
func StartKilledSync(ctx context.Context, root string, opts Options) error {
	s, err := newSyncer(ctx, root, opts, false)
	if err != nil {
		return err
	}
	_, _, err = s.markRunning(ctx, root)
	return err
}

// SetForeignLockWait sets how long a sync waits for a lock that a
// running git holds, until the test ends.
func SetForeignLockWait(t interface{ Cleanup(func()) }, d time.Duration) {
	old := foreignLockWait
	foreignLockWait = d
	t.Cleanup(func() { foreignLockWait = old })
}
