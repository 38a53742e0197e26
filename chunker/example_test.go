package chunker_test

import (
	"fmt"
	"strings"

	"github.com/memweave/memweave-go/chunker"
)

func ExampleSplit() {
	src := []byte(`# Stack

We run Go services behind a small proxy.

## Caching

Redis holds session data for thirty minutes.
Keys expire on logout too.
`)
	for _, c := range chunker.Split(src, chunker.Options{}) {
		fmt.Printf("lines %d-%d %s: %q\n", c.StartLine, c.EndLine, strings.Join(c.Headings, " > "), c.Text)
	}
	// Output:
	// lines 1-3 Stack: "# Stack\n\nWe run Go services behind a small proxy."
	// lines 5-8 Stack > Caching: "## Caching\n\nRedis holds session data for thirty minutes.\nKeys expire on logout too."
}

func ExampleSplit_budget() {
	src := []byte("# Notes\n\n" + strings.Repeat("A line of notes.\n", 6))
	opts := chunker.Options{MaxTokens: 20, Overlap: new(5)}
	for _, c := range chunker.Split(src, opts) {
		fmt.Printf("lines %d-%d, %d tokens\n", c.StartLine, c.EndLine, chunker.EstimateTokens(c.Text))
	}
	// Output:
	// lines 1-6, 19 tokens
	// lines 6-8, 13 tokens
}
