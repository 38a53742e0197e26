package gitsync

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/memweave/memweave-go/internal/ctxsleep"
	"github.com/memweave/memweave-go/internal/edithook"
)

// Several syncs of one workspace (sync loops in one clone, a server's
// loop beside CLI syncs) take the sync lock in turn, each straight after
// the one before. Each finds the remote where its predecessor left it, so
// each pushes at once, about once per sync length, with no gap between.
// Another machine learns that its push was rejected only once the
// workspace's push has landed, and its next round (fetch, replay, push)
// takes longer than the workspace's next fast-forward sync, which began
// earlier: it lost round after round, up to its bound. A sync that had to
// wait for the lock therefore leaves the other machines a turn first: it
// starts only once a gap has passed since the last push of the
// workspace, a gap of two to three times the length of the round that
// pushed (fetch, replay, push), so that another machine's round, rejected
// by that push, has the time to fetch, replay and push again. A sync that
// found the lock free (a user's sync, one loop alone) does not wait:
// nothing of this workspace pushed just before it but itself.

// maxTurnGap bounds the gap a sync leaves after the workspace's last push.
const maxTurnGap = 30 * time.Second

// turnGap is the gap a sync that waited for the lock leaves after a push
// whose round took round: from two to three times round, at random (two
// busy clones do not fall into step), at most maxTurnGap.
func turnGap(round time.Duration) time.Duration {
	if round <= 0 {
		return 0
	}
	round = min(round, maxTurnGap) // a state file edited by hand
	return min(maxTurnGap, 2*round+rand.N(round+1))
}

// leaveATurn waits, when the sync lock was busy when this sync asked for
// it, until the gap after the workspace's last push (recorded in its
// state file) has passed, or ctx ends; it returns how long it waited.
func leaveATurn(ctx context.Context, root string, waited bool) (time.Duration, error) {
	if !waited {
		return 0, nil
	}
	st, err := readState(root)
	if err != nil || st.LastPush.IsZero() {
		return 0, nil
	}
	gap := turnGap(st.PushRound)
	// A clock set back since the push: never more than the gap.
	wait := min(gap, time.Until(st.LastPush.Add(gap)))
	if wait <= 0 {
		return 0, nil
	}
	edithook.Step(ctx, "leaving a turn")
	if err := ctxsleep.Sleep(ctx, wait); err != nil {
		return 0, err
	}
	return wait, nil
}
