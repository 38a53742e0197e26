package memweave_test

import (
	"context"
	"math"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/memweavetest"
)

// nanQueryEmbedder embeds documents as the hash embedder does and
// queries as a vector holding a NaN and infinities, as a static model
// folder with such weights (a clone's, inside the workspace) gives for
// the words that hit them.
type nanQueryEmbedder struct{ *embed.Hash }

func (n nanQueryEmbedder) EmbedQuery(ctx context.Context, text string) ([]float32, error) {
	v, err := n.Hash.EmbedQuery(ctx, text)
	out := make([]float32, len(v))
	for i := range out {
		out[i] = float32(math.Inf(1))
	}
	out[0] = float32(math.NaN())
	return out, err
}

// TestQueryVectorNotFiniteIsKeywordOnly: a query vector holding a NaN
// or an infinity made every cosine NaN: the search matched nothing by
// vector yet reported mode hybrid, with no warning. Now it is an
// embedding failure, as an unusable document vector is: keyword-only,
// and said so.
func TestQueryVectorNotFiniteIsKeywordOnly(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\nthe ledger reconciles nightly\n", "memory/b.md": "# B\nunrelated cooking recipe\n"})
	w := open(t, root, memweave.Config{Embedder: memweave.EmbedderConfig{Custom: nanQueryEmbedder{embed.NewHash(64)}}})
	ctx := context.Background()
	if _, err := w.Index(ctx); err != nil {
		t.Fatal(err)
	}
	resp, err := w.Search(ctx, "ledger", memweave.MinScore(0))
	if err != nil {
		t.Fatal(err)
	}
	warned := false
	for _, wn := range resp.Warnings {
		warned = warned || strings.Contains(wn.Error(), "keyword-only") && strings.Contains(wn.Error(), "not finite")
	}
	if !warned || len(resp.Results) == 0 || resp.Results[0].Path != "memory/a.md" {
		t.Errorf("Search with a NaN query vector = mode %v, results %d, warnings %v; want memory/a.md by keyword and a warning saying the query vector is not finite", resp.Mode, len(resp.Results), resp.Warnings)
	}
	for _, r := range resp.Results {
		if c := r.Explain.Cosine; c != nil && math.IsNaN(*c) {
			t.Errorf("%s has cosine NaN", r.Path)
		}
	}
}
