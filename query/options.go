package query

import (
	"time"

	"github.com/memweave/memweave-go/search"
)

// Complete fills in what the options o leave to the configuration (the
// time now when o.Now is zero, the MMR lambda of o.MMRDefault and the
// decay half-life of o.DecayDefault), then validates o
// ([search.Options.Validate]).
func Complete(o *search.Options, now func() time.Time, lambda, halfLifeDays float64) error {
	if o.Now.IsZero() {
		o.Now = now()
	}
	if o.MMRDefault {
		o.Lambda = lambda
	}
	if o.DecayDefault {
		o.HalfLifeDays = halfLifeDays
	}
	return o.Validate()
}
