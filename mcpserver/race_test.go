//go:build race

package mcpserver_test

// raceEnabled reports whether the race detector is on: it makes each
// encoded answer many times slower, so the heap bound of
// TestUnreadAnswersHoldLittleMemory (27 s under it on a loaded 2-core
// machine, 5 to 8 s without) is checked without it only.
const raceEnabled = true
