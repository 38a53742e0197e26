package pack

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/frontmatter"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/search"
	"github.com/memweave/memweave-go/workspace"
)

// Build packs search results for query within budget tokens: it widens
// each result to the whole lines of its chunk as read returns its file
// (see [Widen]), then picks the passages that together carry the most
// score within the budget under opts' Dedupe and Counter: blank hits and
// repeats of one span are dropped, near-duplicates by [Dedupe] (not a
// copy whose note names another subject: memory/production/db.md's
// beside memory/staging/db.md's), lines two
// passages of one file share are packed once, and [Knapsack] chooses
// among the rest. A passage larger than the budget is left out, never
// cut; the total never exceeds budget.
func Build(ctx context.Context, query string, budget int, results []search.Result, opts Options, read func(ctx context.Context, path string) ([]byte, error)) (*Result, error) {
	hits, err := Widen(ctx, results, read)
	if err != nil {
		return nil, err
	}
	p, err := assemble(hits, budget, opts.Dedupe, opts.Counter)
	if err != nil {
		return nil, err
	}
	p.Query = query
	return p, nil
}

// Widen turns search results into hits of the whole lines of their
// chunks as they are on disk (a byte order mark before the first line
// left out, as the chunker leaves it), with their notes' front matter values
// ([curate.FieldValues]), calling read once per file. read returns
// nil data, or an error wrapping [workspace.ErrNotFound], for a file
// that vanished, and one wrapping [workspace.ErrNotRegular] or
// [workspace.ErrOutsideMemory] for a file swapped for something memory
// does not serve (a FIFO, a link out of memory/); their results are
// skipped, and so are those whose lines
// the file no longer has (it shrank since it was indexed) or no longer
// hold the chunk's text (it changed since it was indexed: those lines
// are not what the search matched).
func Widen(ctx context.Context, results []search.Result, read func(ctx context.Context, path string) ([]byte, error)) ([]Hit, error) {
	type file struct {
		data   []byte
		hash   string
		fields []string // curate.FieldValues of data
	}
	files := make(map[string]file)
	var hits []Hit
	for _, r := range results {
		f, ok := files[r.Path]
		if !ok {
			data, err := read(ctx, r.Path)
			if Skipped(err) {
				// Vanished since it was indexed, or no longer a file
				// memory serves (a FIFO, a link out): skipped.
				data, err = nil, nil
			}
			if err != nil {
				return nil, fmt.Errorf("pack: read %s: %w", r.Path, err)
			}
			f = file{data: data}
			if data != nil {
				f.hash, f.fields = memfile.Hash(data), curate.FieldValues(data)
			}
			files[r.Path] = f
		}
		if f.data == nil {
			continue
		}
		text, err := memfile.Lines(f.data, r.StartLine, r.EndLine-r.StartLine+1)
		if err != nil || !holds(r, f.hash, text) {
			continue // the file shrank or changed since it was indexed
		}
		if r.StartLine == memfile.FirstLine {
			// A byte order mark marks the encoding; it is no part of
			// the first line, as the chunker reads it.
			text = strings.TrimPrefix(text, byteOrderMark)
		}
		hits = append(hits, Hit{Path: r.Path, StartLine: r.StartLine, Score: r.Score, Text: memfile.TrimLineEnding(text),
			SupersededBy: r.SupersededBy, Headings: r.Headings, Tags: r.Tags, Fields: f.fields})
	}
	for path, f := range files {
		if f.data != nil {
			openFences(f.data, path, hits)
		}
	}
	return hits, ctx.Err()
}

// openFences sets the Context of each of hits from path, whose file is
// data: what the lines before its first line leave open (a fenced code
// block, a table; [curate.Blocks.State]), in one pass over the file's
// lines up to the last hit's (front matter, the block that opens the
// file, holds neither).
func openFences(data []byte, path string, hits []Hit) {
	at := make(map[int][]int) // line -> indices of the hits starting there
	last := 0
	for k, h := range hits {
		if h.Path == path {
			at[h.StartLine] = append(at[h.StartLine], k)
			last = max(last, h.StartLine)
		}
	}
	var f curate.Blocks
	rest := strings.TrimPrefix(string(data), byteOrderMark)
	skip := frontmatter.FenceLines(rest)
	for i, l := range curate.SplitLines(rest) {
		line := i + 1
		if line > last {
			break
		}
		for _, k := range at[line] {
			hits[k].Context = f.State()
		}
		if line > skip {
			f.Next(l)
		}
	}
}

// byteOrderMark is the UTF-8 byte order mark an editor may write before
// a note's first line.
const byteOrderMark = "\ufeff"

// Skipped reports whether err, from Widen's read, means a file Widen
// skips without a word: it vanished, or is no longer a file memory
// serves.
func Skipped(err error) bool {
	return errors.Is(err, workspace.ErrNotFound) || errors.Is(err, workspace.ErrNotRegular) || errors.Is(err, workspace.ErrOutsideMemory)
}

// holds reports whether text, the lines of r's file as read now, still
// hold the chunk r matched: the file is as indexed (hash is r.Hash), or
// the lines, with line endings and invalid bytes normalised as the
// indexer normalises them, contain the chunk's text. A result without a
// hash or text is taken as it is.
func holds(r search.Result, hash, text string) bool {
	if r.Hash == "" || r.Text == "" || r.Hash == hash {
		return true
	}
	text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
	return strings.Contains(strings.ToValidUTF8(text, "\uFFFD"), r.Text)
}
