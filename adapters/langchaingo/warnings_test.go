package langchaingo_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/tmc/langchaingo/schema"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/adapters/langchaingo"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestWarningsReachTheCaller: against an embedding endpoint that fails,
// a document is stored but found by keyword only, and a search falls
// back to keyword matching. langchaingo's interfaces have no place for
// either; the function of WithWarnings gets both, and a store without
// one still works.
func TestWarningsReachTheCaller(t *testing.T) {
	srv := memweavetest.NewEmbedServer(t, 64)
	srv.Status.Store(500)
	root := memweavetest.Workspace(t, map[string]string{"memory/keep.md": "# Keep\n\nThe PELICAN-88 runbook.\n"})
	w, err := memweave.Open(context.Background(), memweave.Config{Workspace: root, Now: memweavetest.Clock(),
		Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "m", BaseURL: srv.BaseURL()}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	var mu sync.Mutex
	var got []string
	plain := langchaingo.NewStore(w, memweave.MinScore(0))
	s := plain.WithWarnings(func(ctx context.Context, w memweave.Warning) {
		mu.Lock()
		defer mu.Unlock()
		got = append(got, w.Error())
	})
	ctx := context.Background()
	if _, err := s.AddDocuments(ctx, []schema.Document{{PageContent: "The PELICAN-88 migration runs on Tuesdays."}}); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || !strings.Contains(got[0], "HTTP 500") {
		t.Errorf("warnings of AddDocuments = %q, want one naming the HTTP 500", got)
	}
	got = nil
	docs, err := s.SimilaritySearch(ctx, "PELICAN-88", 3)
	if err != nil || len(docs) == 0 {
		t.Fatalf("SimilaritySearch = %d documents, %v; want the notes found by keyword", len(docs), err)
	}
	if len(got) == 0 || !strings.Contains(strings.Join(got, "\n"), "keyword") {
		t.Errorf("warnings of SimilaritySearch = %q, want the fallback to keyword search", got)
	}
	got = nil
	if _, err := plain.SimilaritySearch(ctx, "PELICAN-88", 3); err != nil || got != nil {
		t.Errorf("SimilaritySearch of the store without WithWarnings = %v, warnings %q; want it to work, reporting to no one", err, got)
	}
}
