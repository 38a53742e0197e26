// Postprocessor shows custom post-processing of search results, registered
// with Weave.Use. Two processors run after the built-in stages (threshold,
// decay, MMR), in registration order:
//
//   - boostSource, a type implementing postprocess.Postprocessor, multiplies
//     the scores of one namespace and re-sorts;
//   - dropDrafts, a postprocess.Func, removes results from files whose name
//     starts with "draft-".
//
// The program prints the ranking before and after, and each result's
// Explain.Processors: what every processor did to it.
//
// It runs offline with the hash embedder:
//
//	go run -tags sqlite_fts5 ./examples/postprocessor
package main

import (
	"cmp"
	"context"
	"fmt"
	"log"
	"os"
	"path"
	"slices"
	"strings"
	"time"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/postprocess"
	"github.com/memweave/memweave-go/search"
)

// boostSource multiplies the scores of results from Source by Factor,
// capped at 1, and re-sorts the results by score.
type boostSource struct {
	Source string
	Factor float64
}

func (b boostSource) Name() string { return "boost-" + b.Source }

func (b boostSource) Process(_ context.Context, _ string, rs []search.Result) ([]search.Result, error) {
	for i := range rs {
		if rs[i].Source == b.Source {
			rs[i].Score = min(rs[i].Score*b.Factor, 1)
		}
	}
	slices.SortStableFunc(rs, func(x, y search.Result) int { return cmp.Compare(y.Score, x.Score) })
	return rs, nil
}

// dropDrafts removes results from draft files.
var dropDrafts = postprocess.Func{
	N: "drop-drafts",
	F: func(_ context.Context, _ string, rs []search.Result) ([]search.Result, error) {
		return slices.DeleteFunc(rs, func(r search.Result) bool {
			return strings.HasPrefix(path.Base(r.Path), "draft-")
		}), nil
	},
}

var files = map[string]string{
	"memory/stack.md": "# Stack\n\nThe session cache is Valkey; cache keys expire after 30 minutes.\n",
	"memory/ops_agent/runbook.md": "# Runbook\n\nTo flush the session cache, run `valkey-cli FLUSHDB` on the primary; " +
		"warm the cache again with `make warm-cache`.\n",
	"memory/researcher_agent/notes.md": "# Notes\n\nCache hit rate of the session cache was 93% during the benchmark.\n",
	"memory/draft-cache.md":            "# Draft\n\nsession cache cache cache: unfinished thoughts on flushing the cache.\n",
}

func main() {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "memweave-postprocessor-")
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

	const question = "how do I flush the session cache"
	opts := []memweave.SearchOption{memweave.MinScore(0.2)}
	before, err := w.Search(ctx, question, opts...)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%q\n\nbuilt-in stages only:\n", question)
	for i, r := range before.Results {
		fmt.Printf("  %d. %.3f %s\n", i+1, r.Score, r.Path)
	}

	// Registered processors apply to every later search of w.
	w.Use(boostSource{Source: "ops_agent", Factor: 1.5}, dropDrafts)
	after, err := w.Search(ctx, question, opts...)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("\nwith boost-ops_agent and drop-drafts:")
	for i, r := range after.Results {
		fmt.Printf("  %d. %.3f %s\n", i+1, r.Score, r.Path)
		for _, c := range r.Explain.Processors {
			fmt.Printf("       %-16s score %.3f -> %.3f, rank %d -> %d\n", c.Name, c.ScoreBefore, c.ScoreAfter, c.RankBefore, c.RankAfter)
		}
	}
}
