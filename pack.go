package memweave

import (
	"context"
	"fmt"

	"github.com/memweave/memweave-go/pack"
)

// PackedItem is one passage of a [Pack]; see [pack.Passage].
type PackedItem = pack.Passage

// Pack is the answer of [Weave.Pack]; see [pack.Result].
type Pack = pack.Result

// PackOption sets a per-call option of [Weave.Pack]. Every [SearchOption]
// is also a PackOption that applies to the underlying search.
type PackOption interface{ applyPack(*packSettings) }

type packSettings struct {
	pack.Options
	search []SearchOption
}

// packOptionFunc adapts a func to [PackOption].
type packOptionFunc func(*packSettings)

func (f packOptionFunc) applyPack(s *packSettings) { f(s) }
func (o SearchOption) applyPack(s *packSettings)   { s.search = append(s.search, o) }

// PackCandidates sets how many search results are considered; see
// [pack.Options].Candidates.
func PackCandidates(n int) PackOption {
	return packOptionFunc(func(s *packSettings) { s.SetCandidates(n) })
}

// PackDedupe sets the similarity above which passages are
// near-duplicates; see [pack.Options].Dedupe.
func PackDedupe(threshold float64) PackOption {
	return packOptionFunc(func(s *packSettings) { s.SetDedupe(threshold) })
}

// TokenCounter sets how the tokens of a passage are counted; see
// [pack.Options].Counter.
func TokenCounter(count func(string) int) PackOption {
	return packOptionFunc(func(s *packSettings) { s.SetCounter(count) })
}

// Pack returns the passages for query that together carry the most
// relevance within budgetTokens (positive), ready to paste into a
// prompt: [Weave.Search] results widened to whole lines, near-duplicates
// dropped, then an exact 0/1 knapsack; see [pack.Build]. A passage over
// the budget is left out, never cut. The configured MinScore applies
// unless a [MinScore] option is given.
func (w *Weave) Pack(ctx context.Context, query string, budgetTokens int, opts ...PackOption) (*Pack, error) {
	s := packSettings{Options: pack.Defaults()}
	for _, o := range opts {
		o.applyPack(&s)
	}
	if err := s.Check(budgetTokens); err != nil {
		return nil, fmt.Errorf("memweave: pack: %w", err)
	}
	resp, err := w.Search(ctx, query, append(s.search, MaxResults(s.Candidates))...)
	if err != nil {
		return nil, err
	}
	read := func(ctx context.Context, path string) ([]byte, error) {
		data, _, err := w.eng.ReadFile(ctx, path)
		return data, err
	}
	p, err := pack.Build(ctx, query, budgetTokens, resp.Results, s.Options, read)
	if err != nil {
		return nil, fmt.Errorf("memweave: %w", err)
	}
	return p, nil
}
