package memweave

import (
	"context"
	"errors"
	"fmt"

	"github.com/memweave/memweave-go/pack"
)

// PackedItem is one passage of a [Pack]: whole lines of one file; see
// [pack.Passage].
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
	return packOptionFunc(func(s *packSettings) { s.SetCandidates(n) })
}

// PackDedupe sets the Jaccard similarity of two passages' word sets
// above which they are near-duplicates, of which only the higher scored
// is kept. It must be in (0, 1]; 1 keeps every passage. Default 0.8.
func PackDedupe(threshold float64) PackOption {
	return packOptionFunc(func(s *packSettings) { s.SetDedupe(threshold) })
}

// TokenCounter sets how the tokens of a passage are counted; it must not
// be nil nor return a negative count. Default [chunker.EstimateTokens],
// one token per four bytes: pass the tokenizer of the model the pack is
// for to count exactly.
func TokenCounter(count func(string) int) PackOption {
	return packOptionFunc(func(s *packSettings) { s.SetCounter(count) })
}

// Pack searches for query and returns the passages that together carry
// the most relevance within budgetTokens tokens, which must be positive,
// ready to paste into a prompt: [Weave.Search] for up to
// [PackCandidates] results, each widened to the whole lines of its chunk
// as they are on disk, near-duplicates dropped, then the subset of
// largest total score that fits, an exact 0/1 knapsack ([pack.Build]).
// The configured MinScore applies unless a [MinScore] option is given. A
// passage larger than the budget is left out, never cut; a result whose
// file vanished or shrank since it was indexed is skipped.
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
	read := func(ctx context.Context, path string) ([]byte, error) {
		data, _, err := w.eng.ReadFile(ctx, path)
		if errors.Is(err, ErrNotFound) {
			return nil, nil // vanished since it was indexed: skipped
		}
		return data, err
	}
	p, err := pack.Build(ctx, query, budgetTokens, resp.Results, s.Options, read)
	if err != nil {
		return nil, fmt.Errorf("memweave: %w", err)
	}
	return p, nil
}
