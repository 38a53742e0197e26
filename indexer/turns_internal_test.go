package indexer

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/memweave/memweave-go/workspace"
)

// TestIndexLockTakenInTurn: waiters for the index lock get it in the
// order they came, and a holder that lets it go and asks again at once
// comes after them. The lock was a poll lottery (each waiter retried
// every 5 or 10 ms): the holder asking again won it nearly every time,
// and left15 measured waits of 851 ms behind a writer that rewrote a
// note back to back. Two engines on one index are two processes to the
// file lock (openProcess); three handles of one engine are three calls
// of a long-lived server.
func TestIndexLockTakenInTurn(t *testing.T) {
	for _, c := range []struct {
		name     string
		separate bool
	}{{"processes", true}, {"calls", false}} {
		t.Run(c.name, func(t *testing.T) {
			root := indexedWorkspace(t)
			holder := openProcess(t, root)
			a, b := holder, holder
			if c.separate {
				a, b = openProcess(t, root), openProcess(t, root)
			}
			var mu sync.Mutex
			var order []string
			took := func(who string) func() error {
				return func() error { mu.Lock(); order = append(order, who); mu.Unlock(); return nil }
			}
			ctx := context.Background()
			held, release, done := make(chan struct{}), make(chan struct{}), make(chan error, 3)
			go func() {
				err := holder.WithLock(ctx, 0, func() error { close(held); <-release; return nil })
				if err == nil {
					err = holder.WithLock(ctx, 0, took("holder again"))
				}
				done <- err
			}()
			<-held
			// wait starts who's wait and returns once it waits: the moot
			// check runs as soon as the lock is found taken.
			wait := func(e *Engine, who string) {
				waiting := make(chan struct{})
				var once sync.Once
				moot := func() bool { once.Do(func() { close(waiting) }); return false }
				go func() { done <- e.withLockUnless(ctx, 0, moot, took(who)) }()
				<-waiting
			}
			wait(a, "a")
			wait(b, "b")
			close(release)
			for range 3 {
				if err := <-done; err != nil {
					t.Fatal(err)
				}
			}
			if want := []string{"a", "b", "holder again"}; !slices.Equal(order, want) {
				t.Errorf("the index lock went to %q; want %q, the order they asked in", order, want)
			}
			if left := tickets(t, holder); len(left) != 0 {
				t.Errorf("tickets left in the turns folder: %q", left)
			}
		})
	}
}

// tickets lists the turns folder of e's index lock.
func tickets(t *testing.T, e *Engine) []string {
	t.Helper()
	ents, err := os.ReadDir(e.flock.Path() + workspace.TurnsSuffix)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

// TestIndexLockTurnsOfTheDeadAndThePlanted: the turns folder of the index
// lock never keeps a waiter from it: a ticket no process holds (a waiter
// killed while it waited) is removed when a later one reads it, entries
// that are not files are passed over, a waiter that gives up (timeout)
// removes its ticket, and a turns folder that is a link, or holds more
// entries than it should, leaves the waits to poll the lock as before.
func TestIndexLockTurnsOfTheDeadAndThePlanted(t *testing.T) {
	setup := func(t *testing.T) (e, other *Engine, dir string) {
		root := indexedWorkspace(t)
		e = openProcess(t, root)
		return e, openProcess(t, root), e.flock.Path() + workspace.TurnsSuffix
	}
	t.Run("dead and planted", func(t *testing.T) {
		e, other, dir := setup(t)
		for _, p := range []string{dir + "/q-0000000000000001-1-1", dir + "/q-0000000000000002-1-1/sub/x", dir + "/t-0000000000000003-1-1"} {
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if err := waitWhileHeld(other, e, 0); err != nil {
			t.Fatal(err)
		}
		if got := tickets(t, e); !slices.Equal(got, []string{"q-0000000000000002-1-1", "t-0000000000000003-1-1"}) {
			t.Errorf("turns folder after the wait: %q; want the dead ticket removed, the rest left", got)
		}
	})
	t.Run("timeout", func(t *testing.T) {
		e, other, _ := setup(t)
		if err := waitWhileHeld(other, e, 50*time.Millisecond); !errors.Is(err, ErrBusy) {
			t.Errorf("WithLock with the lock held = %v, want ErrBusy", err)
		}
		if got := tickets(t, e); len(got) != 0 {
			t.Errorf("turns folder after a wait that timed out: %q; want empty", got)
		}
	})
	t.Run("link", func(t *testing.T) {
		e, other, dir := setup(t)
		elsewhere := t.TempDir()
		if err := os.Symlink(elsewhere, dir); err != nil {
			t.Skip(err)
		}
		if err := waitWhileHeld(other, e, 0); err != nil {
			t.Fatal(err)
		}
		if ents, _ := os.ReadDir(elsewhere); len(ents) != 0 {
			t.Errorf("a turns folder that is a link got %d entries where it leads", len(ents))
		}
	})
	t.Run("crowded", func(t *testing.T) {
		e, other, dir := setup(t)
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for i := range 300 {
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("q-%016x-1-1", i+1)), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if err := waitWhileHeld(other, e, 0); err != nil {
			t.Fatal(err)
		}
	})
}

// waitWhileHeld makes holder hold the index lock, has e wait for it
// (timeout as WithLock's), lets it go once e waits (its moot check ran;
// with a timeout, once e gave up), and returns e's error.
func waitWhileHeld(holder, e *Engine, timeout time.Duration) error {
	ctx := context.Background()
	held, release, done := make(chan struct{}), make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		_ = holder.WithLock(ctx, 0, func() error { close(held); <-release; return nil })
	}()
	<-held
	waiting, got := make(chan struct{}), make(chan error, 1)
	var once sync.Once
	moot := func() bool { once.Do(func() { close(waiting) }); return false }
	go func() { got <- e.withLockUnless(ctx, timeout, moot, func() error { return nil }) }()
	if timeout == 0 {
		<-waiting
		close(release)
	}
	err := <-got
	if timeout != 0 {
		close(release)
	}
	<-done
	return err
}
