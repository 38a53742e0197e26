package postprocess

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/memweave/memweave-go/search"
)

// TestDecayOfOldDates: a note's age was a time.Duration, which holds at
// most 292 years, so every note dated before 1734 (measured from 2026)
// had the same age: memory/history/1500-01-01.md decayed as much as
// memory/history/1700-01-01.md, and outranked it by its path. Ages now
// count calendar days, whatever the years between.
func TestDecayOfOldDates(t *testing.T) {
	now := time.Date(2026, 12, 5, 12, 0, 0, 0, time.UTC)
	const halfLife = 36500 // a century
	in := []search.Result{
		{ChunkID: 1, Score: 0.5, Path: "memory/history/1500-01-01.md"},
		{ChunkID: 2, Score: 0.5, Path: "memory/history/1700-01-01.md"},
		{ChunkID: 3, Score: 0.5, Path: "memory/history/0001-01-01.md"},
		{ChunkID: 4, Score: 0.5, Path: "memory/history/9999-12-31.md"},
	}
	got, err := Decay{HalfLifeDays: halfLife, Now: now}.Process(context.Background(), "q", in)
	if err != nil {
		t.Fatal(err)
	}
	today := time.Date(2026, 12, 5, 0, 0, 0, 0, time.UTC)
	for _, r := range got {
		date, err := time.Parse(time.DateOnly, r.Explain.FileDate)
		if err != nil {
			t.Fatal(err)
		}
		days := max(0, float64(today.Unix()-date.Unix())/86400)
		want := math.Exp(-math.Ln2 * days / halfLife)
		if r.Explain.Decay == nil || math.Abs(*r.Explain.Decay-want) > 1e-12*max(want, 1e-300) {
			t.Errorf("%s: decay %v, want %v (%.0f days old)", r.Path, *r.Explain.Decay, want, days)
		}
	}
	if got[0].Path != "memory/history/9999-12-31.md" || got[1].Path != "memory/history/1700-01-01.md" || got[2].Path != "memory/history/1500-01-01.md" {
		t.Errorf("order %s, %s, %s, want the future date, then 1700, then 1500", got[0].Path, got[1].Path, got[2].Path)
	}
}
