package memweave_test

import (
	"slices"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
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
	files := map[string]string{
		"memory/2026-03-02.md": "# 2026-03-02\n\nThe staging database runs PostgreSQL 15 on the db-1 host.\n",
		"memory/stack.md":      "# Stack\n\nThe staging database runs PostgreSQL 16 on the db-1 host.\n",
	}
	for _, b := range []string{"1", "2", "3"} {
		files["memory/b"+b+".md"] = "# Backups " + b + "\n\nNightly dumps of PostgreSQL from the staging database host go to bucket b" + b + ".\n"
	}
	root := memweavetest.Workspace(t, files)
	w := open(t, root, memweave.Config{MinScore: new(0.0)})
	mustIndex(t, w)
	if _, err := w.Resolve(t.Context(), memweave.Ref{Path: "stack.md", StartLine: 3}, memweave.Ref{Path: "2026-03-02.md", StartLine: 3}, "upgraded"); err != nil {
		t.Fatal(err)
	}
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
