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
}

// Defaults of [Options].
const (
	DefaultCandidates = 50
	DefaultDedupe     = 0.8
)

// Options are the per-call settings of a pack, as the root package's
// PackOption functions set them.
type Options struct {
	// Candidates is how many search results are considered.
	Candidates int
	// Dedupe is the Jaccard threshold of [Dedupe].
	Dedupe float64
	// Counter counts a passage's tokens; nil means the estimate.
	Counter func(string) int
	// Err is the first invalid setting an option recorded.
	Err error
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
