package memweave_test

import (
	"errors"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/search"
)

// TestVectorSearchAfterAModelSwapSaysWhy: a vector search over an index
// of another embedder's vectors falls back to keyword results, and said
// so twice: once rightly (the embedder differs from the index's) and
// once falsely ("no embedder configured", while one is). Only the first
// is said now, for every mode.
func TestVectorSearchAfterAModelSwapSaysWhy(t *testing.T) {
	root, w := openIndexed(t, sample, memweave.Config{})
	w.Close()
	changeSettings(t, root, func(s *memweave.Settings) { s.Embedder.Dims = 128 })
	w = open(t, root, memweave.Config{NoWatch: true, Embedder: memweave.EmbedderConfig{Dims: 128}})
	defer w.Close()
	for _, mode := range []memweave.Mode{memweave.ModeHybrid, memweave.ModeVector} {
		resp, err := w.Search(t.Context(), "Redis queue", memweave.SearchMode(mode))
		if err != nil {
			t.Fatal(err)
		}
		for _, wr := range resp.Warnings {
			if errors.Is(wr.Err, search.ErrNoEmbedder) {
				t.Errorf("Search(mode %s) warns %q, want only the embedder's change: %v", mode, wr.Err, resp.Warnings)
			}
		}
	}
}
