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
