package mcpserver

import "sync/atomic"

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
// then running.
func WithEntered(opts *Options) (*Options, *atomic.Int64) {
	o := Options{}
	if opts != nil {
		o = *opts
	}
	var tools atomic.Int64
	tools.Store(-1)
	o.entered = func(n int) { tools.Store(int64(n)) }
	return &o, &tools
}

// MaxUnsentBytes is maxUnsentBytes, for the memory bound of a client that
// reads no answer.
const MaxUnsentBytes = maxUnsentBytes
