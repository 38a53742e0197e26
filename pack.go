package memweave

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/pack"
)

// PackOptions tune [Weave.Pack]. The zero value means the defaults.
type PackOptions struct {
	// MaxCandidates is how many search results are considered. Default 50.
	MaxCandidates int
	// DedupeThreshold is the Jaccard similarity of two items' word sets
	// above which they are near-duplicates, of which only the higher
	// scored is kept. In (0, 1]; 1 keeps every item. Default 0.8.
	DedupeThreshold float64
	// Counter counts the tokens of an item's text. Default
	// chunker.EstimateTokens, one token per four bytes; pass the tokenizer
	// of the model the pack is for to count exactly.
	Counter func(string) int
	// Search holds options for the underlying search, such as [Sources]
	// or [MinScore]; MaxResults is always MaxCandidates.
	Search []SearchOption
}

// PackedItem is one passage of a [Pack]: whole lines of one file.
type PackedItem struct {
	// Path is the workspace-relative file, as in search results.
	Path string `json:"path"`
	// StartLine and EndLine are the 1-based inclusive lines of Text.
	StartLine int `json:"start_line"`
	EndLine   int `json:"end_line"`
	// Tokens is Text's size as PackOptions.Counter counts it.
	Tokens int `json:"tokens"`
	// Score is the search score of the chunk the lines come from.
	Score float64 `json:"score"`
	// Text is the lines, joined by their line endings, without the last
	// line's ending.
	Text string `json:"text"`
}

// Pack is the answer of [Weave.Pack]: the passages that best answer Query
// within Budget tokens.
type Pack struct {
	// Query is the query the passages answer.
	Query string `json:"query"`
	// Budget is the token budget asked for; TotalTokens, the sum of the
	// items' Tokens, never exceeds it.
	Budget      int `json:"budget"`
	TotalTokens int `json:"total_tokens"`
	// Items are ordered by decreasing score; never nil.
	Items []PackedItem `json:"items"`
}

// Defaults of [PackOptions].
const (
	defaultPackCandidates = 50
	defaultPackDedupe     = 0.8
)

// Pack searches for query and returns the passages that together carry
// the most relevance within budgetTokens tokens, ready to paste into a
// prompt.
//
// It runs [Weave.Search] for up to MaxCandidates results (the configured
// MinScore applies), widens each result to the whole lines of its chunk
// as they are on disk, counts their tokens, drops near-duplicates (see
// DedupeThreshold) keeping the higher scored one, and then picks the
// subset with the largest total score whose total tokens fit the budget:
// an exact 0/1 knapsack (see [pack.Knapsack]), not a greedy fill. An item
// larger than the budget is never cut; it is left out. The total never
// exceeds budgetTokens, which must be positive.
//
// A result whose file vanished since it was indexed is skipped.
func (w *Weave) Pack(ctx context.Context, query string, budgetTokens int, opts PackOptions) (*Pack, error) {
	if budgetTokens <= 0 {
		return nil, fmt.Errorf("memweave: pack: budget must be a positive number of tokens, got %d", budgetTokens)
	}
	switch {
	case opts.MaxCandidates == 0:
		opts.MaxCandidates = defaultPackCandidates
	case opts.MaxCandidates < 0:
		return nil, fmt.Errorf("memweave: pack: MaxCandidates must be positive, got %d", opts.MaxCandidates)
	}
	switch {
	case opts.DedupeThreshold == 0:
		opts.DedupeThreshold = defaultPackDedupe
	case !(opts.DedupeThreshold > 0 && opts.DedupeThreshold <= 1):
		return nil, fmt.Errorf("memweave: pack: DedupeThreshold must be in (0,1], got %g", opts.DedupeThreshold)
	}
	if opts.Counter == nil {
		opts.Counter = chunker.EstimateTokens
	}
	sopts := append(slices.Clip(opts.Search), MaxResults(opts.MaxCandidates))
	resp, err := w.Search(ctx, query, sopts...)
	if err != nil {
		return nil, err
	}

	// Widen each result to whole lines, reading each file once.
	files := make(map[string][]byte)
	type span struct {
		path       string
		start, end int
	}
	seen := make(map[span]bool)
	var items []PackedItem
	for _, r := range resp.Results {
		key := span{r.Path, r.StartLine, r.EndLine}
		if seen[key] {
			continue
		}
		seen[key] = true
		data, ok := files[r.Path]
		if !ok {
			abs, _, err := w.readable(ctx, r.Path)
			if err == nil {
				data, err = os.ReadFile(abs)
			}
			switch {
			case errors.Is(err, ErrNotFound), errors.Is(err, os.ErrNotExist):
				data = nil // vanished since it was indexed
			case err != nil:
				return nil, fmt.Errorf("memweave: pack: read %s: %w", r.Path, err)
			}
			files[r.Path] = data
		}
		if data == nil {
			continue
		}
		text, err := lineRange(data, r.StartLine, r.EndLine-r.StartLine+1)
		if err != nil {
			continue // the file shrank since it was indexed
		}
		text = trimLineEnding(text)
		if strings.TrimSpace(text) == "" {
			continue
		}
		end := r.StartLine + max(chunker.CountLines(text), 1) - 1
		tokens := opts.Counter(text)
		if tokens < 0 {
			return nil, fmt.Errorf("memweave: pack: Counter returned %d tokens for %s:%d-%d", tokens, r.Path, r.StartLine, end)
		}
		items = append(items, PackedItem{Path: r.Path, StartLine: r.StartLine, EndLine: end,
			Tokens: tokens, Score: r.Score, Text: text})
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}

	texts := make([]string, len(items))
	scores := make([]float64, len(items))
	for i, it := range items {
		texts[i], scores[i] = it.Text, it.Score
	}
	kept := pack.Dedupe(texts, scores, opts.DedupeThreshold)
	cands := make([]pack.Item, len(kept))
	for k, i := range kept {
		cands[k] = pack.Item{Tokens: items[i].Tokens, Score: knapsackValue(items[i].Score)}
	}
	out := &Pack{Query: query, Budget: budgetTokens, Items: []PackedItem{}}
	for _, k := range pack.Knapsack(cands, budgetTokens) {
		it := items[kept[k]]
		out.Items = append(out.Items, it)
		out.TotalTokens += it.Tokens
	}
	if out.TotalTokens > budgetTokens {
		// pack.Knapsack guarantees otherwise; never hand out an overfull pack.
		return nil, fmt.Errorf("memweave: pack: internal error: %d tokens chosen for a budget of %d", out.TotalTokens, budgetTokens)
	}
	slices.SortStableFunc(out.Items, func(a, b PackedItem) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(a.Path, b.Path), cmp.Compare(a.StartLine, b.StartLine))
	})
	return out, nil
}

// knapsackValue is the value the knapsack maximises for a search score:
// the score itself, with a floor so that a result that passed the score
// threshold at 0 still counts for something.
func knapsackValue(score float64) float64 {
	if math.IsNaN(score) || score <= 0 {
		return 1e-9
	}
	return score
}

// trimLineEnding removes one final line ending from s.
func trimLineEnding(s string) string {
	if t, ok := strings.CutSuffix(s, "\r\n"); ok {
		return t
	}
	if t, ok := strings.CutSuffix(s, "\n"); ok {
		return t
	}
	return strings.TrimSuffix(s, "\r")
}
