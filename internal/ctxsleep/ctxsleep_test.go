package ctxsleep

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestSleep(t *testing.T) {
	if err := Sleep(context.Background(), time.Millisecond); err != nil {
		t.Errorf("Sleep(1ms) = %v, want nil", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	start := time.Now()
	if err := Sleep(ctx, time.Hour); !errors.Is(err, context.Canceled) {
		t.Errorf("Sleep(canceled, 1h) = %v, want context.Canceled", err)
	}
	if took := time.Since(start); took > time.Minute {
		t.Errorf("Sleep(canceled, 1h) took %v, want it to return at once", took)
	}
}
