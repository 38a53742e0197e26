package memweave

import (
	"context"
	"errors"
	"fmt"

	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/pack"
)

// PackedItem is one passage of a [Pack]: whole lines of one file, with
// its Path, StartLine and EndLine (1-based, inclusive), its size in
// Tokens as the pack's [TokenCounter] counts it, the Score of the chunk
// it comes from, and its Text, without the last line's ending.
type PackedItem = pack.Passage

// Pack is the answer of [Weave.Pack]: the passages that best answer Query
// within Budget tokens; see [pack.Result].
type Pack = pack.Result

// PackOption sets a per-call option of [Weave.Pack]. Every [SearchOption],
// such as [Sources] or [MinScore], is also a PackOption that applies to
// the underlying search.
type PackOption interface {
	applyPack(*packSettings)
}

type packSettings struct {
	pack.Options
	search []SearchOption
}

// packOptionFunc adapts a func to [PackOption].
type packOptionFunc func(*packSettings)

func (f packOptionFunc) applyPack(s *packSettings) { f(s) }

// applyPack makes every SearchOption a [PackOption].
func (o SearchOption) applyPack(s *packSettings) { s.search = append(s.search, o) }

// PackCandidates sets how many search results are considered; it
// overrides any [MaxResults]. It must be positive. Default 50.
func PackCandidates(n int) PackOption {
	return packOptionFunc(func(s *packSettings) {
		if n <= 0 {
			s.Invalid("PackCandidates must be positive, got %d", n)
		}
		s.Candidates = n
	})
}

// PackDedupe sets the Jaccard similarity of two passages' word sets
// above which they are near-duplicates, of which only the higher scored
// is kept. It must be in (0, 1]; 1 keeps every passage. Default 0.8.
func PackDedupe(threshold float64) PackOption {
	return packOptionFunc(func(s *packSettings) {
		if !(threshold > 0 && threshold <= 1) {
			s.Invalid("PackDedupe must be in (0,1], got %g", threshold)
		}
		s.Dedupe = threshold
	})
}

// TokenCounter sets how the tokens of a passage are counted; it must not
// be nil nor return a negative count. Default [chunker.EstimateTokens],
// one token per four bytes: pass the tokenizer of the model the pack is
// for to count exactly.
func TokenCounter(count func(string) int) PackOption {
	return packOptionFunc(func(s *packSettings) {
		if count == nil {
			s.Invalid("TokenCounter must not be nil")
		}
		s.Counter = count
	})
}

// Pack searches for query and returns the passages that together carry
// the most relevance within budgetTokens tokens, ready to paste into a
// prompt.
//
// It runs [Weave.Search] for up to [PackCandidates] results (the
// configured MinScore applies unless a [MinScore] option is given),
// widens each result to the whole lines of its chunk as they are on
// disk, counts their tokens, drops near-duplicates (see [PackDedupe])
// keeping the higher scored one, and then picks the subset with the
// largest total score whose total tokens fit the budget: an exact 0/1
// knapsack (see [pack.Assemble]), not a greedy fill. A passage larger
// than the budget is never cut; it is left out. The total never exceeds
// budgetTokens, which must be positive.
//
// A result whose file vanished or shrank since it was indexed is skipped.
func (w *Weave) Pack(ctx context.Context, query string, budgetTokens int, opts ...PackOption) (*Pack, error) {
	if budgetTokens <= 0 {
		return nil, fmt.Errorf("memweave: pack: budget must be a positive number of tokens, got %d", budgetTokens)
	}
	s := packSettings{Options: pack.Options{Candidates: pack.DefaultCandidates, Dedupe: pack.DefaultDedupe}}
	for _, o := range opts {
		o.applyPack(&s)
	}
	if s.Err != nil {
		return nil, fmt.Errorf("memweave: pack: %w", s.Err)
	}
	resp, err := w.Search(ctx, query, append(s.search, MaxResults(s.Candidates))...)
	if err != nil {
		return nil, err
	}
	hits, err := w.packHits(ctx, resp.Results)
	if err != nil {
		return nil, err
	}
	items, total, err := pack.Assemble(hits, budgetTokens, s.Dedupe, s.Counter)
	if err != nil {
		return nil, fmt.Errorf("memweave: %w", err)
	}
	return &pack.Result{Query: query, Budget: budgetTokens, TotalTokens: total, Items: items}, nil
}

// packHits widens search results to the whole lines of their chunks as
// they are on disk, reading each file once. Results whose file vanished
// or shrank since it was indexed are skipped.
func (w *Weave) packHits(ctx context.Context, results []Result) ([]pack.Hit, error) {
	files := make(map[string][]byte)
	var hits []pack.Hit
	for _, r := range results {
		data, ok := files[r.Path]
		if !ok {
			var err error
			data, _, err = w.eng.ReadFile(ctx, r.Path)
			if err != nil && !errors.Is(err, ErrNotFound) {
				return nil, fmt.Errorf("memweave: pack: read %s: %w", r.Path, err)
			}
			files[r.Path] = data // nil when vanished
		}
		if data == nil {
			continue
		}
		text, err := memfile.Lines(data, r.StartLine, r.EndLine-r.StartLine+1)
		if err != nil {
			continue // the file shrank since it was indexed
		}
		hits = append(hits, pack.Hit{Path: r.Path, StartLine: r.StartLine, Score: r.Score, Text: memfile.TrimLineEnding(text),
			SupersededBy: r.SupersededBy})
	}
	return hits, ctx.Err()
}
