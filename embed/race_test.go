//go:build race

package embed

// raceEnabled reports whether the race detector is on: it multiplies the
// memory of every allocation, so the tight peak-memory bounds of the
// hostile-server tests are not checked under it (their errors still are),
// and the two flood tests skip (.ci/run runs them without it).
const raceEnabled = true
