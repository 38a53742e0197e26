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
	// "near" OR "quoted"
	// "what" OR "is" OR "it"
}

func ExampleFuse() {
	// Chunk 1 is found by both backends, chunk 2 by the vector backend
	// only, chunk 3 by the keyword backend only. Without calibrated
	// scores, bm25() is normalised as x/(x+2) and the cosine clamped:
	// chunk 1 blends 0.75 and 0.6, chunk 3 keeps 0.9 of its 0.5, chunk 2
	// half of its 0.8.
	strong, weak, high, mid := -6.0, -2.0, 0.8, 0.6
	results := search.Fuse([]search.Candidate{
		{ChunkID: 1, BM25: &strong, KeywordRank: 1, Cosine: &mid, VectorRank: 2},
		{ChunkID: 2, Cosine: &high, VectorRank: 1},
		{ChunkID: 3, BM25: &weak, KeywordRank: 2},
	}, search.FusionOptions{})
	for _, r := range results {
		fmt.Printf("chunk %d: %.2f (%s)\n", r.ChunkID, r.Score, r.Explain.Fusion)
	}
	// Output:
	// chunk 1: 0.71 (blend)
	// chunk 3: 0.45 (blend)
	// chunk 2: 0.40 (blend)
}

func ExampleSnippet() {
	text := "# Decisions\n\nWe use Postgres for the main store.\nValkey caches sessions.\nDeploys go through CI."
	fmt.Println(search.Snippet(text, search.QueryTerms("which cache do we use?"), 40))
	// Output:
	// …Valkey caches sessions.
	// Deploys go…
}
