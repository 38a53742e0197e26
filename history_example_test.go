package memweave_test

import (
	"context"
	"fmt"
	"log"
	"os"

	memweave "github.com/memweave/memweave-go"
)

var factFiles = map[string]string{
	"memory/2025-03-02.md": "# 2025-03-02\n\n- The staging database runs PostgreSQL 15.\n",
	"memory/2025-05-10.md": "# 2025-05-10\n\n- The staging database runs PostgreSQL 16.\n",
	"memory/stack.md":      "# Stack\n\nThe production database runs PostgreSQL 14.\n",
}

func ExampleWeave_Conflicts() {
	ctx := context.Background()
	dir := exampleWorkspace(factFiles)
	defer os.RemoveAll(dir)
	w, err := memweave.Open(ctx, memweave.Config{Workspace: dir, Now: exampleNow})
	if err != nil {
		log.Fatal(err)
	}
	defer w.Close()

	resp, err := w.Conflicts(ctx)
	if err != nil {
		log.Fatal(err)
	}
	// The production note is about another subject: no conflict.
	for _, c := range resp.Conflicts {
		fmt.Printf("%s: %s\n  a %s:%d\n  b %s:%d\n  newer: %s\n", c.Kind, c.Reason, c.A.Path, c.A.StartLine, c.B.Path, c.B.StartLine, c.Newer)
	}
	// Output:
	// likely: different number: "15" vs "16"
	//   a memory/2025-03-02.md:1
	//   b memory/2025-05-10.md:1
	//   newer: b
}

func ExampleSuperseded() {
	ctx := context.Background()
	dir := exampleWorkspace(factFiles)
	defer os.RemoveAll(dir)
	w, err := memweave.Open(ctx, memweave.Config{Workspace: dir, Now: exampleNow, MinScore: new(0.0)})
	if err != nil {
		log.Fatal(err)
	}
	defer w.Close()

	for _, mode := range []string{"mark", "hide"} {
		resp, err := w.Search(ctx, "staging database PostgreSQL", memweave.Superseded(mode), memweave.MaxResults(2))
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(mode + ":")
		for _, r := range resp.Results {
			if r.SupersededBy != nil {
				fmt.Printf("  %s superseded by %s (%s)\n", r.Path, r.SupersededBy.Path, r.Explain.Superseded)
			} else {
				fmt.Printf("  %s\n", r.Path)
			}
		}
	}
	// Output:
	// mark:
	//   memory/2025-03-02.md superseded by memory/2025-05-10.md (different number: "15" vs "16")
	//   memory/2025-05-10.md
	// hide:
	//   memory/2025-05-10.md
	//   memory/stack.md
}

// ExampleWeave_SearchAt searches the memory as it was one commit ago.
// It needs git and a workspace inside a git repository, so it is only
// compiled here; TestSearchAtThreeCommits runs the same calls.
func ExampleWeave_SearchAt() {
	ctx := context.Background()
	w, err := memweave.Open(ctx, memweave.Config{Workspace: "."})
	if err != nil {
		log.Fatal(err)
	}
	defer w.Close()
	resp, err := w.SearchAt(ctx, "HEAD~1", "staging database version")
	if err != nil {
		log.Fatal(err) // errors.Is(err, memweave.ErrNotRepository), ErrNoGit, ErrBadRevision
	}
	fmt.Println("at", resp.At, "embedded", *resp.EmbeddingsComputed, "chunks")
	for _, r := range resp.Results {
		fmt.Println(r.Path, r.Snippet)
	}
	changes, err := w.Changes(ctx, "HEAD~1", "") // to the working tree
	if err != nil {
		log.Fatal(err)
	}
	for _, c := range changes.Changes {
		fmt.Println(c.Kind, c.Path)
	}
}
