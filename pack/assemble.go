package pack

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/search"
)

// Hit is a search result widened to whole lines, offered to [Assemble].
type Hit struct {
	// Path names the file the lines come from.
	Path string
	// StartLine is the 1-based number of the first line of Text.
	StartLine int
	// Score is the search score of the result.
	Score float64
	// Text is the lines as they are in the file, joined by their line
	// endings, without the last line's ending.
	Text string
	// SupersededBy is the line a resolution kept instead of this one, as
	// the search marked it; nil when none does.
	SupersededBy *search.Ref
}

// Passage is one item of an assembled pack: whole lines of one file.
type Passage struct {
	// Path is the workspace-relative file, as in search results.
	Path string `json:"path"`
	// StartLine and EndLine are the 1-based inclusive lines of Text.
	StartLine int `json:"start_line"`
	EndLine   int `json:"end_line"`
	// Tokens is Text's size as the pack's token counter counts it.
	Tokens int `json:"tokens"`
	// Score is the search score of the chunk the lines come from.
	Score float64 `json:"score"`
	// Text is the lines, joined by their line endings, without the last
	// line's ending.
	Text string `json:"text"`
	// SupersededBy is the line a resolution in the files kept instead of
	// this passage (see search.Result.SupersededBy): what it says no
	// longer holds.
	SupersededBy *search.Ref `json:"superseded_by,omitempty"`
}

// Assemble picks, from hits, the passages that together carry the most
// score within budget tokens, and returns them by decreasing score (then
// path and line) with their total number of tokens.
//
// Blank hits and repeats of one span are dropped; count gives each hit's
// size in tokens (nil means [chunker.EstimateTokens]); near-duplicates,
// whose word sets have a Jaccard similarity above dedupe, are dropped by
// [Dedupe], keeping the higher scored; and [Knapsack] chooses among the
// rest, valuing a passage at its score, with a tiny floor so that a
// score of zero still counts. A passage larger than the budget is left
// out, never cut. The total never exceeds budget.
//
// A negative count is an error.
func Assemble(hits []Hit, budget int, dedupe float64, count func(string) int) ([]Passage, int, error) {
	p, err := assemble(hits, budget, dedupe, count)
	if err != nil {
		return nil, 0, err
	}
	return p.Items, p.TotalTokens, nil
}

// assemble is [Assemble], returning a [Result] without its Query that
// also counts the passages over the budget.
func assemble(hits []Hit, budget int, dedupe float64, count func(string) int) (*Result, error) {
	if count == nil {
		count = chunker.EstimateTokens
	}
	type span struct {
		path       string
		start, end int
	}
	seen := make(map[span]bool)
	var items []Passage
	for _, h := range hits {
		if strings.TrimSpace(h.Text) == "" {
			continue
		}
		end := h.StartLine + max(chunker.CountLines(h.Text), 1) - 1
		key := span{h.Path, h.StartLine, end}
		if seen[key] {
			continue
		}
		seen[key] = true
		tokens := count(h.Text)
		if tokens < 0 {
			return nil, fmt.Errorf("pack: token counter returned %d tokens for %s:%d-%d", tokens, h.Path, h.StartLine, end)
		}
		items = append(items, Passage{Path: h.Path, StartLine: h.StartLine, EndLine: end,
			Tokens: tokens, Score: h.Score, Text: h.Text, SupersededBy: h.SupersededBy})
	}

	texts := make([]string, len(items))
	scores := make([]float64, len(items))
	for i, it := range items {
		texts[i], scores[i] = it.Text, it.Score
	}
	kept := Dedupe(texts, scores, dedupe)
	p := &Result{Budget: budget, Items: []Passage{}}
	cands := make([]Item, len(kept))
	for k, i := range kept {
		cands[k] = Item{Tokens: items[i].Tokens, Score: value(items[i].Score)}
		if n := items[i].Tokens; n > budget {
			if p.OverBudget == 0 || n < p.SmallestOverBudget {
				p.SmallestOverBudget = n
			}
			p.OverBudget++
		}
	}
	for _, k := range Knapsack(cands, budget) {
		p.Items = append(p.Items, items[kept[k]])
		p.TotalTokens += items[kept[k]].Tokens
	}
	if p.TotalTokens > budget {
		// Knapsack guarantees otherwise; never hand out an overfull pack.
		return nil, fmt.Errorf("pack: internal error: %d tokens chosen for a budget of %d", p.TotalTokens, budget)
	}
	slices.SortStableFunc(p.Items, func(a, b Passage) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(a.Path, b.Path), cmp.Compare(a.StartLine, b.StartLine))
	})
	return p, nil
}

// value is the value the knapsack maximises for a search score: the
// score itself, with a floor so that a result that passed the score
// threshold at 0 still counts for something.
func value(score float64) float64 {
	if math.IsNaN(score) || score <= 0 {
		return 1e-9
	}
	return score
}
