//go:build race

package pack

// raceEnabled reports whether the race detector is on: it slows the
// pure text rules some tenfold, and TestDedupeKeepsDistinctPairs then
// reads every fourth labelled pair only.
const raceEnabled = true
