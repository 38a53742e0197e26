package gitsync

import (
	"context"
	"time"

	"github.com/memweave/memweave-go/internal/ctxsleep"
	"github.com/memweave/memweave-go/internal/warnonce"
)

// Every starts a goroutine that calls run every interval, the first time
// at once, until the returned stop is called; stop cancels a run in
// progress and waits for the goroutine to end. Each run gets a context
// derived from ctx with at most timeout, so a remote that stalls delays
// the next run but never stops the loop; a run that takes the interval
// or longer is followed by a whole interval before the next. failed receives the error of a
// run that fails while the loop is not stopping, unless the last run
// failed alike (the same text but for its numbers: a failure repeated
// every interval is reported once), and nil for a run that works after
// a failure; the next run goes on schedule. Cancelling ctx stops the loop too.
func Every(ctx context.Context, interval, timeout time.Duration, run func(context.Context) error, failed func(error)) (stop func()) {
	loopCtx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		var failures warnonce.Guard
		for {
			start := time.Now()
			runCtx, cancelRun := context.WithTimeout(loopCtx, timeout)
			err := run(runCtx)
			switch {
			case err == nil:
				if failures.Succeeded() {
					failed(nil)
				}
			case loopCtx.Err() == nil && failures.Failed(err):
				failed(err)
			}
			cancelRun()
			// On schedule, unless the run took the interval or more: then
			// a whole interval's rest, so that a remote stalling every run
			// until its timeout does not get runs back to back.
			wait := interval - time.Since(start)
			if wait <= 0 {
				wait = interval
			}
			if ctxsleep.Sleep(loopCtx, wait) != nil {
				return
			}
		}
	}()
	return func() { cancel(); <-done }
}
