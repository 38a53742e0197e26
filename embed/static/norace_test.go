//go:build !race

package static_test

// raceEnabled reports whether the race detector is on (see race_test.go).
const raceEnabled = false
