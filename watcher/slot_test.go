package watcher

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestSlot(t *testing.T) {
	var s Slot
	if err := s.Do(context.Background(), 0, func(context.Context, Changes) error { return nil }); s.State() != Off || !errors.Is(err, ErrStopped) || s.Done() != nil {
		t.Fatalf("empty slot: state %q, Do error %v", s.State(), err)
	}
	sync := SyncFunc(func(context.Context, Changes) ([]Event, error) { return nil, nil })
	opts := Options{Root: t.TempDir(), Debounce: 10 * time.Millisecond, PollInterval: 20 * time.Millisecond}
	ctx, cancel := context.WithCancel(context.Background())
	if err := s.Start(ctx, sync, opts); err != nil {
		t.Fatal(err)
	}
	if err := s.Start(ctx, sync, opts); !errors.Is(err, ErrRunning) {
		t.Errorf("second Start = %v, want ErrRunning", err)
	}
	onDemand := opts
	onDemand.OnDemand = true
	if err := s.Start(ctx, sync, onDemand); !errors.Is(err, ErrRunning) {
		t.Errorf("Start on demand beside a background watcher = %v, want ErrRunning", err)
	}
	cancel()
	<-s.Done()
	if s.State() != Off {
		t.Errorf("state after cancel = %q, want off", s.State())
	}
	if err := s.Start(context.Background(), sync, onDemand); err != nil {
		t.Fatalf("Start after the first stopped: %v", err)
	}
	lazy := s.Done()
	// A background watcher takes the place of one started on demand.
	if err := s.Start(context.Background(), sync, opts); err != nil {
		t.Fatalf("Start of a background watcher over an on-demand one: %v", err)
	}
	select {
	case <-lazy:
	default:
		t.Error("the on-demand watcher still runs after a background one replaced it")
	}
	done := s.Done()
	if err := s.Close(); err != nil {
		t.Errorf("Close = %v", err)
	}
	select {
	case <-done:
	default:
		t.Error("watcher still running after Close")
	}
	if err := s.Start(context.Background(), sync, opts); !errors.Is(err, ErrClosed) {
		t.Errorf("Start after Close = %v, want ErrClosed", err)
	}
}
