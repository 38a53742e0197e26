package memweave_test

import (
	"slices"
	"testing"

	memweave "github.com/memweave/memweave-go"
)

// TestMarkedSupersededDoesNotDemoteItsReplacement: with MMR and the
// default Superseded("mark"), a superseded passage stays among the
// results, marked; MMR counted its words against the line that replaced
// it, which says nearly the same, and pushed that line below passages
// about other things: -n 2 showed the fact that no longer holds and not
// the one the files keep. A superseded passage no longer counts against
// the others' diversity, so the line kept ranks as it does when the
// superseded one is hidden.
func TestMarkedSupersededDoesNotDemoteItsReplacement(t *testing.T) {
	w := supersededBesideBackups(t)
	for _, lambda := range []float64{0.3, 0.5, 0.7} {
		hidden := mustSearch(t, w, "PostgreSQL 15 staging database", memweave.Superseded("hide"), memweave.MMR(lambda), memweave.MaxResults(5))
		marked := mustSearch(t, w, "PostgreSQL 15 staging database", memweave.MMR(lambda), memweave.MaxResults(5))
		var live []string
		for _, r := range marked.Results {
			if r.SupersededBy == nil {
				live = append(live, r.Path)
			}
		}
		if want := paths(hidden.Results); !slices.Equal(live, want[:min(len(want), len(live))]) || len(live) == 0 {
			t.Errorf("MMR %g, marked: live results in order %v (all %v); hidden: %v; want the live ones in the order hiding gives", lambda, live, locs(marked.Results), want)
		}
	}
}
