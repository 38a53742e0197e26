// Namespaces shows how several agents share one workspace. Each agent
// writes under its own folder, memory/<agent>/, and that folder's name is
// the Source of every result from it; files directly in memory/ have the
// source "memory". A search can be limited to some sources with
// memweave.Sources, so an agent can recall its own notes, or a colleague's.
//
// It runs offline with the hash embedder:
//
//	go run -tags sqlite_fts5 ./examples/namespaces
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"time"

	memweave "github.com/memweave/memweave-go"
)

var files = map[string]string{
	// Shared team memory.
	"memory/team.md": "# Team\n\nDana leads the ingestion pipeline; Mei owns evaluation.\n",
	// The researcher agent's notes.
	"memory/researcher_agent/longmemeval.md": "# LongMemEval\n\nHybrid search with decay reached recall@5 of 0.81; " +
		"keyword search alone reached 0.64.\n",
	"memory/researcher_agent/2026-11-25.md": "# 2026-11-25\n\nIngestion latency does not change recall; " +
		"the pipeline batch size was 64 during the runs.\n",
	// The ops agent's notes.
	"memory/ops_agent/runbook.md": "# Runbook\n\nIf the ingestion pipeline lags, restart the workers with " +
		"`make restart-ingest`; check the lag dashboard first.\n",
	"memory/ops_agent/2026-11-29.md": "# 2026-11-29\n\nIncident: ingestion pipeline lag reached 40 minutes; " +
		"restarted the workers, lag cleared in 5 minutes.\n",
}

func main() {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "memweave-namespaces-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	w, err := memweave.Open(ctx, memweave.Config{
		Workspace: dir,
		Create:    true,
		Now:       func() time.Time { return time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC) },
	})
	if err != nil {
		log.Fatal(err)
	}
	defer w.Close()
	// Write creates each note, with its folder, and indexes it.
	for rel, content := range files {
		if _, err := w.Write(ctx, rel, content); err != nil {
			log.Fatal(err)
		}
	}

	fmt.Println("indexed files by source:")
	for f, err := range w.Files(ctx) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("  %-16s %s\n", f.Source, f.Path)
	}

	const question = "ingestion pipeline lag"
	search(ctx, w, "every namespace", question)
	search(ctx, w, "the ops agent recalls its own notes", question, memweave.Sources("ops_agent"))
	search(ctx, w, "the researcher agent and the shared team memory", question, memweave.Sources("researcher_agent", "memory"))
	search(ctx, w, "an agent that has written nothing yet", question, memweave.Sources("planner_agent"))
}

func search(ctx context.Context, w *memweave.Weave, title, question string, opts ...memweave.SearchOption) {
	opts = append(opts, memweave.MinScore(0.2))
	resp, err := w.Search(ctx, question, opts...)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("\n%q, %s:\n", question, title)
	if len(resp.Results) == 0 {
		fmt.Println("  (no results)")
	}
	for _, r := range resp.Results {
		fmt.Printf("  %.2f [%s] %s:%d-%d\n", r.Score, r.Source, r.Path, r.StartLine, r.EndLine)
	}
}
