//go:build race

package index

// raceEnabled reports whether the race detector is on: allocation
// counts are checked without it only.
const raceEnabled = true
