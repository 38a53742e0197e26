package embed

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/memweave/memweave-go/internal/plural"
)

// A query server that failed a search (no answer within QueryTimeout,
// connection refused, 5xx after retries) is in a cool-down: until it
// ends, a query waits QueryTimeout/probeShare with one try, so a
// long-lived program (the MCP server) degrades to keyword search fast
// and still notices a server that is back. When the cool-down ends, the
// next query waits the full QueryTimeout again (one at a time), so a
// slow server that answers within it is used again; the other processes
// of the workspace probe while it runs (see [CoolDownStore]). Each failure of
// such a full wait doubles the cool-down, from coolBase to coolMax; the
// first answer ends it.
const (
	coolBase   = 30 * time.Second
	coolMax    = 5 * time.Minute
	probeShare = 10
)

// queryHealth is the cool-down state of one embedder's query server.
// Its mutex is never held across a request.
type queryHealth struct {
	mu     sync.Mutex
	now    func() time.Time
	misses int       // full waits failed in a row
	since  time.Time // when the first of them failed
	until  time.Time // end of the cool-down; zero when there is none
	last   string    // what the last of them got
	trial  bool      // a full wait after the cool-down is running
	// asked is the time before which the server asked not to be asked
	// (its Retry-After, at most maxQueryRetryAfter on); zero when none.
	asked time.Time
	// tried is when the full wait after the cool-down that a process
	// of the workspace runs ends, at the latest; zero when none runs.
	tried time.Time
	gen   int // changes of the state, so that a query counts once

	full, probe time.Duration // QueryTimeout and a probe's wait
	prefix      string        // of the embedder's errors, left out of last

	// store keeps the state between processes (nil: none), for the
	// server named server; saveMu orders its saves, saved is the gen of
	// the last one.
	store  CoolDownStore
	server string
	saveMu sync.Mutex
	saved  int
}

// queryPlan is how one query waits, and the state it saw.
type queryPlan struct {
	probe, trial bool
	gen          int
	asked        time.Time // not zero: send nothing, the server asked a wait until then
}

// plan returns how the next query waits: the full QueryTimeout when the
// server has no cool-down, or it ended and no other query is trying it
// fully already; a probe otherwise.
func (h *queryHealth) plan() queryPlan {
	h.lockFresh()
	switch {
	case h.misses == 0:
	case h.now().Before(h.asked):
		defer h.mu.Unlock()
		return queryPlan{asked: h.asked, gen: h.gen}
	case h.busy():
		defer h.mu.Unlock()
		return queryPlan{probe: true, gen: h.gen}
	default:
		// The other processes probe while this one waits in full.
		h.trial, h.tried, h.gen = true, h.now().Add(h.full), h.gen+1
		p := queryPlan{trial: true, gen: h.gen}
		if h.store == nil {
			h.mu.Unlock()
			return p
		}
		data := h.encode()
		h.mu.Unlock()
		h.save(p.gen, data)
		return p
	}
	defer h.mu.Unlock()
	return queryPlan{gen: h.gen}
}

// busy reports whether a query of a server that failed would probe it:
// its cool-down runs, or a query of this or another process waits for it
// in full after one. The caller holds h.mu.
func (h *queryHealth) busy() bool {
	now := h.now()
	return now.Before(h.until) || h.trial || now.Before(h.tried) || now.Before(h.asked)
}

// lockFresh locks h.mu, having taken over the state another process
// saved since it was last read.
func (h *queryHealth) lockFresh() {
	var data []byte
	changed := false
	if h.store != nil {
		data, changed = h.store.Load()
	}
	h.mu.Lock()
	if changed {
		h.adopt(data)
	}
}

// cooling reports whether the server is in a cool-down, or another
// query is waiting for it in full after one: a query would probe it.
func (h *queryHealth) cooling() bool {
	h.lockFresh()
	defer h.mu.Unlock()
	return h.misses > 0 && h.busy()
}

// done records how a query planned as p ended and returns err as the
// search should see it: a failure names the cool-down. callerDone means
// the caller's context ended, which says nothing of the server.
func (h *queryHealth) done(p queryPlan, err error, callerDone bool) error {
	h.mu.Lock()
	gen := h.gen
	err = h.record(p, err, callerDone)
	if h.store == nil || h.gen == gen {
		h.mu.Unlock()
		return err
	}
	gen, data := h.gen, h.encode()
	h.mu.Unlock()
	h.save(gen, data)
	return err
}

// record is done's change of the state, under h.mu.
func (h *queryHealth) record(p queryPlan, err error, callerDone bool) error {
	if p.trial {
		h.trial, h.tried, h.gen = false, time.Time{}, h.gen+1
		p.gen = h.gen
	}
	if w, ok := errors.AsType[*askedWait](err); ok && !callerDone {
		if asked := h.now().Add(min(w.after, maxQueryRetryAfter)); asked.After(h.asked) {
			counted := p.gen != h.gen // by a query that began with this one
			h.asked, h.gen = asked, h.gen+1
			if !counted {
				p.gen = h.gen
			}
		}
	}
	switch {
	case callerDone:
		return err
	case err == nil || !errors.Is(err, ErrUnavailable):
		// The server answered, if only to refuse: it is not down.
		if h.misses > 0 {
			h.misses, h.until, h.asked, h.gen = 0, time.Time{}, time.Time{}, h.gen+1
		}
		return err
	case h.misses == 0 && (p.probe || p.gen != h.gen):
		return err // a query that began with this one was answered since
	case p.probe:
		next := fmt.Sprintf("while another search waits the full %v", h.full)
		if left := h.until.Sub(h.now()); left > 0 {
			next = fmt.Sprintf("until %s (in %v), then the full %v again", clock(h.until), left.Round(time.Second), h.full)
		}
		if left := h.asked.Sub(h.now()); left > 0 {
			return fmt.Errorf("%w; the server failed %s since %s (last: %s); searches ask it nothing until %s (in %v), then wait the full %v again",
				err, plural.Count(h.misses, "full wait"), clock(h.since), h.last, clock(h.asked), left.Round(time.Second), h.full)
		}
		return fmt.Errorf("%w; the server failed %s since %s (last: %s); searches wait %v for it %s",
			err, plural.Count(h.misses, "full wait"), clock(h.since), h.last, h.probe, next)
	}
	now := h.now()
	if p.gen == h.gen { // else a query that began with this one counted already
		h.misses++
		h.gen++
		if h.misses == 1 {
			h.since = now
		}
		cool := coolBase
		for i := 1; i < h.misses && cool < coolMax; i++ {
			cool *= 2
		}
		h.until = now.Add(min(cool, coolMax))
		h.last = strings.TrimPrefix(strings.TrimSuffix(err.Error(), ": "+ErrUnavailable.Error()), h.prefix)
	}
	if now.Before(h.asked) {
		return fmt.Errorf("%w; searches ask it nothing until %s (in %v), then wait the full %v again",
			err, clock(h.asked), h.asked.Sub(now).Round(time.Second), h.full)
	}
	return fmt.Errorf("%w; searches wait %v for it until %s (in %v), then the full %v again",
		err, h.probe, clock(h.until), h.until.Sub(now).Round(time.Second), h.full)
}

// clock returns t as a time of day, with its zone.
func clock(t time.Time) string { return t.Format("15:04:05 MST") }
