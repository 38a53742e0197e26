package memweave_test

import (
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
)

// Superseded("hide") runs before decay and MMR, which reorder: a passage
// ranked past max_results before decay may be first after it. Such a
// passage, superseded by a line that is gone, was hidden unchecked (only
// the first max_results were checked for a live line kept, as when hide
// ran last), so the search dropped the only version of the fact; it is
// now shown marked, saying why it was not hidden.
func TestHideChecksWhatDecayBringsUp(t *testing.T) {
	ctx := t.Context()
	root, w := openIndexed(t, map[string]string{
		"memory/2020-01-01.md": "# 2020-01-01\n\nThe staging database PostgreSQL 14 runs on host db-0 since today.\n",
		"memory/stack.md":      "# Stack\n\nThe staging database runs PostgreSQL 16.\n",
		"memory/ops.md":        "# Ops\n\nThe staging database runs PostgreSQL 17.\n",
	}, memweave.Config{MinScore: new(0.0)})
	if _, err := w.Resolve(ctx, memweave.Ref{Path: "ops.md", StartLine: 3}, memweave.Ref{Path: "stack.md", StartLine: 3}, "upgraded"); err != nil {
		t.Fatal(err)
	}
	writeFile(t, root, "memory/ops.md", "# Ops\n\nMoved elsewhere.\n") // the line kept is gone
	const q = "staging database PostgreSQL 14 db-0"
	before := mustSearch(t, w, q, memweave.Superseded("hide"), memweave.MaxResults(1))
	if p := paths(before.Results); len(p) != 1 || p[0] != "memory/2020-01-01.md" {
		t.Fatalf("search without decay = %v; want the dated note first (the case needs it)", locs(before.Results))
	}
	resp := mustSearch(t, w, q, memweave.Superseded("hide"), memweave.MaxResults(1), memweave.Decay(30))
	got := holding(t, root, resp.Results, "PostgreSQL 16")
	if len(got) != 1 || !strings.Contains(got[0].Explain.Superseded, "not hidden: the line kept is no longer in memory/ops.md") {
		t.Errorf("search with hide and decay = %v, Hidden %+v; want memory/stack.md shown, marked as not hidden", locs(resp.Results), resp.Hidden)
	}
}
