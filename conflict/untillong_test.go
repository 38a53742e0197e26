package conflict_test

import (
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/conflict"
)

// TestParseManyUntilsIsLinear: each "until" followed by a date re-read
// every word before it for a past form (timeScoped's pastBefore), so
// one long sentence of them took time quadratic in its length: 280 KB
// took 10.6 s, a quarter of it 0.44 s. A sentence 16 times as long
// must now take about 16 times as long. The bound allows 200: on a
// loaded machine the linear parse measured up to 104 times, and the
// quadratic one (ba37e77's parent) 640 times (1.4 s against 2.2 ms).
func TestParseManyUntilsIsLinear(t *testing.T) {
	cost := func(n int) time.Duration {
		s := "Alerts go to " + strings.Repeat("until June, and now go to Opsgenie ", n)
		best := time.Duration(1 << 62)
		for range 7 {
			// The best of seven, with the collector off: on a loaded
			// machine a run of the long line may lose its core, and
			// with the collector on it pays for more garbage in
			// assists, which is not the parse's time.
			runtime.GC()
			old := debug.SetGCPercent(-1)
			start := time.Now()
			conflict.Parse(s)
			best = min(best, time.Since(start))
			debug.SetGCPercent(old)
		}
		return best
	}
	small, large := cost(300), cost(4800)
	if large > 200*small {
		t.Errorf("Parse of 4,800 \"until June\" clauses took %v, of 300 %v: %.0f times as long, want about 16", large, small, float64(large)/float64(small))
	}
}
