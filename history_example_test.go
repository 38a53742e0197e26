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

	// Only a resolution in the files supersedes a passage.
	res, err := w.Resolve(ctx, memweave.Ref{Path: "2025-05-10.md", StartLine: 3}, memweave.Ref{Path: "2025-03-02.md", StartLine: 3}, "upgraded")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Line)
	for _, mode := range []string{"mark", "hide"} {
		resp, err := w.Search(ctx, "staging database PostgreSQL", memweave.Superseded(mode), memweave.MaxResults(3))
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(mode + ":")
		for _, r := range resp.Results {
			if r.SupersededBy != nil {
				fmt.Printf("  %s:%d superseded by %s:%d (%s)\n", r.Path, r.StartLine, r.SupersededBy.Path, r.SupersededBy.StartLine, r.Explain.Superseded)
			} else {
				fmt.Printf("  %s:%d\n", r.Path, r.StartLine)
			}
		}
	}
	// Output:
	// > Superseded (1 line above, #a665a4e5) by memory/2025-05-10.md#e7870b46 (2026-11-30): upgraded
	// mark:
	//   memory/2025-05-10.md:1
	//   memory/stack.md:1
	//   memory/2025-03-02.md:1 superseded by memory/2025-05-10.md:3 (resolved: upgraded)
	// hide:
	//   memory/2025-05-10.md:1
	//   memory/stack.md:1
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
