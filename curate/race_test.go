//go:build race

package curate

// raceEnabled reports whether the race detector is on: it makes
// sync.Pool drop what is put back at random, so the regexp machines
// goldmark and we take from their pools are allocated again and again,
// and TestRenderedLongTableAllocatesLinearly's byte bound (what a
// parse allocates) is checked without it only.
const raceEnabled = true
