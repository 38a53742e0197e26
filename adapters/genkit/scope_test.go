package genkit_test

import (
	"context"
	"slices"
	"testing"

	"github.com/firebase/genkit/go/ai"
	"github.com/firebase/genkit/go/genkit"

	"github.com/memweave/memweave-go"
	memgenkit "github.com/memweave/memweave-go/adapters/genkit"
)

// TestRequestNarrowsTheRetrieverScope: a retriever defined with
// memweave.Sources searches only those namespaces; a request's sources,
// which a model calling the retriever as a tool writes, narrow the
// search within them and never reach another namespace's notes.
func TestRequestNarrowsTheRetrieverScope(t *testing.T) {
	t.Parallel()
	w := openWeave(t, files)
	ctx := context.Background()
	g := genkit.Init(ctx)
	r := (&memgenkit.Plugin{Weave: w, Retriever: "ops",
		SearchOptions: []memweave.SearchOption{memweave.MinScore(0), memweave.Sources("ops", "memory")}}).Define(g)
	tests := []struct {
		name string
		opts any
		want []string
	}{
		{"no sources", nil, []string{"memory/2026-11-01.md", "memory/ops/deploy.md"}},
		{"sources outside", memgenkit.RetrieverOptions{Sources: []string{"research"}}, nil},
		{"JSON sources outside", map[string]any{"sources": []any{"research"}}, nil},
		{"sources across", &memgenkit.RetrieverOptions{Sources: []string{"research", "ops"}}, []string{"memory/ops/deploy.md"}},
		{"sources inside", &memgenkit.RetrieverOptions{Sources: []string{"memory"}}, []string{"memory/2026-11-01.md"}},
	}
	for _, tt := range tests {
		resp, err := genkit.Retrieve(ctx, g, ai.WithRetriever(r), ai.WithTextDocs("ORCA-17"), ai.WithConfig(tt.opts))
		if err != nil {
			t.Errorf("%s: Retrieve = %v", tt.name, err)
			continue
		}
		var got []string
		for _, d := range resp.Documents {
			got = append(got, d.Metadata["path"].(string))
		}
		slices.Sort(got)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: Retrieve (scope ops, memory) paths = %q, want %q", tt.name, got, tt.want)
		}
	}
}
