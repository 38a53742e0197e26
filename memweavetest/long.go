package memweavetest

import (
	"os"
	"testing"
)

// LongEnv is the environment variable that runs the long tests in full:
// soak, flood, large-workspace and multi-process tests of seconds to
// minutes each. CI (.ci/run) sets it to 1, so CI runs every test at full
// size; the README's test command leaves it unset and stays short.
const LongEnv = "MEMWEAVE_LONG"

// LongEnabled reports whether LongEnv is "1". A test that runs a loop
// many times takes its full count only then, as with testing.Short.
func LongEnabled() bool { return os.Getenv(LongEnv) == "1" }

// Long skips tb unless [LongEnabled]. why says what makes the test long;
// the skip message names the variable that runs it.
func Long(tb testing.TB, why string) {
	tb.Helper()
	if !LongEnabled() {
		tb.Skipf("long test (%s): set %s=1 to run it; CI does", why, LongEnv)
	}
}
