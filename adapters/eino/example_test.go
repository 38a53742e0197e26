package eino_test

import (
	"context"
	"fmt"
	"os"

	"github.com/cloudwego/eino/components/indexer"
	"github.com/cloudwego/eino/components/retriever"
	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/schema"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/adapters/eino"
)

// An Eino application stores notes with the indexer and searches them
// with the retriever as a node of a chain. (The README's snippet is this
// example without its error checks.)
func Example() {
	ctx := context.Background()
	root, err := os.MkdirTemp("", "memweave-eino-")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(root)
	w, err := memweave.Open(ctx, memweave.Config{Workspace: root, Create: true}) // offline hash embedder
	if err != nil {
		panic(err)
	}
	defer w.Close()

	docs := []*schema.Document{
		{Content: "The billing service deploys with the PELICAN pipeline.",
			MetaData: map[string]any{"path": "services/billing.md", "headings": []string{"Billing", "Deploys"}}},
		{Content: "Dana prefers short stand-ups."},
	}
	ids, err := eino.NewIndexer(w).Store(ctx, docs, indexer.WithSubIndexes([]string{"team"})) // sub-index = namespace
	if err != nil {
		panic(err)
	}
	chain, err := compose.NewChain[string, []*schema.Document]().AppendRetriever(eino.NewRetriever(w)).Compile(ctx)
	if err != nil {
		panic(err)
	}
	found, err := chain.Invoke(ctx, "how does billing deploy", compose.WithRetrieverOption(
		retriever.WithTopK(3), retriever.WithScoreThreshold(0.3), retriever.WithSubIndex("services"),
		eino.WithSearchOptions(memweave.DecayDefault())))
	if err != nil {
		panic(err)
	}

	fmt.Println(ids[0], len(ids))
	for _, d := range found {
		fmt.Println(d.ID, d.MetaData["headings"])
	}
	// Output:
	// memory/services/billing.md 2
	// memory/services/billing.md:1-5 [Billing Deploys]
}
