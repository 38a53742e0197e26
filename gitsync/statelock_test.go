package gitsync_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/memweave/memweave-go/gitsync"
	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/workspace"
)

// TestSyncRecordsItsStateUnderItsLock: sync.json, the per-machine
// record (the last sync's time and error, the commit the index
// reflects, a replay pushed before its checkout), was rewritten after
// the sync lock was let go, from a copy read then: a sync of the same
// workspace that took the lock in between (a second process, an MCP
// server's loop beside a CLI sync) had its record overwritten by the
// older one. Here the second sync runs in that window: the status must
// show its time, the later one.
func TestSyncRecordsItsStateUnderItsLock(t *testing.T) {
	t.Parallel()
	bare := remote(t)
	a := clone(t, bare, "a")
	sync(t, a, "a")
	first, second := time.Date(2026, 12, 6, 10, 0, 0, 0, time.UTC), time.Date(2026, 12, 6, 10, 0, 5, 0, time.UTC)
	free := false
	ctx := edithook.WithStep(context.Background(), func(step string) {
		if step != "recording state" || free {
			return
		}
		fl := workspace.NewLock(filepath.Join(a, workspace.IndexDir, gitsync.LockName))
		defer fl.Close()
		ok, err := fl.TryLock()
		if err != nil || !ok {
			return // held: no other sync can run before the record is written
		}
		fl.Unlock()
		free = true
		if _, err := gitsync.Sync(context.Background(), a, gitsync.Options{Host: "a", Now: func() time.Time { return second }}); err != nil {
			t.Errorf("the second Sync(a) = %v", err)
		}
	})
	write(t, a, "memory/notes/a.md", "from a\n")
	if _, err := gitsync.Sync(ctx, a, gitsync.Options{Host: "a", Now: func() time.Time { return first }}); err != nil {
		t.Fatalf("Sync(a) = %v", err)
	}
	if free {
		t.Errorf("sync.json was written with the sync lock free")
	}
	st, err := gitsync.ReadStatus(context.Background(), a, gitsync.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if free && !st.LastSync.Equal(second) {
		t.Errorf("ReadStatus.LastSync = %v after a sync at %v and one at %v, want the later", st.LastSync, first, second)
	}
}
