package query_test

import (
	"testing"
	"time"

	"github.com/memweave/memweave-go/query"
	"github.com/memweave/memweave-go/search"
)

func TestComplete(t *testing.T) {
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	o := search.Options{Query: "q", MaxResults: 6, MMR: true, MMRDefault: true, Decay: true, DecayDefault: true}
	if err := query.Complete(&o, clock, 0.7, 30); err != nil {
		t.Fatalf("Complete(defaults) = %v, want nil", err)
	}
	if !o.Now.Equal(now) || o.Lambda != 0.7 || o.HalfLifeDays != 30 {
		t.Errorf("Complete(defaults) = Now %v, Lambda %g, HalfLifeDays %g; want %v, 0.7, 30", o.Now, o.Lambda, o.HalfLifeDays, now)
	}
	given := now.Add(-time.Hour)
	o = search.Options{Query: "q", MaxResults: 6, Now: given, MMR: true, Lambda: 0.2}
	if err := query.Complete(&o, clock, 0.7, 30); err != nil || !o.Now.Equal(given) || o.Lambda != 0.2 || o.HalfLifeDays != 0 {
		t.Errorf("Complete(given) = %v: Now %v, Lambda %g, HalfLifeDays %g; want nil, %v, 0.2, 0", err, o.Now, o.Lambda, o.HalfLifeDays, given)
	}
	o = search.Options{Query: "q", MaxResults: 6, Decay: true, HalfLifeDays: -1}
	if err := query.Complete(&o, clock, 0.7, 30); err == nil {
		t.Error("Complete(Decay(-1)) = nil, want an error")
	}
}

func TestHiddenAny(t *testing.T) {
	for _, c := range []struct {
		h    query.Hidden
		want bool
	}{{query.Hidden{}, false}, {query.Hidden{Expired: 1}, true}, {query.Hidden{Superseded: 2}, true}, {query.Hidden{BelowThreshold: 3}, true}} {
		if got := c.h.Any(); got != c.want {
			t.Errorf("%+v.Any() = %v, want %v", c.h, got, c.want)
		}
	}
}
