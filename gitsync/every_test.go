package gitsync

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
	"time"
)

// TestEvery: the first run is at once, runs repeat, a failure is
// reported and the loop goes on, each run's context has the timeout,
// and stop cancels the run in progress and waits for the loop.
func TestEvery(t *testing.T) {
	var runs, fails atomic.Int32
	boom := errors.New("boom")
	started := time.Now()
	first := make(chan time.Duration, 1)
	stop := Every(context.Background(), 20*time.Millisecond, time.Hour, func(ctx context.Context) error {
		if runs.Add(1) == 1 {
			first <- time.Since(started)
		}
		if _, ok := ctx.Deadline(); !ok {
			t.Errorf("run without a deadline")
		}
		return boom
	}, func(err error) {
		if !errors.Is(err, boom) {
			t.Errorf("failed(%v), want boom", err)
		}
		fails.Add(1)
	})
	if d := <-first; d > 10*time.Second {
		t.Errorf("first run after %v, want at once", d)
	}
	deadline := time.Now().Add(10 * time.Second)
	for runs.Load() < 3 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	stop()
	n := runs.Load()
	if n < 3 || fails.Load() != 1 {
		t.Fatalf("after stop: %d runs, %d failures reported; want at least 3 runs and the failure, alike each time, reported once", n, fails.Load())
	}
	time.Sleep(60 * time.Millisecond)
	if runs.Load() != n {
		t.Errorf("runs went on after stop: %d -> %d", n, runs.Load())
	}

	// stop cancels a run that is blocked, without reporting it.
	var reported atomic.Bool
	blocked := make(chan struct{})
	stop = Every(context.Background(), time.Hour, time.Hour, func(ctx context.Context) error {
		close(blocked)
		<-ctx.Done()
		return ctx.Err()
	}, func(error) { reported.Store(true) })
	<-blocked
	stop()
	if reported.Load() {
		t.Error("the run cancelled by stop was reported as a failure")
	}
}

// TestEveryRestsAfterARunThatOverran: a run longer than the interval (a
// slow remote, a big fetch) is followed by a full interval before the
// next, not by the next at once: a remote that stalls every run until
// the timeout would otherwise get syncs back to back. Runs shorter than
// the interval keep their schedule.
func TestEveryRestsAfterARunThatOverran(t *testing.T) {
	const interval = 40 * time.Millisecond
	var ended time.Time
	gap := make(chan time.Duration, 1)
	var runs atomic.Int32
	stop := Every(context.Background(), interval, time.Hour, func(ctx context.Context) error {
		switch runs.Add(1) {
		case 1:
			time.Sleep(4 * interval) // the slow run itself, not a synchronisation
			ended = time.Now()
		case 2:
			gap <- time.Since(ended)
		}
		return nil
	}, func(error) {})
	defer stop()
	if g := <-gap; g < interval {
		t.Errorf("the run after one that overran its %v interval started %v after it, want at least the interval", interval, g)
	}
}

// TestEveryReportsAFailureOnce: a sync that fails alike at every run (a
// remote down for hours under mcp --sync-every 30s) was reported at each
// run, a warning every interval. A failure is now reported once, again
// only when it reads otherwise beyond its numbers, and a run that works
// after failures is reported (failed(nil)), so a later failure is news.
func TestEveryReportsAFailureOnce(t *testing.T) {
	var runs atomic.Int32
	reports := make(chan error, 100)
	stop := Every(context.Background(), time.Millisecond, time.Hour, func(ctx context.Context) error {
		switch n := runs.Add(1); {
		case n <= 5:
			return fmt.Errorf("fetch: remote down, try %d", n)
		case n == 6:
			return nil
		case n == 7:
			return errors.New("fetch: remote down, try 7")
		}
		return nil
	}, func(err error) { reports <- err })
	deadline := time.Now().Add(10 * time.Second)
	for runs.Load() < 8 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	stop()
	close(reports)
	var got []string
	for err := range reports {
		got = append(got, fmt.Sprint(err))
	}
	want := []string{"fetch: remote down, try 1", "<nil>", "fetch: remote down, try 7", "<nil>"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%d runs, five failing alike, one working, one failing, then working: reported %q, want %q", runs.Load(), got, want)
	}
}
