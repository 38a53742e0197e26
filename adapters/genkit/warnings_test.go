package genkit_test

import (
	"context"
	"strings"
	"testing"

	"github.com/firebase/genkit/go/ai"
	"github.com/firebase/genkit/go/genkit"

	"github.com/memweave/memweave-go"
	memgenkit "github.com/memweave/memweave-go/adapters/genkit"
	"github.com/memweave/memweave-go/adapters/internal/adaptertest"
)

// TestWarningsReachTheCaller: against an embedding endpoint that fails,
// a document is stored but found by keyword only, and a retrieval falls
// back to keyword matching. Genkit's responses have no place for either;
// the Warnings functions of IndexOptions and of the Plugin get them.
func TestWarningsReachTheCaller(t *testing.T) {
	w := adaptertest.FailingEmbedder(t, map[string]string{"memory/keep.md": "# Keep\n\nThe PELICAN-88 runbook.\n"})
	var warns adaptertest.Warnings
	ctx := context.Background()
	docs := []*ai.Document{ai.DocumentFromText("The PELICAN-88 migration runs on Tuesdays.", nil)}
	if _, err := memgenkit.Index(ctx, w, docs, &memgenkit.IndexOptions{Warnings: warns.Add}); err != nil {
		t.Fatal(err)
	}
	if got := warns.Take(); len(got) != 1 || !strings.Contains(got[0], "HTTP 500") {
		t.Errorf("warnings of Index = %q, want one naming the HTTP 500", got)
	}
	g := genkit.Init(ctx, genkit.WithPlugins(&memgenkit.Plugin{Weave: w, Warnings: warns.Add,
		SearchOptions: []memweave.SearchOption{memweave.MinScore(0)}}))
	resp, err := genkit.Retrieve(ctx, g, ai.WithRetriever(memgenkit.Retriever(g, memgenkit.DefaultRetriever)), ai.WithTextDocs("PELICAN-88"))
	if err != nil || len(resp.Documents) == 0 {
		t.Fatalf("Retrieve = %v, %v; want the notes found by keyword", resp, err)
	}
	if got := warns.Take(); !strings.Contains(strings.Join(got, "\n"), "keyword") {
		t.Errorf("warnings of Retrieve = %q, want the fallback to keyword search", got)
	}
}

// TestDefinedRetrieverWarnings: a retriever defined beside the plugin's
// (a second memory, other search options) reports its warnings too: the
// Plugin describing it is defined with Define instead of genkit.Init.
func TestDefinedRetrieverWarnings(t *testing.T) {
	w := adaptertest.FailingEmbedder(t, map[string]string{"memory/keep.md": "# Keep\n\nThe PELICAN-88 runbook.\n"})
	var warns adaptertest.Warnings
	ctx := context.Background()
	g := genkit.Init(ctx)
	p := &memgenkit.Plugin{Weave: w, Retriever: "second", Warnings: warns.Add,
		SearchOptions: []memweave.SearchOption{memweave.MinScore(0)}}
	r := p.Define(g)
	if memgenkit.Retriever(g, "second") == nil {
		t.Fatal("Define did not register memweave/second")
	}
	resp, err := genkit.Retrieve(ctx, g, ai.WithRetriever(r), ai.WithTextDocs("PELICAN-88"))
	if err != nil || len(resp.Documents) == 0 {
		t.Fatalf("Retrieve = %v, %v; want the note found by keyword", resp, err)
	}
	if got := warns.Take(); !strings.Contains(strings.Join(got, "\n"), "keyword") {
		t.Errorf("warnings of a defined retriever = %q, want the fallback to keyword search", got)
	}
}
