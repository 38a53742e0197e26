package memweave_test

import (
	"slices"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestMMRWithSupersededOffComparesEveryText: Superseded("off") leaves
// resolutions out of a search ("nothing is marked, moved or dropped"),
// but MMR read each text's marker itself and gave a superseded passage
// no words, so under off the line kept was no longer pushed down for
// repeating the superseded line above it, as it is for any other near
// copy. Under off MMR now compares every text; under mark and hide it
// still ignores superseded passages (TestMarkedSupersededDoesNotDemoteItsReplacement).
func TestMMRWithSupersededOffComparesEveryText(t *testing.T) {
	files := map[string]string{
		"memory/2026-03-02.md": "# 2026-03-02\n\nThe staging database runs PostgreSQL 15 on the db-1 host.\n",
		"memory/stack.md":      "# Stack\n\nThe staging database runs PostgreSQL 16 on the db-1 host.\n",
	}
	for _, b := range []string{"1", "2", "3"} {
		files["memory/b"+b+".md"] = "# Backups " + b + "\n\nNightly dumps of PostgreSQL from the staging database host go to bucket b" + b + ".\n"
	}
	w := open(t, memweavetest.Workspace(t, files), memweave.Config{MinScore: new(0.0)})
	mustIndex(t, w)
	const query = "PostgreSQL 15 staging database"
	before := paths(mustSearch(t, w, query, memweave.MMR(0.3), memweave.MaxResults(5)).Results)
	if _, err := w.Resolve(t.Context(), memweave.Ref{Path: "stack.md", StartLine: 3}, memweave.Ref{Path: "2026-03-02.md", StartLine: 3}, "upgraded"); err != nil {
		t.Fatal(err)
	}
	off := paths(mustSearch(t, w, query, memweave.Superseded("off"), memweave.MMR(0.3), memweave.MaxResults(5)).Results)
	if slices.Index(before, "memory/stack.md") < 2 || !slices.Equal(off, before) {
		t.Errorf("MMR 0.3: order before the resolution %v, with Superseded(\"off\") after it %v; want the same order, the near copy memory/stack.md pushed down", before, off)
	}
}
