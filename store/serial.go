package store

import "context"

// serialKey marks a context whose search runs on the caller's goroutine.
type serialKey struct{}

// WithSerial returns ctx marked so that the backends and the search run
// their parts one after the other on the calling goroutine instead of
// handing them to others. A search after seconds idle asks for it: on a
// machine whose other threads slept, each handoff's wake-up costs more
// than the overlap gains (docs/performance.md, stop 50).
func WithSerial(ctx context.Context) context.Context {
	return context.WithValue(ctx, serialKey{}, true)
}

// Serial reports whether ctx was marked by [WithSerial].
func Serial(ctx context.Context) bool {
	v, _ := ctx.Value(serialKey{}).(bool)
	return v
}
