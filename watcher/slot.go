package watcher

import (
	"context"
	"errors"
	"sync"
	"time"
)

// Errors of a [Slot].
var (
	// ErrRunning is returned by [Slot.Start] while a watcher runs.
	ErrRunning = errors.New("watcher: already running")
	// ErrClosed is returned by [Slot.Start] after [Slot.Close].
	ErrClosed = errors.New("watcher: closed")
)

// Slot holds at most one running [Watcher], as an owner that starts and
// stops watchers over its lifetime needs. The zero value is an empty, open
// slot. A Slot is safe for concurrent use by multiple goroutines.
type Slot struct {
	// mu guards the fields below.
	mu     sync.Mutex
	w      *Watcher
	closed bool
}

// Start starts a watcher in the slot, as [Start] does. It fails with
// [ErrRunning] while the slot's watcher runs, unless that watcher is
// OnDemand and the new one is not: then the old one is stopped and the
// new one takes its place. It fails with [ErrClosed] after Close.
func (s *Slot) Start(ctx context.Context, sy Syncer, opts Options) error {
	if w := s.running(); w != nil {
		if opts.OnDemand || !w.OnDemand() {
			return ErrRunning
		}
		w.Stop()
	}
	w, err := Start(ctx, sy, opts)
	if err != nil {
		return err
	}
	s.mu.Lock()
	closed, running := s.closed, s.w != nil && !isDone(s.w.Done())
	if !closed && !running {
		s.w = w
	}
	s.mu.Unlock()
	switch {
	case closed:
		w.Stop()
		return ErrClosed
	case running:
		w.Stop()
		return ErrRunning
	}
	return nil
}

// running returns the slot's watcher while it runs, nil otherwise.
func (s *Slot) running() *Watcher {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.w != nil && !isDone(s.w.Done()) {
		return s.w
	}
	return nil
}

// OnDemand reports whether the slot's watcher, running or last, was
// started with Options.OnDemand; false before the first Start.
func (s *Slot) OnDemand() bool {
	w := s.current()
	return w != nil && w.OnDemand()
}

// Running reports whether the slot's watcher runs.
func (s *Slot) Running() bool { return s.running() != nil }

// current returns the slot's watcher, running or stopped; nil before the
// first Start.
func (s *Slot) current() *Watcher {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w
}

// State returns the state of the slot's watcher: [Off] before the first
// Start, the last state of a stopped one otherwise.
func (s *Slot) State() State {
	if w := s.current(); w != nil {
		return w.State()
	}
	return Off
}

// Do runs [Watcher.Do] on the slot's watcher; it fails with
// [ErrStopped] when none runs.
func (s *Slot) Do(ctx context.Context, wait time.Duration, fn func(context.Context, Changes) error) error {
	w := s.running()
	if w == nil {
		return ErrStopped
	}
	return w.Do(ctx, wait, fn)
}

// Reason returns [Watcher.Reason] of the slot's watcher; nil before the
// first Start.
func (s *Slot) Reason() error {
	if w := s.current(); w != nil {
		return w.Reason()
	}
	return nil
}

// Done returns the Done channel of the slot's watcher; nil before the
// first Start.
func (s *Slot) Done() <-chan struct{} {
	if w := s.current(); w != nil {
		return w.Done()
	}
	return nil
}

// Close stops the slot's watcher, waits for it, and makes later Starts
// fail with [ErrClosed]. It returns the error that made the watcher fail,
// if it did.
func (s *Slot) Close() error {
	s.mu.Lock()
	s.closed = true
	w := s.w
	s.mu.Unlock()
	if w == nil {
		return nil
	}
	return w.Stop()
}

func isDone(done <-chan struct{}) bool {
	select {
	case <-done:
		return true
	default:
		return false
	}
}
