package memweave_test

import (
	"context"
	"fmt"
	"log"
	"os"

	memweave "github.com/memweave/memweave-go"
)

func ExampleWeave_Consolidate() {
	ctx := context.Background()
	note := "# Deploys\n\nThe staging deploy runs every Tuesday at noon from the release branch.\n"
	dir := exampleWorkspace(map[string]string{
		"memory/2026-11-01.md": "---\npinned: true\n---\n" + note,
		"memory/2026-11-20.md": note,
	})
	defer os.RemoveAll(dir)
	w, err := memweave.Open(ctx, memweave.Config{Workspace: dir, Now: exampleNow})
	if err != nil {
		log.Fatal(err)
	}
	defer w.Close()

	plan, err := w.Consolidate(ctx)
	if err != nil {
		log.Fatal(err)
	}
	var ids []string
	for _, g := range plan.Groups {
		fmt.Printf("keep %s (%s)\n", g.Keep.Path, g.Keep.DateFrom)
		for _, d := range g.Duplicates {
			fmt.Printf("  drop %s, similarity %.2f\n", d.Path, d.Similarity)
		}
		ids = append(ids, g.ID)
	}
	res, err := w.ApplyConsolidation(ctx, ids)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("deleted", res.Deleted, "merged into", res.Merged)
	kept, _ := w.Get(ctx, "memory/2026-11-20.md", 1, 3)
	fmt.Print(kept)
	// Output:
	// keep memory/2026-11-20.md (name)
	//   drop memory/2026-11-01.md, similarity 1.00
	// deleted [memory/2026-11-01.md] merged into [memory/2026-11-20.md]
	// ---
	// pinned: true
	// ---
}
