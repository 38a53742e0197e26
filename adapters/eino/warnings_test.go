package eino_test

import (
	"context"
	"strings"
	"testing"

	"github.com/cloudwego/eino/schema"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/adapters/eino"
	"github.com/memweave/memweave-go/adapters/internal/adaptertest"
)

// TestWarningsReachTheCaller: against an embedding endpoint that fails,
// a document is stored but found by keyword only, and a retrieval falls
// back to keyword matching. Eino's interfaces have no place for either;
// the functions of WithWarnings get them.
func TestWarningsReachTheCaller(t *testing.T) {
	w := adaptertest.FailingEmbedder(t, map[string]string{"memory/keep.md": "# Keep\n\nThe PELICAN-88 runbook.\n"})
	var warns adaptertest.Warnings
	ctx := context.Background()
	if _, err := eino.NewIndexer(w).WithWarnings(warns.Add).Store(ctx, []*schema.Document{{Content: "The PELICAN-88 migration runs on Tuesdays."}}); err != nil {
		t.Fatal(err)
	}
	if got := warns.Take(); len(got) != 1 || !strings.Contains(got[0], "HTTP 500") {
		t.Errorf("warnings of Store = %q, want one naming the HTTP 500", got)
	}
	docs, err := eino.NewRetriever(w, memweave.MinScore(0)).WithWarnings(warns.Add).Retrieve(ctx, "PELICAN-88")
	if err != nil || len(docs) == 0 {
		t.Fatalf("Retrieve = %d documents, %v; want the notes found by keyword", len(docs), err)
	}
	if got := warns.Take(); !strings.Contains(strings.Join(got, "\n"), "keyword") {
		t.Errorf("warnings of Retrieve = %q, want the fallback to keyword search", got)
	}
}
