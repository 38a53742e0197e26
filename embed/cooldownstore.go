package embed

import (
	"encoding/json"
	"strings"
	"time"
	"unicode"
)

// StateStore is a small state kept between processes, machine-local
// and disposable: memweave keeps each in a file of the workspace's index
// folder. Load returns the saved state and true when it changed since
// the last Load or Save (nil when there is none), false otherwise; it
// must be cheap when nothing changed. Save replaces the saved state; nil
// removes it.
type StateStore interface {
	Load() ([]byte, bool)
	Save(data []byte) error
}

// CoolDownStore keeps the cool-down of a query server (see
// [OpenAIConfig.QueryTimeout]) between processes, so that a command run
// seconds after another one waited out a down server waits a tenth of
// QueryTimeout too, and a command started while another one waits for
// it in full after a cool-down probes. Load is called before each query;
// Save only when the state changes: a full wait after a cool-down starts
// or ends, a full wait fails, or the first answer after one.
type CoolDownStore = StateStore

// MaxCoolDownBytes is the most bytes a saved cool-down takes; a store
// may ignore a larger one.
const MaxCoolDownBytes = 4 << 10

// maxLastBytes bounds what a saved cool-down says the server's last
// failure was.
const maxLastBytes = 512

// savedCoolDown is the saved form of a queryHealth.
type savedCoolDown struct {
	Server string    `json:"server"`
	Misses int       `json:"misses"`
	Since  time.Time `json:"since"`
	Until  time.Time `json:"until"`
	Last   string    `json:"last"`
	// Trial is when the full wait after the cool-down that a process
	// runs ends, at the latest; absent when none runs.
	Trial time.Time `json:"trial,omitzero"`
	// Asked is the time before which the server asked not to be asked
	// (its Retry-After); absent when it asked for no wait.
	Asked time.Time `json:"asked,omitzero"`
}

// encode returns the state to save: nil when the server is not cooling
// down. The caller holds h.mu.
func (h *queryHealth) encode() []byte {
	if h.misses == 0 {
		return nil
	}
	data, err := json.Marshal(savedCoolDown{Server: h.server, Misses: h.misses, Since: h.since.UTC(), Until: h.until.UTC(), Last: h.last, Trial: h.tried.UTC(), Asked: h.asked.UTC()})
	if err != nil {
		return nil
	}
	return data
}

// save hands data, the state at generation gen, to the store, unless a
// later state was saved already. It holds no lock but saveMu.
func (h *queryHealth) save(gen int, data []byte) {
	h.saveMu.Lock()
	defer h.saveMu.Unlock()
	if gen <= h.saved {
		return
	}
	h.saved = gen
	_ = h.store.Save(data) // a cache: a failed save loses only the cool-down
}

// adopt takes the state another process saved, data, as this one's:
// none when data is nil, garbage, or over (the cool-down ended more than
// coolMax ago, and no wait the server asked runs). Another server's state (a command run with another URL
// or model) says nothing of this one: this one's is kept. A hostile
// file cannot make a longer cool-down than coolMax from now, nor an
// earlier failure than now. The caller holds h.mu.
func (h *queryHealth) adopt(data []byte) {
	var s savedCoolDown
	now := h.now()
	valid := data != nil && len(data) <= MaxCoolDownBytes && json.Unmarshal(data, &s) == nil
	if valid && s.Server != h.server {
		return
	}
	if !valid || s.Misses <= 0 || s.Until.Before(now.Add(-coolMax)) && !s.Asked.After(now) {
		if h.misses > 0 {
			h.misses, h.until, h.asked, h.gen = 0, time.Time{}, time.Time{}, h.gen+1
		}
		return
	}
	h.misses = min(s.Misses, 64)
	h.since = s.Since
	if h.since.After(now) || h.since.IsZero() {
		h.since = now
	}
	h.until = s.Until
	if limit := now.Add(coolMax); h.until.After(limit) {
		h.until = limit
	}
	h.last = printable(s.Last, maxLastBytes)
	// Another process's full wait ends within its QueryTimeout; a file
	// cannot make this one probe for longer than its own.
	h.tried = s.Trial
	if limit := now.Add(h.full); h.tried.After(limit) {
		h.tried = limit
	}
	// Nor a wait the server asked for longer than this one would keep.
	h.asked = s.Asked
	if limit := now.Add(maxQueryRetryAfter); h.asked.After(limit) {
		h.asked = limit
	}
	h.gen++
}

// printable returns s without control characters, cut to at most max
// bytes.
func printable(s string, max int) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == unicode.ReplacementChar {
			return -1
		}
		return r
	}, strings.ToValidUTF8(s, ""))
	if len(s) > max {
		s = strings.ToValidUTF8(s[:max], "")
	}
	return s
}
