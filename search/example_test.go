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
	bm25, cos := -6.0, 0.8
	results := search.Fuse([]search.Candidate{
		{ChunkID: 1, Cosine: &cos, VectorRank: 1},
		{ChunkID: 2, BM25: &bm25, KeywordRank: 1},
	}, search.FusionOptions{})
	for _, r := range results {
		fmt.Printf("chunk %d: %.2f (%s)\n", r.ChunkID, r.Score, r.Explain.Fusion)
	}
	// Output:
	// chunk 1: 0.56 (weighted)
	// chunk 2: 0.45 (weighted)
}

func ExampleSnippet() {
	text := "# Decisions\n\nWe use Postgres for the main store.\nValkey caches sessions.\nDeploys go through CI."
	fmt.Println(search.Snippet(text, search.QueryTerms("which cache do we use?"), 40))
	// Output:
	// …Valkey caches sessions.
	// Deploys go…
}
