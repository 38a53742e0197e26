package query_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/memweave/memweave-go/embedcache"
	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/search"
)

// failingSample is the index's vector side, whose cosine sample fails.
type failingSample struct{ *index.DB }

func (failingSample) SampleCosines(context.Context, []float32, int) ([]float64, error) {
	return nil, errors.New("sample read failed")
}

// TestSearchSurvivesTheQuerySampleFailing: with the index's background
// at hand, a semantic search also samples the query's own cosines, only
// to measure its keyword matches within them (Background.within): a
// failure there leaves them measured against the index's background, as
// before that refinement, and does not fail the search.
func TestSearchSurvivesTheQuerySampleFailing(t *testing.T) {
	ctx := context.Background()
	db := vectorDB(t, 3)
	var ups []index.Update
	for f := range 3 {
		path := fmt.Sprintf("memory/n%d.md", f)
		text := fmt.Sprintf("cache eviction policy of note %d", f)
		k := embedcache.KeyOf("H\n" + text)
		ups = append(ups, index.Update{File: index.File{Path: path, Source: "memory", Hash: path}, Chunks: []index.Chunk{{
			ID: index.ChunkID(path, 0, k), StartLine: 1, EndLine: 1, Hash: k, Text: text, Prefix: "H\n",
			Vector: []float32{float32(f) + 0.1, 1, 0.3}}}})
	}
	if _, err := db.Apply(ctx, ups, nil, nil); err != nil {
		t.Fatal(err)
	}
	h := &search.Hybrid{Keyword: db, Vector: failingSample{db}, Embedder: fixedQuery{0.2, 1, 0.4}, Semantic: true,
		Background: func(context.Context, []float32) (search.Background, error) {
			return search.Background{Base: 0.1, Center: 0.2, Spread: 0.1, Standout: 2}, nil
		}}
	got, err := h.Retrieve(ctx, search.Request{Query: "cache eviction policy", Mode: search.ModeHybrid, Pool: 8})
	if err != nil {
		t.Fatalf("Retrieve with the index's background and a failing query sample: %v, want results", err)
	}
	if len(got.Results) == 0 {
		t.Errorf("Retrieve with the index's background and a failing query sample: no results, want the 3 notes")
	}
}
