package mcpserver

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
