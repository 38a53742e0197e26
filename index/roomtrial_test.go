package index

import (
	"context"
	"errors"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestRoomWaitTriesOnceSpaceReturns: after a write failed on a full disk
// the handle waited for the free space after the failure plus at least
// 1 MiB, and a disk that never got that back (a small one; the user
// freed 500 KiB, more than the run needs) never had its index written in
// that process again, however long it ran: only a restart wrote it. Now,
// once some space came back, one write is tried a minute after the
// failure, the next after two more if that one fails too, and none while
// no space came back; a write that works ends the wait.
func TestRoomWaitTriesOnceSpaceReturns(t *testing.T) {
	type step struct {
		what  string
		after time.Duration
		free  uint64
		write bool // roomToWrite lets a write through
	}
	db := openTest(t)
	var mu sync.Mutex
	now, free := time.Date(2026, 12, 5, 10, 0, 0, 0, time.UTC), uint64(100<<10)
	db.room.now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	db.room.free = func(string) (uint64, bool) { mu.Lock(); defer mu.Unlock(); return free, true }
	set := func(d time.Duration, f uint64) { mu.Lock(); now, free = now.Add(d), f; mu.Unlock() }
	ctx := context.Background()
	db.noteFull(ctx, syscall.ENOSPC) // a write failed with 100 KiB left
	steps := []step{
		{"at once, the user having freed 500 KiB", 0, 600 << 10, false},
		{"a minute on, no space back", time.Minute, 100 << 10, false},
		{"then with the 500 KiB back", 0, 600 << 10, true},
		{"right after that trial", time.Second, 600 << 10, false},
	}
	check := func(steps []step) {
		t.Helper()
		for _, s := range steps {
			set(s.after, s.free)
			err := db.roomToWrite()
			if (err == nil) != s.write || err != nil && !errors.Is(err, syscall.ENOSPC) {
				t.Errorf("%s: roomToWrite() = %v, want a write let through: %v", s.what, err, s.write)
			}
		}
	}
	check(steps)
	set(0, 90<<10)
	db.noteFull(ctx, syscall.ENOSPC) // the trial failed too: 2 minutes to the next
	check([]step{
		{"a minute after the second failure", time.Minute, 600 << 10, false},
	})
	// Two minutes after it, the trial's write goes through and works:
	// the wait ends.
	set(time.Minute, 600<<10)
	if err := db.SetMeta(ctx, map[string]string{"trial": "ok"}); err != nil {
		t.Errorf("the write two minutes after the second failure: %v, want it tried and written", err)
	}
	check([]step{{"after a write that worked, with little room", time.Second, 10 << 10, true}})
}
