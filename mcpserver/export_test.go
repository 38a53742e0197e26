package mcpserver

import (
	"sync"
	"sync/atomic"
	"time"
)

// WithAdmitted returns opts (nil: the defaults) with a hook that sends
// the counted body size of each request the server admits on the returned
// channel (buffered; a full channel drops the event). The hook is the
// server's own: tests using it may run in parallel.
func WithAdmitted(opts *HTTPOptions) (*HTTPOptions, <-chan int64) {
	o := HTTPOptions{}
	if opts != nil {
		o = *opts
	}
	ch := make(chan int64, 64)
	o.admitted = func(n int64) {
		select {
		case ch <- n:
		default:
		}
	}
	return &o, ch
}

// WithEntered returns opts (nil: the defaults) with a hook that stores,
// each time an answer enters the stdio connection's Write, the tool calls
// then running, and counts the answers that entered.
func WithEntered(opts *Options) (o *Options, tools, entered *atomic.Int64) {
	o = &Options{}
	if opts != nil {
		*o = *opts
	}
	tools, entered = new(atomic.Int64), new(atomic.Int64)
	tools.Store(-1)
	o.entered = func(n int) {
		tools.Store(int64(n))
		entered.Add(1)
	}
	return o, tools, entered
}

// WithLargeRunning returns opts (nil: the defaults) with a hook that
// keeps in peak the most calls of the tools MaxLargeAnswers bounds seen
// running at once, and counts in started those that started. The calls
// that start wait in the hook until one call waits for its turn, or
// until more than MaxLargeAnswers started: the bound's calls then run
// at once, and a call past the bound, running beside them, is seen
// whatever the scheduling. The wait ends after 10 s in case neither
// comes (peak then stays below the bound).
func WithLargeRunning(opts *Options) (o *Options, peak, started *atomic.Int64) {
	o = &Options{}
	if opts != nil {
		*o = *opts
	}
	peak, started = new(atomic.Int64), new(atomic.Int64)
	full := make(chan struct{})
	var once sync.Once
	o.largeRunning = func(n int) {
		if n == 0 {
			once.Do(func() { close(full) })
			return
		}
		for p := peak.Load(); int64(n) > p && !peak.CompareAndSwap(p, int64(n)); p = peak.Load() {
		}
		if started.Add(1) > MaxLargeAnswers {
			once.Do(func() { close(full) })
		}
		select {
		case <-full:
		case <-time.After(10 * time.Second):
		}
	}
	return o, peak, started
}

// WithRoomWait returns opts (nil: the defaults) with a hook that sets
// idle once the stdio connection waits for room for a memory_get or
// memory_pack answer while no such call runs or has an answer about to
// enter Write: it then reads nothing until the client reads.
func WithRoomWait(opts *Options) (o *Options, idle *atomic.Bool) {
	o = &Options{}
	if opts != nil {
		*o = *opts
	}
	idle = new(atomic.Bool)
	o.roomWait = func(reserved int) {
		if reserved == 0 {
			idle.Store(true)
		}
	}
	return o, idle
}

// WithReadPaused returns opts (nil: the defaults) with a hook that sets
// paused when the stdio connection stops reading for its writer, and
// keeps in most the most bytes of refusals seen waiting then.
func WithReadPaused(opts *Options) (o *Options, paused *atomic.Bool, most *atomic.Int64) {
	o = &Options{}
	if opts != nil {
		*o = *opts
	}
	paused, most = new(atomic.Bool), new(atomic.Int64)
	o.readPaused = func(n int) {
		for m := most.Load(); int64(n) > m && !most.CompareAndSwap(m, int64(n)); m = most.Load() {
		}
		paused.Store(true)
	}
	return o, paused, most
}

// MaxReadUnwritten and MaxRefusalBytes are maxReadUnwritten and
// maxRefusalBytes, for tests.
const (
	MaxReadUnwritten = maxReadUnwritten
	MaxRefusalBytes  = maxRefusalBytes
)
