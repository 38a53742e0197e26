// Quickstart writes a memory, indexes it with the offline embedder and
// searches it.
//
//	go run -tags sqlite_fts5 ./examples/quickstart
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"

	memweave "github.com/memweave/memweave-go"
)

func main() {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "memweave-quickstart-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	if err := os.MkdirAll(filepath.Join(dir, "memory"), 0o755); err != nil {
		log.Fatal(err)
	}
	// The offline embedder is lexical: the heading is what links this note to
	// a question about caching. A semantic embedder (Provider "openai",
	// e.g. Ollama) would find it without.
	note := "# Caching layer decision\n\nWe use Valkey instead of Redis. Target latency SLA: 5ms p99.\n"
	if err := os.WriteFile(filepath.Join(dir, "memory", "stack.md"), []byte(note), 0o644); err != nil {
		log.Fatal(err)
	}

	w, err := memweave.Open(ctx, memweave.Config{Workspace: dir})
	if err != nil {
		log.Fatal(err)
	}
	defer w.Close()
	if _, err := w.Index(ctx); err != nil {
		log.Fatal(err)
	}
	resp, err := w.Search(ctx, "caching layer decision")
	if err != nil {
		log.Fatal(err)
	}
	for _, r := range resp.Results {
		fmt.Printf("[%.2f] %s <- %s:%d\n", r.Score, r.Snippet, r.Path, r.StartLine)
	}
	if len(resp.Results) == 0 {
		fmt.Println("no results above the threshold")
	}
}
