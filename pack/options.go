package pack

import "fmt"

// Result is a finished pack: the passages that best answer Query within
// Budget tokens.
type Result struct {
	// Query is the query the passages answer.
	Query string `json:"query"`
	// Budget is the token budget asked for; TotalTokens, the sum of the
	// items' Tokens, never exceeds it.
	Budget      int `json:"budget"`
	TotalTokens int `json:"total_tokens"`
	// Items are ordered by decreasing score; never nil.
	Items []Passage `json:"items"`
	// OverBudget counts the passages found (near-duplicates dropped)
	// that are each larger than the budget, so left out, never cut; and
	// SmallestOverBudget is the size in tokens of the smallest of them,
	// the least budget that packs one. A pack with no items and
	// OverBudget 0 found nothing.
	OverBudget         int `json:"over_budget,omitempty"`
	SmallestOverBudget int `json:"smallest_over_budget,omitempty"`
}

// Defaults of [Options].
const (
	DefaultCandidates = 50
	DefaultDedupe     = 0.8
)

// Options are the per-call settings of a pack, as the root package's
// PackOption functions set them.
type Options struct {
	// Candidates is how many search results are considered; it
	// overrides the search's MaxResults. Positive; default 50.
	Candidates int
	// Dedupe is the Jaccard similarity of two passages' word sets above
	// which they are near-duplicates, of which only the higher scored is
	// kept ([Dedupe]). In (0, 1]; 1 keeps every passage. Default 0.8.
	Dedupe float64
	// Counter counts a passage's tokens; it must not return a negative
	// count. nil means chunker.EstimateTokens, one token per four bytes:
	// pass the tokenizer of the model the pack is for to count exactly.
	Counter func(string) int
	// Err is the first invalid setting an option recorded.
	Err error
}

// Defaults returns the Options a pack starts from.
func Defaults() Options { return Options{Candidates: DefaultCandidates, Dedupe: DefaultDedupe} }

// MinBudget is the smallest budget, in tokens, a pack takes.
const MinBudget = 1

// Check returns the first invalid setting: a budget below [MinBudget]
// tokens, else Err.
func (o *Options) Check(budget int) error {
	if budget < MinBudget {
		return fmt.Errorf("budget must be a positive number of tokens, got %d", budget)
	}
	return o.Err
}

// SetCandidates sets Candidates to n, which must be positive.
func (o *Options) SetCandidates(n int) {
	if n <= 0 {
		o.Invalid("PackCandidates must be positive, got %d", n)
	}
	o.Candidates = n
}

// SetDedupe sets Dedupe to threshold, which must be in (0, 1].
func (o *Options) SetDedupe(threshold float64) {
	if !(threshold > 0 && threshold <= 1) {
		o.Invalid("PackDedupe must be in (0,1], got %g", threshold)
	}
	o.Dedupe = threshold
}

// SetCounter sets Counter to count, which must not be nil.
func (o *Options) SetCounter(count func(string) int) {
	if count == nil {
		o.Invalid("TokenCounter must not be nil")
	}
	o.Counter = count
}

// Invalid records the first invalid setting.
func (o *Options) Invalid(format string, args ...any) {
	if o.Err == nil {
		o.Err = fmt.Errorf(format, args...)
	}
}
