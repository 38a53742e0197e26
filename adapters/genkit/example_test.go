package genkit_test

import (
	"context"
	"fmt"
	"os"

	"github.com/firebase/genkit/go/ai"
	"github.com/firebase/genkit/go/genkit"

	"github.com/memweave/memweave-go"
	memgenkit "github.com/memweave/memweave-go/adapters/genkit"
)

// A Genkit application stores notes with Index and retrieves them with
// the plugin's retriever. (The README's snippet is this example without
// its error checks.)
func Example() {
	ctx := context.Background()
	root, err := os.MkdirTemp("", "memweave-genkit-")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(root)
	w, err := memweave.Open(ctx, memweave.Config{Workspace: root, Create: true}) // offline hash embedder
	if err != nil {
		panic(err)
	}
	defer w.Close()

	g := genkit.Init(ctx, genkit.WithPlugins(&memgenkit.Plugin{Weave: w}))
	ids, err := memgenkit.Index(ctx, w, []*ai.Document{
		ai.DocumentFromText("The billing service deploys with the PELICAN pipeline.",
			map[string]any{"path": "services/billing.md", "headings": []string{"Billing", "Deploys"}}),
		ai.DocumentFromText("Dana prefers short stand-ups.", nil),
	}, &memgenkit.IndexOptions{Source: "team"}) // the namespace of documents without a path or source
	if err != nil {
		panic(err)
	}
	resp, err := genkit.Retrieve(ctx, g, ai.WithRetriever(memgenkit.Retriever(g, "memory")),
		ai.WithTextDocs("how does billing deploy"),
		ai.WithConfig(&memgenkit.RetrieverOptions{K: 3, MinScore: new(0.3), Sources: []string{"services"}}))
	if err != nil {
		panic(err)
	}

	fmt.Println(ids[0], len(ids))
	for _, d := range resp.Documents {
		fmt.Printf("%s:%d-%d %v\n", d.Metadata["path"], d.Metadata["start_line"], d.Metadata["end_line"], d.Metadata["headings"])
	}
	// Output:
	// memory/services/billing.md 2
	// memory/services/billing.md:1-5 [Billing Deploys]
}
