package watcher

import (
	"fmt"
	"time"
)

// Heartbeat is what a watcher's owner records where other processes can
// read it (memweave keeps it in a file beside the index), so that they can tell that a
// watcher runs, in which state and process.
type Heartbeat struct {
	State State
	PID   int
	// At is when it was recorded; Poll is the watcher's poll interval,
	// the longest a running watcher lets pass between two heartbeats.
	At   time.Time
	Poll time.Duration
}

// String encodes h as "state pid unix-seconds poll-ms".
func (h Heartbeat) String() string {
	return fmt.Sprintf("%s %d %d %d", h.State, h.PID, h.At.Unix(), h.Poll.Milliseconds())
}

// ParseHeartbeat decodes a [Heartbeat.String] and returns the state and
// process it reports if it is recent enough at now to trust (within three
// poll intervals and two seconds: the time is kept in whole seconds, one
// of them, and a loaded machine delays a beat), and [Off] and 0
// otherwise: a process that died without saying so stops counting.
func ParseHeartbeat(s string, now time.Time) (State, int) {
	var state string
	var pid int
	var at, pollMS int64
	if _, err := fmt.Sscanf(s, "%s %d %d %d", &state, &pid, &at, &pollMS); err != nil || State(state) == Off {
		return Off, 0
	}
	if now.Sub(time.Unix(at, 0)) > 3*time.Duration(pollMS)*time.Millisecond+2*time.Second {
		return Off, 0
	}
	return State(state), pid
}
