// Quickstart writes two notes, searches them and appends to today's log,
// offline. The README's Quickstart is this file (TestReadmeQuickstart
// keeps them equal).
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
	// A workspace is a folder holding memory/, here a new one each run;
	// Create makes memory/. The default embedder is offline: no network, no key.
	dir, err := os.MkdirTemp("", "memweave-quickstart-")
	if err != nil {
		log.Fatal(err)
	}
	w, err := memweave.Open(ctx, memweave.Config{Workspace: dir, Create: true})
	if err != nil {
		log.Fatal(err)
	}
	defer w.Close()

	// Write replaces a Markdown note under memory/ atomically and indexes it.
	notes := map[string]string{
		"stack.md":       "# Stack\n\n## Caching\n\nWe use Valkey instead of Redis for the session cache.\n",
		"ops/runbook.md": "# Runbook\n\nTo flush the session cache, run `valkey-cli FLUSHDB` on the primary.\n",
	}
	for path, text := range notes {
		if _, err := w.Write(ctx, path, text); err != nil {
			log.Fatal(err)
		}
	}
	// Append adds an entry to today's dated log, memory/YYYY-MM-DD.md.
	if _, err := w.Append(ctx, "Raised the session cache TTL to 30 minutes."); err != nil {
		log.Fatal(err)
	}

	resp, err := w.Search(ctx, "session cache", memweave.MaxResults(3))
	if err != nil {
		log.Fatal(err)
	}
	for _, r := range resp.Results {
		fmt.Printf("%.2f %s:%d-%d [%s]\n", r.Score, r.Path, r.StartLine, r.EndLine, r.Source)
	}
	fmt.Println("the notes are plain files in", filepath.Join(dir, "memory"))
}
