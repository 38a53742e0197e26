package memweave_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"time"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/postprocess"
	"github.com/memweave/memweave-go/search"
)

// exampleWorkspace writes files (workspace-relative path to content) into
// a new temporary folder and returns it; the caller removes it.
func exampleWorkspace(files map[string]string) string {
	dir, err := os.MkdirTemp("", "memweave-example-")
	if err != nil {
		log.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "memory"), 0o755); err != nil {
		log.Fatal(err)
	}
	for rel, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			log.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			log.Fatal(err)
		}
	}
	return dir
}

// exampleNow is the frozen "now" of the examples, so that their output
// does not depend on the day they run.
func exampleNow() time.Time { return time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC) }

var exampleFiles = map[string]string{
	"memory/stack.md": "# Stack\n\n## Caching\n\nWe use Valkey instead of Redis for the session cache.\n\n" +
		"## Queue\n\nBackground jobs run on NATS JetStream.\n",
	"memory/2026-11-30.md":             "# 2026-11-30\n\n- Raised the session cache TTL to 30 minutes.\n",
	"memory/ops_agent/runbook.md":      "# Runbook\n\nTo flush the session cache, run `valkey-cli FLUSHDB` on the primary.\n",
	"memory/researcher_agent/evals.md": "# Evals\n\nHybrid search reached recall@5 of 0.81 on LongMemEval.\n",
}

func ExampleWeave_Search() {
	ctx := context.Background()
	dir := exampleWorkspace(exampleFiles)
	defer os.RemoveAll(dir)

	// The zero Config uses the offline hash embedder: no network, no model.
	w, err := memweave.Open(ctx, memweave.Config{Workspace: dir, Now: exampleNow})
	if err != nil {
		log.Fatal(err)
	}
	defer w.Close()
	if _, err := w.Index(ctx); err != nil {
		log.Fatal(err)
	}

	resp, err := w.Search(ctx, "which session cache do we use instead of Redis?")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("mode:", resp.Mode)
	for _, r := range resp.Results {
		fmt.Printf("%.2f %s:%d-%d [%s]\n", r.Score, r.Path, r.StartLine, r.EndLine, r.Source)
	}
	fmt.Println(resp.Results[0].Snippet)

	// Limit a search to one agent's namespace.
	resp, err = w.Search(ctx, "how to flush the cache", memweave.Sources("ops_agent"))
	if err != nil {
		log.Fatal(err)
	}
	for _, r := range resp.Results {
		fmt.Printf("%.2f %s:%d-%d [%s]\n", r.Score, r.Path, r.StartLine, r.EndLine, r.Source)
	}
	// Output:
	// mode: hybrid
	// 0.59 memory/stack.md:1-5 [memory]
	// # Stack
	//
	// ## Caching
	//
	// We use Valkey instead of Redis for the session cache.
	// 0.58 memory/ops_agent/runbook.md:1-3 [ops_agent]
}

func ExampleWeave_Index() {
	ctx := context.Background()
	dir := exampleWorkspace(exampleFiles)
	defer os.RemoveAll(dir)

	w, err := memweave.Open(ctx, memweave.Config{Workspace: dir, Now: exampleNow})
	if err != nil {
		log.Fatal(err)
	}
	defer w.Close()

	res, err := w.Index(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("first run: %d files indexed, %d chunks, %d embeddings computed\n",
		res.FilesIndexed, res.ChunksCreated, res.EmbeddingsComputed)

	// Nothing changed: every file is skipped without being read.
	res, err = w.Index(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("second run: %d files skipped, %d indexed\n", res.FilesSkipped, res.FilesIndexed)

	// A new file is indexed, but its chunks are those of stack.md: their
	// embeddings come from the cache.
	copied := exampleFiles["memory/stack.md"]
	if err := os.WriteFile(filepath.Join(dir, "memory", "stack-copy.md"), []byte(copied), 0o644); err != nil {
		log.Fatal(err)
	}
	res, err = w.Index(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("third run: %d file indexed, %d embeddings cached, %d computed\n",
		res.FilesIndexed, res.EmbeddingsCached, res.EmbeddingsComputed)
	// Output:
	// first run: 4 files indexed, 5 chunks, 5 embeddings computed
	// second run: 4 files skipped, 0 indexed
	// third run: 1 file indexed, 2 embeddings cached, 0 computed
}

func ExampleWeave_Use() {
	ctx := context.Background()
	dir := exampleWorkspace(exampleFiles)
	defer os.RemoveAll(dir)

	w, err := memweave.Open(ctx, memweave.Config{Workspace: dir, Now: exampleNow})
	if err != nil {
		log.Fatal(err)
	}
	defer w.Close()
	if _, err := w.Index(ctx); err != nil {
		log.Fatal(err)
	}

	// preferOps doubles the scores of the ops agent's memories (capped at
	// 1) and moves them to the top. Custom postprocessors run after the
	// built-in threshold, decay and MMR stages, in registration order.
	preferOps := postprocess.Func{N: "prefer-ops", F: func(_ context.Context, _ string, rs []search.Result) ([]search.Result, error) {
		var ops, rest []search.Result
		for _, r := range rs {
			if r.Source == "ops_agent" {
				r.Score = min(2*r.Score, 1)
				ops = append(ops, r)
			} else {
				rest = append(rest, r)
			}
		}
		return append(ops, rest...), nil
	}}
	w.Use(preferOps)

	resp, err := w.Search(ctx, "session cache", memweave.MinScore(0.2))
	if err != nil {
		log.Fatal(err)
	}
	for _, r := range resp.Results {
		c := r.Explain.Processors[0]
		fmt.Printf("%s: %s score %.2f -> %.2f, rank %d -> %d\n", r.Path, c.Name, c.ScoreBefore, c.ScoreAfter, c.RankBefore, c.RankAfter)
	}
	// Output:
	// memory/ops_agent/runbook.md: prefer-ops score 0.61 -> 1.00, rank 3 -> 1
	// memory/stack.md: prefer-ops score 0.65 -> 0.65, rank 1 -> 2
	// memory/2026-11-30.md: prefer-ops score 0.63 -> 0.63, rank 2 -> 3
}

func ExampleWeave_Delete() {
	ctx := context.Background()
	dir := exampleWorkspace(exampleFiles)
	defer os.RemoveAll(dir)
	w, err := memweave.Open(ctx, memweave.Config{Workspace: dir, Now: exampleNow})
	if err != nil {
		log.Fatal(err)
	}
	defer w.Close()
	if _, err := w.Index(ctx); err != nil {
		log.Fatal(err)
	}

	// The runbook is out of date: forget it, file and index rows.
	if err := w.Delete(ctx, "ops_agent/runbook.md"); err != nil {
		log.Fatal(err)
	}
	for f, err := range w.Files(ctx) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(f.Path)
	}
	err = w.Delete(ctx, "ops_agent/runbook.md")
	fmt.Println(errors.Is(err, memweave.ErrNotFound))
	// Output:
	// memory/2026-11-30.md
	// memory/researcher_agent/evals.md
	// memory/stack.md
	// true
}
