package langchaingo_test

import (
	"context"
	"fmt"
	"os"

	"github.com/tmc/langchaingo/schema"
	"github.com/tmc/langchaingo/vectorstores"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/adapters/langchaingo"
)

// A langchaingo agent stores what it learns as Markdown notes and
// retrieves them by similarity.
func Example() {
	ctx := context.Background()
	root, err := os.MkdirTemp("", "memweave-langchaingo-")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(root)
	w, err := memweave.Open(ctx, memweave.Config{Workspace: root}) // offline hash embedder
	if err != nil {
		panic(err)
	}
	defer w.Close()

	store := langchaingo.NewStore(w)
	_, err = store.AddDocuments(ctx, []schema.Document{
		{PageContent: "The billing service deploys with the PELICAN pipeline.", Metadata: map[string]any{
			"path": "services/billing.md", "headings": []string{"Billing", "Deploys"}}},
		{PageContent: "Dana prefers short stand-ups.", Metadata: map[string]any{"source": "team"}},
	})
	if err != nil {
		panic(err)
	}

	var retriever schema.Retriever = store.Retriever(1, vectorstores.WithScoreThreshold(0.3))
	docs, err := retriever.GetRelevantDocuments(ctx, "how does billing deploy")
	if err != nil {
		panic(err)
	}
	for _, d := range docs {
		fmt.Printf("%s:%d-%d %v\n", d.Metadata["path"], d.Metadata["start_line"], d.Metadata["end_line"], d.Metadata["headings"])
	}
	// Output:
	// memory/services/billing.md:1-5 [Billing Deploys]
}
