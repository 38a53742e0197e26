//go:build race

package static_test

// raceEnabled reports whether the race detector is on: it multiplies the
// CPU time of parsing a tokenizer more than tenfold, so the vocabulary-budget
// tests (millions of tokens, one goroutine: nothing for it to find) run
// only without it; .ci/run runs them so.
const raceEnabled = true
