//go:build !race

package indexer_test

// raceEnabled reports whether the race detector is on: it multiplies
// memory, so peak-memory bounds are not checked under it.
const raceEnabled = false
