package pack

import (
	"context"
	"errors"
	"fmt"

	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/search"
	"github.com/memweave/memweave-go/workspace"
)

// Build packs search results for query within budget tokens: it widens
// each result to the whole lines of its chunk as read returns its file
// (see [Widen]), then picks passages with [Assemble] under opts' Dedupe
// and Counter.
func Build(ctx context.Context, query string, budget int, results []search.Result, opts Options, read func(ctx context.Context, path string) ([]byte, error)) (*Result, error) {
	hits, err := Widen(ctx, results, read)
	if err != nil {
		return nil, err
	}
	items, total, err := Assemble(hits, budget, opts.Dedupe, opts.Counter)
	if err != nil {
		return nil, err
	}
	return &Result{Query: query, Budget: budget, TotalTokens: total, Items: items}, nil
}

// Widen turns search results into hits of the whole lines of their
// chunks as they are on disk, calling read once per file. read returns
// nil data, or an error wrapping [workspace.ErrNotFound], for a file
// that vanished; its results, and those whose lines
// the file no longer has (it shrank since it was indexed), are skipped.
func Widen(ctx context.Context, results []search.Result, read func(ctx context.Context, path string) ([]byte, error)) ([]Hit, error) {
	files := make(map[string][]byte)
	var hits []Hit
	for _, r := range results {
		data, ok := files[r.Path]
		if !ok {
			var err error
			if data, err = read(ctx, r.Path); errors.Is(err, workspace.ErrNotFound) {
				data, err = nil, nil // vanished since it was indexed: skipped
			}
			if err != nil {
				return nil, fmt.Errorf("pack: read %s: %w", r.Path, err)
			}
			files[r.Path] = data
		}
		if data == nil {
			continue
		}
		text, err := memfile.Lines(data, r.StartLine, r.EndLine-r.StartLine+1)
		if err != nil {
			continue // the file shrank since it was indexed
		}
		hits = append(hits, Hit{Path: r.Path, StartLine: r.StartLine, Score: r.Score, Text: memfile.TrimLineEnding(text),
			SupersededBy: r.SupersededBy})
	}
	return hits, ctx.Err()
}
