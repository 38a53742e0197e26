package query_test

import (
	"testing"

	"github.com/memweave/memweave-go/postprocess"
	"github.com/memweave/memweave-go/query"
	"github.com/memweave/memweave-go/search"
)

// With Superseded "hide", a superseded passage is left out before MMR
// compares the results: the line that replaced it says nearly the same
// words, and a passage the caller never sees must not push it down, out
// of the results, for resembling it.
func TestHiddenSupersededDoesNotDemoteItsReplacement(t *testing.T) {
	old := "# 2026-03-02\n\nThe staging database runs PostgreSQL 15 on the db-1 host.\n" +
		"> Superseded (1 line above, #dc588d44) by memory/stack.md#9037e9b5 (2026-12-04): upgraded\n"
	results := []search.Result{
		{ChunkID: 1, Path: "memory/2026-03-02.md", Text: old, Score: 0.9},
		{ChunkID: 2, Path: "memory/stack.md", Text: "# Stack\n\nThe staging database runs PostgreSQL 16 on the db-1 host.\n", Score: 0.85},
		{ChunkID: 3, Path: "memory/backups.md", Text: "# Backups\n\nNightly dumps go to the b1 bucket.\n", Score: 0.75},
	}
	s := &query.Searcher{}
	var hidden int
	o := search.Options{Query: "staging database PostgreSQL 15", MaxResults: 1, MMR: true, Lambda: 0.7, Superseded: "hide"}
	var stages []postprocess.Postprocessor
	for _, p := range s.Stages(o, &hidden) {
		if _, curate := p.(postprocess.Curate); !curate { // reads the index
			stages = append(stages, p)
		}
	}
	got, err := postprocess.Run(t.Context(), o.Query, results, stages...)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) == 0 || got[0].Path != "memory/stack.md" || hidden != 1 {
		var paths []string
		for _, r := range got {
			paths = append(paths, r.Path)
		}
		t.Errorf("Stages(MMR 0.7, hide) = %v, hidden %d; want memory/stack.md first, 1 hidden", paths, hidden)
	}
}
