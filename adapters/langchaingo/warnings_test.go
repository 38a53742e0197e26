package langchaingo_test

import (
	"context"
	"strings"
	"testing"

	"github.com/tmc/langchaingo/schema"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/adapters/internal/adaptertest"
	"github.com/memweave/memweave-go/adapters/langchaingo"
)

// TestWarningsReachTheCaller: against an embedding endpoint that fails,
// a document is stored but found by keyword only, and a search falls
// back to keyword matching. langchaingo's interfaces have no place for
// either; the function of WithWarnings gets both, and a store without
// one still works.
func TestWarningsReachTheCaller(t *testing.T) {
	w := adaptertest.FailingEmbedder(t, map[string]string{"memory/keep.md": "# Keep\n\nThe PELICAN-88 runbook.\n"})
	var warns adaptertest.Warnings
	plain := langchaingo.NewStore(w, memweave.MinScore(0))
	s := plain.WithWarnings(warns.Add)
	ctx := context.Background()
	if _, err := s.AddDocuments(ctx, []schema.Document{{PageContent: "The PELICAN-88 migration runs on Tuesdays."}}); err != nil {
		t.Fatal(err)
	}
	if got := warns.Take(); len(got) != 1 || !strings.Contains(got[0], "HTTP 500") {
		t.Errorf("warnings of AddDocuments = %q, want one naming the HTTP 500", got)
	}
	docs, err := s.SimilaritySearch(ctx, "PELICAN-88", 3)
	if err != nil || len(docs) == 0 {
		t.Fatalf("SimilaritySearch = %d documents, %v; want the notes found by keyword", len(docs), err)
	}
	if got := warns.Take(); !strings.Contains(strings.Join(got, "\n"), "keyword") {
		t.Errorf("warnings of SimilaritySearch = %q, want the fallback to keyword search", got)
	}
	if _, err := plain.SimilaritySearch(ctx, "PELICAN-88", 3); err != nil {
		t.Errorf("SimilaritySearch of the store without WithWarnings = %v", err)
	}
	if got := warns.Take(); got != nil {
		t.Errorf("the store without WithWarnings reported %q to the other's function", got)
	}
}
