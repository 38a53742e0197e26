package eino_test

import (
	"context"
	"slices"
	"testing"

	"github.com/cloudwego/eino/components/retriever"
	"github.com/cloudwego/eino/schema"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/adapters/eino"
)

// TestCallNarrowsTheRetrieverScope: a retriever made with
// memweave.Sources searches only those namespaces; a call's sub-index or
// search options, which a model may write, narrow the search within
// them and never reach another namespace's notes. WithSubIndex("") means
// no sub-index, not a namespace named "".
func TestCallNarrowsTheRetrieverScope(t *testing.T) {
	t.Parallel()
	w := openWeave(t, files)
	r := eino.NewRetriever(w, memweave.MinScore(0), memweave.Sources("ops", "memory"))
	ctx := context.Background()
	tests := []struct {
		name string
		opts []retriever.Option
		want []string
	}{
		{"no call scope", nil, []string{"memory/2026-11-01.md", "memory/ops/deploy.md"}},
		{"sub-index outside", []retriever.Option{retriever.WithSubIndex("research")}, nil},
		{"sub-index inside", []retriever.Option{retriever.WithSubIndex("ops")}, []string{"memory/ops/deploy.md"}},
		{"search option sources outside", []retriever.Option{eino.WithSearchOptions(memweave.Sources("research"))}, nil},
		{"search option sources across", []retriever.Option{eino.WithSearchOptions(memweave.Sources("research", "memory"))}, []string{"memory/2026-11-01.md"}},
		{"empty sub-index", []retriever.Option{retriever.WithSubIndex("")}, []string{"memory/2026-11-01.md", "memory/ops/deploy.md"}},
	}
	for _, tt := range tests {
		docs, err := r.Retrieve(ctx, "ORCA-17", tt.opts...)
		if err != nil {
			t.Errorf("%s: Retrieve = %v", tt.name, err)
			continue
		}
		if got := docPaths(docs); !slices.Equal(got, tt.want) {
			t.Errorf("%s: Retrieve (scope ops, memory) paths = %q, want %q", tt.name, got, tt.want)
		}
	}
	docs, err := eino.NewRetriever(w, memweave.MinScore(0)).Retrieve(ctx, "ORCA-17", retriever.WithSubIndex(""))
	if err != nil || len(docs) != 3 {
		t.Errorf("Retrieve WithSubIndex(\"\") without a scope = %d documents, %v; want all 3", len(docs), err)
	}
}

// docPaths returns the sorted paths of docs.
func docPaths(docs []*schema.Document) []string {
	var ps []string
	for _, d := range docs {
		ps = append(ps, d.MetaData["path"].(string))
	}
	slices.Sort(ps)
	return ps
}
