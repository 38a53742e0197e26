//go:build race

package memweave_test

// raceEnabled reports whether the race detector is on: it multiplies the
// CPU time of indexing, so tests whose size is their property run at
// full size only without it (.ci/run runs them so).
const raceEnabled = true
