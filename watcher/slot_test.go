package watcher

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestSlot(t *testing.T) {
	var s Slot
	if s.State() != Off || s.Fresh() || s.Done() != nil {
		t.Fatalf("empty slot: state %q fresh %v", s.State(), s.Fresh())
	}
	sync := SyncFunc(func(context.Context) ([]Event, error) { return nil, nil })
	opts := Options{Root: t.TempDir(), Debounce: 10 * time.Millisecond, PollInterval: 20 * time.Millisecond}
	ctx, cancel := context.WithCancel(context.Background())
	if err := s.Start(ctx, sync, opts); err != nil {
		t.Fatal(err)
	}
	if err := s.Start(ctx, sync, opts); !errors.Is(err, ErrRunning) {
		t.Errorf("second Start = %v, want ErrRunning", err)
	}
	cancel()
	<-s.Done()
	if s.State() != Off {
		t.Errorf("state after cancel = %q, want off", s.State())
	}
	if err := s.Start(context.Background(), sync, opts); err != nil {
		t.Fatalf("Start after the first stopped: %v", err)
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
