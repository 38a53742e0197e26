package watcher

import (
	"testing"
	"time"
)

func TestParseHeartbeat(t *testing.T) {
	now := time.Unix(1000, 5e8)
	tests := []struct {
		hb    string
		state State
		pid   int
	}{
		{"active 42 999 5000", Active, 42},
		{"polling 42 990 5000", Polling, 42},
		{"active 42 900 5000", Off, 0}, // 100 s old: the process died
		{"off 42 999 5000", Off, 0},
		{"garbage", Off, 0},
		// Kept in whole seconds: a beat of 999.99 reads 999, so at 1000.5
		// a fast-polling watcher delayed half a second still counts.
		{"active 42 999 20", Active, 42},
		{"active 42 997 20", Off, 0},
	}
	for _, tt := range tests {
		if state, pid := ParseHeartbeat(tt.hb, now); state != tt.state || pid != tt.pid {
			t.Errorf("ParseHeartbeat(%q) = %q, %d, want %q, %d", tt.hb, state, pid, tt.state, tt.pid)
		}
	}
}

func TestHeartbeatRoundTrip(t *testing.T) {
	at := time.Unix(1000, 0)
	hb := Heartbeat{State: Polling, PID: 7, At: at, Poll: 2 * time.Second}
	if state, pid := ParseHeartbeat(hb.String(), at.Add(time.Second)); state != Polling || pid != 7 {
		t.Errorf("ParseHeartbeat(%q) = %q, %d; want polling, 7", hb.String(), state, pid)
	}
}
