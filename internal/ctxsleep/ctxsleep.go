// Package ctxsleep is the one wait of a retry loop that its context may
// cut short: the embedding client's backoff, the index lock's and the
// workspace lock's polls, the index's retry of a locked new file, the
// sync's waits for git and the rest between periodic syncs.
package ctxsleep

import (
	"context"
	"time"
)

// Sleep waits for d and returns nil, or returns ctx's error as soon as
// ctx ends, whichever comes first.
func Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
