package curate

import (
	"os"
	"testing"
)

func TestScratchPairs(t *testing.T) {
	p := os.Getenv("CUR9_PAIRS")
	if p == "" {
		t.Skip()
	}
	for _, c := range loadPairsFrom(t, p) {
		got, why := grouped(c, Threshold)
		if got != c.dup {
			t.Logf("WRONG %s %v %s: grouped=%v (%s)", c.part, c.dup, c.family, got, why)
		}
	}
}
