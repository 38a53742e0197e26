package eino_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/cloudwego/eino/schema"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/adapters/eino"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestWarningsReachTheCaller: against an embedding endpoint that fails,
// a document is stored but found by keyword only, and a retrieval falls
// back to keyword matching. Eino's interfaces have no place for either;
// the functions of WithWarnings get them.
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
	collect := func(ctx context.Context, w memweave.Warning) {
		mu.Lock()
		defer mu.Unlock()
		got = append(got, w.Error())
	}
	ctx := context.Background()
	if _, err := eino.NewIndexer(w).WithWarnings(collect).Store(ctx, []*schema.Document{{Content: "The PELICAN-88 migration runs on Tuesdays."}}); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || !strings.Contains(got[0], "HTTP 500") {
		t.Errorf("warnings of Store = %q, want one naming the HTTP 500", got)
	}
	got = nil
	docs, err := eino.NewRetriever(w, memweave.MinScore(0)).WithWarnings(collect).Retrieve(ctx, "PELICAN-88")
	if err != nil || len(docs) == 0 {
		t.Fatalf("Retrieve = %d documents, %v; want the notes found by keyword", len(docs), err)
	}
	if len(got) == 0 || !strings.Contains(strings.Join(got, "\n"), "keyword") {
		t.Errorf("warnings of Retrieve = %q, want the fallback to keyword search", got)
	}
}
