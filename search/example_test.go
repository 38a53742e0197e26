package search_test

import (
	"fmt"

	"github.com/memweave/memweave-go/search"
)

func ExampleKeywordQuery() {
	fmt.Println(search.KeywordQuery("What did we decide about ZEBRA-COMET-2026?"))
	fmt.Println(search.KeywordQuery(`NEAR("quoted" AND *)`))
	fmt.Println(search.KeywordQuery("what is it"))
	// Output:
	// "decide" OR "zebra comet 2026" OR "zebra" OR "comet" OR "2026"
	// "near" OR "quoted" OR "nearquoted" OR "nearquotedand" OR "quotedand"
	// "what" OR "is" OR "it" OR "whatis" OR "whatisit" OR "isit"
}

func ExampleFuse() {
	// Calibrated scores, as retrieval sets them: chunk 1 holds the whole
	// query and is near it, chunk 2 holds none of its words but is a
	// clear paraphrase, chunk 3 holds the whole query and is far from it,
	// chunk 4 holds one common word of it.
	score := func(x float64) *float64 { return &x }
	results := search.Fuse([]search.Candidate{
		{ChunkID: 1, KeywordScore: score(0.75), Whole: true, VectorScore: score(0.6)},
		{ChunkID: 2, VectorScore: score(0.9)},
		{ChunkID: 3, KeywordScore: score(0.5), Whole: true, VectorScore: score(0)},
		{ChunkID: 4, KeywordScore: score(0.35), VectorScore: score(0.1)},
	}, search.FusionOptions{})
	for _, r := range results {
		fmt.Printf("chunk %d: %.3f (%s)\n", r.ChunkID, r.Score, r.Explain.Fusion)
	}
	// Output:
	// chunk 1: 0.675 (blend)
	// chunk 3: 0.450 (blend)
	// chunk 2: 0.396 (blend)
	// chunk 4: 0.315 (blend)
}

func ExampleSnippet() {
	text := "# Decisions\n\nWe use Postgres for the main store.\nValkey caches sessions.\nDeploys go through CI."
	fmt.Println(search.Snippet(text, search.QueryTerms("which cache do we use?"), 40))
	// Output:
	// …Valkey caches sessions.
	// Deploys go…
}
