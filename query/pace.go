package query

import (
	"sync/atomic"
	"time"
)

// pauseSerial is the pause after a handle's last search past which its
// next search runs on the caller's goroutine alone.
const pauseSerial = time.Second

// Pace remembers when a handle's last search ended, so that a search
// after a pause runs serially ([store.WithSerial]): after seconds idle
// the threads a search would hand its keyword side, vector side and
// scan parts to are asleep, and waking them costs more than the overlap
// saves (docs/performance.md, stop 50). Searches back to back, and the
// first search of a handle (a fresh process starting threads anyway),
// keep running in parallel. The zero value is ready; a Pace is safe for
// concurrent use.
type Pace struct {
	last atomic.Int64 // Unix nanoseconds of the last search's end; 0 before the first
}

// paused reports whether a search starting at now follows a pause.
func (p *Pace) paused(now time.Time) bool {
	last := p.last.Load()
	return last != 0 && now.UnixNano()-last >= int64(pauseSerial)
}

// done records that a search ended at now.
func (p *Pace) done(now time.Time) { p.last.Store(now.UnixNano()) }
