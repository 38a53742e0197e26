package langchaingo_test

import (
	"context"
	"slices"
	"testing"

	"github.com/tmc/langchaingo/schema"
	"github.com/tmc/langchaingo/vectorstores"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/adapters/langchaingo"
)

// TestFiltersNarrowTheNamespace: WithFilters narrows a search within the
// namespace of WithNameSpace, as in langchaingo's other stores; it never
// widens it. A filter's sources, which a self-querying retriever may take
// from a model's output, must not reach notes of another namespace.
func TestFiltersNarrowTheNamespace(t *testing.T) {
	t.Parallel()
	s, _ := openStore(t, files, memweave.MinScore(0))
	ctx := context.Background()
	tests := []struct {
		name   string
		filter any
		want   []string
	}{
		{"map source of another namespace", map[string]any{"source": "research"}, nil},
		{"map sources, the namespace among them", map[string]any{"sources": []any{"ops", "research"}}, []string{"memory/ops/deploy.md"}},
		{"Filter of another namespace", langchaingo.Filter{Sources: []string{"research", "memory"}}, nil},
		{"Filter of the namespace", &langchaingo.Filter{Sources: []string{"ops"}, PathPrefix: "memory/ops/"}, []string{"memory/ops/deploy.md"}},
		// An empty source names none, as without a namespace (where it
		// leaves the search whole): the namespace alone applies.
		{"map source empty", map[string]any{"source": ""}, []string{"memory/ops/deploy.md"}},
		{"Filter of an empty source", langchaingo.Filter{Sources: []string{""}}, []string{"memory/ops/deploy.md"}},
		// A map of strings is a map: read as one of any.
		{"map[string]string of the namespace", map[string]string{"source": "ops"}, []string{"memory/ops/deploy.md"}},
		{"map[string]string of another namespace", map[string]string{"source": "research"}, nil},
	}
	for _, tt := range tests {
		docs, err := s.SimilaritySearch(ctx, "ORCA-17", 10, vectorstores.WithNameSpace("ops"), vectorstores.WithFilters(tt.filter))
		if err != nil {
			t.Errorf("%s: SimilaritySearch = %v", tt.name, err)
			continue
		}
		got := pathsOf(docs)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: SimilaritySearch(namespace ops) paths = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestCallNarrowsTheStoresScope: a Store made with memweave.Sources or
// memweave.PathPrefix bounds every search; a call's namespace or filter
// narrows within that scope and never widens it.
func TestCallNarrowsTheStoresScope(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	bySources, _ := openStore(t, files, memweave.MinScore(0), memweave.Sources("ops"))
	byPrefix, _ := openStore(t, files, memweave.MinScore(0), memweave.PathPrefix("memory/ops/"))
	tests := []struct {
		name  string
		store *langchaingo.Store
		opts  []vectorstores.Option
		want  []string
	}{
		{"sources store, namespace outside", bySources, []vectorstores.Option{vectorstores.WithNameSpace("research")}, nil},
		{"sources store, filter outside", bySources, []vectorstores.Option{vectorstores.WithFilters(map[string]any{"sources": []any{"research", "memory"}})}, nil},
		{"sources store, filter within", bySources, []vectorstores.Option{vectorstores.WithFilters(map[string]any{"source": "ops"})}, []string{"memory/ops/deploy.md"}},
		{"prefix store, prefix outside", byPrefix, []vectorstores.Option{vectorstores.WithFilters(map[string]any{"path_prefix": "memory/"})}, []string{"memory/ops/deploy.md"}},
		{"prefix store, other folder", byPrefix, []vectorstores.Option{vectorstores.WithFilters(map[string]any{"path_prefix": "memory/research/"})}, nil},
		{"prefix store, nothing asked", byPrefix, nil, []string{"memory/ops/deploy.md"}},
	}
	for _, tt := range tests {
		docs, err := tt.store.SimilaritySearch(ctx, "ORCA-17", 10, tt.opts...)
		if err != nil {
			t.Errorf("%s: SimilaritySearch = %v", tt.name, err)
			continue
		}
		got := pathsOf(docs)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: SimilaritySearch paths = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// pathsOf returns the sorted paths of docs.
func pathsOf(docs []schema.Document) []string {
	var out []string
	for _, d := range docs {
		out = append(out, d.Metadata["path"].(string))
	}
	slices.Sort(out)
	return out
}
