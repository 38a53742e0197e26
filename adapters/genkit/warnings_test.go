package genkit_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/firebase/genkit/go/ai"
	"github.com/firebase/genkit/go/genkit"

	"github.com/memweave/memweave-go"
	memgenkit "github.com/memweave/memweave-go/adapters/genkit"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestWarningsReachTheCaller: against an embedding endpoint that fails,
// a document is stored but found by keyword only, and a retrieval falls
// back to keyword matching. Genkit's responses have no place for either;
// the Warnings functions of IndexOptions and of the Plugin get them.
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
	docs := []*ai.Document{ai.DocumentFromText("The PELICAN-88 migration runs on Tuesdays.", nil)}
	if _, err := memgenkit.Index(ctx, w, docs, &memgenkit.IndexOptions{Warnings: collect}); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || !strings.Contains(got[0], "HTTP 500") {
		t.Errorf("warnings of Index = %q, want one naming the HTTP 500", got)
	}
	got = nil
	g := genkit.Init(ctx, genkit.WithPlugins(&memgenkit.Plugin{Weave: w, Warnings: collect,
		SearchOptions: []memweave.SearchOption{memweave.MinScore(0)}}))
	resp, err := genkit.Retrieve(ctx, g, ai.WithRetriever(memgenkit.Retriever(g, memgenkit.DefaultRetriever)), ai.WithTextDocs("PELICAN-88"))
	if err != nil || len(resp.Documents) == 0 {
		t.Fatalf("Retrieve = %v, %v; want the notes found by keyword", resp, err)
	}
	if len(got) == 0 || !strings.Contains(strings.Join(got, "\n"), "keyword") {
		t.Errorf("warnings of Retrieve = %q, want the fallback to keyword search", got)
	}
}
