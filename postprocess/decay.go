package postprocess

import (
	"cmp"
	"context"
	"math"
	"slices"
	"time"

	"github.com/memweave/memweave-go/search"
	"github.com/memweave/memweave-go/workspace"
)

// Decay lowers the scores of dated notes by their age, so that recent
// daily notes outrank stale ones. A dated note is a file whose base name
// is a date, "YYYY-MM-DD.md" (see [workspace.DateOf]); every other file is evergreen
// and keeps its score.
//
// A dated result's Score is multiplied by
//
//	exp(-ln2 * age / HalfLifeDays)
//
// where age is the number of whole days from the file's date to Now's
// calendar date in Now's location, 0 for a date in the future: a note
// HalfLifeDays old keeps half its score, one written today all of it.
type Decay struct {
	// HalfLifeDays is the age, in days, at which a score halves; <= 0
	// disables decay.
	HalfLifeDays float64
	// Now is the reference time; the zero value means time.Now().
	Now time.Time
}

// secondsPerDay is the length of a calendar day in UTC, where both
// dates of an age are.
const secondsPerDay = 24 * 60 * 60

// Name returns "decay".
func (Decay) Name() string { return "decay" }

// Process applies the decay to dated results, setting Explain.Decay and
// Explain.FileDate on them, and re-sorts the results by descending Score;
// the sort is stable, so equal scores keep their order. It does not modify
// results.
func (d Decay) Process(_ context.Context, _ string, results []search.Result) ([]search.Result, error) {
	out := slices.Clone(results)
	if d.HalfLifeDays <= 0 {
		return out, nil
	}
	now := d.Now
	if now.IsZero() {
		now = time.Now()
	}
	y, m, day := now.Date()
	today := time.Date(y, m, day, 0, 0, 0, 0, time.UTC)
	for i := range out {
		r := &out[i]
		date, ok := workspace.DateOf(r.Path)
		if !ok {
			continue
		}
		// Whole days by Unix seconds: a time.Duration (today.Sub) holds
		// 292 years at most, and gave every older date the same age.
		age := max(0, float64((today.Unix()-date.Unix())/secondsPerDay))
		mult := math.Exp(-math.Ln2 * age / d.HalfLifeDays)
		r.Score *= mult
		r.Explain.Decay = &mult
		r.Explain.FileDate = date.Format(time.DateOnly)
	}
	slices.SortStableFunc(out, func(a, b search.Result) int { return cmp.Compare(b.Score, a.Score) })
	return out, nil
}
