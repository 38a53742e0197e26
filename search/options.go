package search

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"
)

// ErrEmptyQuery is returned for a query with nothing but white space.
var ErrEmptyQuery = errors.New("search: empty query: give words to search for")

// MaxQueryBytes bounds a query's length in bytes. A search uses at most
// [MaxQueryTerms] of its words, and an embedding server takes a few
// thousand tokens, so a longer query is a document handed in by mistake,
// whose planning and embedding cost CPU for nothing.
const MaxQueryBytes = 64 << 10

// ErrQueryTooLong is returned for a query longer than [MaxQueryBytes].
// Its text has no "search:" of its own: the root wraps it in one.
var ErrQueryTooLong = errors.New("query too long")

// Options are the per-call settings of a search, as the root package's
// SearchOption functions set them over the configured defaults.
type Options struct {
	// Query is the text searched for; it must have a non-space character.
	Query      string
	MaxResults int
	MinScore   float64
	Sources    []string
	PathPrefix string
	// From and To bound the dates of dated files, YYYY-MM-DD, "" when
	// open.
	From, To string
	Mode     Mode
	// Tags keeps only notes whose front matter carries all of them.
	Tags []string
	// IncludeExpired keeps notes whose front matter expiry date is past.
	IncludeExpired bool
	// Decay enables temporal decay with HalfLifeDays, or the configured
	// default when DecayDefault is set.
	Decay, DecayDefault bool
	HalfLifeDays        float64
	// MMR enables MMR re-ranking with Lambda, or the configured default
	// when MMRDefault is set.
	MMR, MMRDefault bool
	Lambda          float64
	// Now is the time decay measures ages against.
	Now time.Time
	// NoSync skips the sync before the search.
	NoSync bool
	// Superseded is how passages a resolution in the files supersedes
	// are treated: "mark" ("" too), "hide" or "off".
	Superseded string
	// Err is the first error an option recorded.
	Err error
}

// SetDateRange sets From and To from the calendar dates of from and to in
// their own locations; a zero time leaves that end open. A from after to
// is recorded in Err.
func (o *Options) SetDateRange(from, to time.Time) {
	o.From, o.To = "", ""
	if !from.IsZero() {
		o.From = from.Format(time.DateOnly)
	}
	if !to.IsZero() {
		o.To = to.Format(time.DateOnly)
	}
	if o.From != "" && o.To != "" && o.From > o.To && o.Err == nil {
		o.Err = fmt.Errorf("DateRange: from %s is after to %s", o.From, o.To)
	}
}

// Validate reports the first invalid setting, naming the option, and
// clears HalfLifeDays when decay is off. An empty Mode means [ModeHybrid].
func (o *Options) Validate() error {
	o.Mode = cmp.Or(o.Mode, ModeHybrid)
	switch {
	case o.Err != nil:
		return o.Err
	case len(o.Query) > MaxQueryBytes:
		return fmt.Errorf("%w: %d bytes, at most %d: search with the question, not a document", ErrQueryTooLong, len(o.Query), MaxQueryBytes)
	case strings.TrimSpace(o.Query) == "":
		return ErrEmptyQuery
	case excludedCount(o.Query) > MaxQueryTerms:
		// Each is a term of one more keyword query, as a query's words
		// are, which are cut at MaxQueryTerms.
		return fmt.Errorf("%w: it excludes %d words (-word), at most %d", ErrQueryTooLong, excludedCount(o.Query), MaxQueryTerms)
	case o.MaxResults <= 0:
		return fmt.Errorf("MaxResults must be positive, got %d", o.MaxResults)
	case !(o.MinScore >= 0 && o.MinScore <= 1):
		return fmt.Errorf("MinScore must be in [0,1], got %g", o.MinScore)
	case o.MMR && !(o.Lambda >= 0 && o.Lambda <= 1):
		return fmt.Errorf("MMR lambda must be in [0,1], got %g", o.Lambda)
	case o.Decay && (!(o.HalfLifeDays > 0) || math.IsInf(o.HalfLifeDays, 0)):
		return fmt.Errorf("Decay half-life must be a positive number of days, got %g", o.HalfLifeDays)
	case o.Superseded != "" && o.Superseded != "mark" && o.Superseded != "hide" && o.Superseded != "off":
		return fmt.Errorf("unknown superseded mode %q (want mark, hide or off)", o.Superseded)
	case !o.Mode.Valid():
		return fmt.Errorf("unknown mode %q (want hybrid, keyword or vector)", o.Mode)
	}
	if !o.Decay {
		o.HalfLifeDays = 0
	}
	return nil
}
