package curate

import (
	"os"
	"testing"
)

func TestZZCur11Why(t *testing.T) {
	f := os.Getenv("ZZFILE")
	if f == "" {
		t.Skip()
	}
	for _, c := range loadPairsFrom(t, f) {
		got, why := grouped(c, 0.5)
		if os.Getenv("ZZALL") != "" || got != c.dup {
			t.Logf("%s %v %s grouped=%v: %s", c.part, c.dup, c.family, got, why)
		}
	}
}
