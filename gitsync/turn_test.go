package gitsync_test

import (
	"context"
	"path/filepath"
	gosync "sync"
	"testing"

	"github.com/memweave/memweave-go/gitsync"
	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/workspace"
)

// TestSyncLeavesAnotherMachineATurn: syncs in a busy clone (three sync
// loops in one workspace) each took the sync lock straight after the one
// before and pushed at once: another machine, whose rejected round needs
// a fetch, a replay and a push, lost 25 rounds of one sync in a row. A
// sync that found the lock busy right after its workspace pushed now
// waits a gap before it fetches; here machine b syncs during that gap,
// and must push at its first round, and a's sync still pushes after.
func TestSyncLeavesAnotherMachineATurn(t *testing.T) {
	_, a, b := syncedPair(t, "a", "b")
	write(t, a, "memory/notes/a1.md", "a 1\n")
	sync(t, a, "a") // pushes: the workspace's last push

	// Another sync of a holds the lock; a's next sync waits for it.
	fl := workspace.NewLock(filepath.Join(a, workspace.IndexDir, gitsync.LockName))
	if err := fl.Lock(); err != nil {
		t.Fatal(err)
	}
	defer fl.Close()
	write(t, a, "memory/notes/a2.md", "a 2\n")
	write(t, b, "memory/notes/b.md", "b\n")
	var bRes *gitsync.Result
	var bErr error
	waiting := make(chan struct{})
	var once gosync.Once
	ctx := edithook.WithStep(context.Background(), func(step string) {
		if step == "waiting for the sync lock" {
			once.Do(func() { close(waiting) })
		}
		if step == "leaving a turn" && bRes == nil && bErr == nil {
			bRes, bErr = gitsync.Sync(context.Background(), b, gitsync.Options{Host: "b"})
		}
	})
	type out struct {
		res *gitsync.Result
		err error
	}
	done := make(chan out, 1)
	go func() {
		res, err := gitsync.Sync(ctx, a, gitsync.Options{Host: "a"})
		done <- out{res, err}
	}()
	<-waiting
	fl.Unlock()
	got := <-done
	if got.err != nil {
		t.Fatalf("Sync(a) = %v", got.err)
	}
	if bRes == nil && bErr == nil {
		t.Fatalf("Sync(a), the lock busy right after a's push, left no turn (TurnWait %v): want a gap before it fetches", got.res.TurnWait)
	}
	if bErr != nil || !bRes.Pushed || bRes.Attempts != 1 {
		t.Errorf("Sync(b) during a's turn = %+v, %v; want a push at its first round", bRes, bErr)
	}
	if !got.res.Pushed || got.res.TurnWait <= 0 {
		t.Errorf("Sync(a) after b's turn: pushed %v, TurnWait %v; want a push after a wait", got.res.Pushed, got.res.TurnWait)
	}
	if s := read(t, a, "memory/notes/b.md"); s != "b\n" {
		t.Errorf("a: notes/b.md = %q, want b's note", s)
	}
	t.Logf("a waited %v; b %v", got.res.TurnWait, bRes.Duration)
	// A sync that finds the lock free waits for nothing.
	write(t, a, "memory/notes/a3.md", "a 3\n")
	if res := sync(t, a, "a"); res.TurnWait != 0 {
		t.Errorf("Sync(a) with the lock free: TurnWait %v, want 0", res.TurnWait)
	}
}
