package watcher

import (
	"context"
	"errors"
	"sync"
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
// [ErrRunning] while the slot's watcher runs and with [ErrClosed] after
// Close.
func (s *Slot) Start(ctx context.Context, sy Syncer, opts Options) error {
	if s.busy() {
		return ErrRunning
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

// busy reports whether the slot's watcher runs.
func (s *Slot) busy() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w != nil && !isDone(s.w.Done())
}

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

// Fresh reports whether the slot's watcher runs and is fresh (see
// [Watcher.Fresh]).
func (s *Slot) Fresh() bool {
	w := s.current()
	return w != nil && w.Fresh()
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
