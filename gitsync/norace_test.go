//go:build !race

package gitsync_test

// raceEnabled reports whether the race detector is on: it multiplies the
// test process's own memory, so only its git processes' peak is bounded
// under it.
const raceEnabled = false
