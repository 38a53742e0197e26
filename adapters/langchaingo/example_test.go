package langchaingo_test

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/tmc/langchaingo/schema"
	"github.com/tmc/langchaingo/vectorstores"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/adapters/langchaingo"
)

// A langchaingo agent stores what it learns as Markdown files and dated
// notes, and retrieves them by similarity. (The README's snippet is this
// example without its error checks.)
func Example() {
	ctx := context.Background()
	root, err := os.MkdirTemp("", "memweave-langchaingo-")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(root)
	today := func() time.Time { return time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC) }
	w, err := memweave.Open(ctx, memweave.Config{Workspace: root, Now: today, Create: true}) // offline hash embedder
	if err != nil {
		panic(err)
	}
	defer w.Close()

	store := langchaingo.NewStore(w) // memweave.SearchOptions may follow, for every search
	ids, err := store.AddDocuments(ctx, []schema.Document{
		{PageContent: "The billing service deploys with the PELICAN pipeline.",
			Metadata: map[string]any{"path": "services/billing.md", "headings": []string{"Billing", "Deploys"}}},
		{PageContent: "Dana prefers short stand-ups.", Metadata: map[string]any{"source": "team"}},
	}) // ids: memory/services/billing.md, memory/team/2026-12-01.md
	if err != nil {
		panic(err)
	}
	docs, err := store.SimilaritySearch(ctx, "how does billing deploy", 3,
		vectorstores.WithScoreThreshold(0.3),                                         // MinScore
		vectorstores.WithNameSpace("services"),                                       // Sources; on AddDocuments, the notes' namespace
		vectorstores.WithFilters(langchaingo.Filter{PathPrefix: "memory/services/"})) // or map{"sources": ..., "path_prefix": ...}
	if err != nil {
		panic(err)
	}
	var r schema.Retriever = store.Retriever(3)
	notes, err := r.GetRelevantDocuments(ctx, "what does Dana prefer")
	if err != nil {
		panic(err)
	}

	fmt.Println(ids)
	for _, d := range docs {
		fmt.Printf("%s:%d-%d %v\n", d.Metadata["path"], d.Metadata["start_line"], d.Metadata["end_line"], d.Metadata["headings"])
	}
	fmt.Println(notes[0].Metadata["path"], notes[0].Metadata["source"])
	// Output:
	// [memory/services/billing.md memory/team/2026-12-01.md]
	// memory/services/billing.md:1-5 [Billing Deploys]
	// memory/team/2026-12-01.md team
}
