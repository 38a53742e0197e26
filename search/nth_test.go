package search

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestNthMatchesSort(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 2000; trial++ {
		n := 1 + r.IntN(200)
		s := make([]float64, n)
		for i := range s {
			switch trial % 3 {
			case 0:
				s[i] = r.NormFloat64()
			case 1:
				s[i] = float64(r.IntN(5))
			default:
				s[i] = float64(i)
			}
		}
		sorted := slices.Clone(s)
		slices.Sort(sorted)
		k := r.IntN(n)
		if got := nth(slices.Clone(s), k); got != sorted[k] {
			t.Fatalf("nth(%v, %d) = %v, want %v", s, k, got, sorted[k])
		}
		m := n / 2
		want := sorted[m]
		if n%2 == 0 {
			want = (sorted[m-1] + sorted[m]) / 2
		}
		if got := median(slices.Clone(s)); got != want {
			t.Fatalf("median(%v) = %v, want %v", s, got, want)
		}
	}
}

// TestNewBackgroundSelectionMatchesSort checks NewBackground's
// order statistics, found by selection, against sorting: the same
// background, bit for bit.
func TestNewBackgroundSelectionMatchesSort(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 300; trial++ {
		s := make([]float64, 1+r.IntN(3100))
		for i := range s {
			s[i] = 0.1*r.NormFloat64() + 0.05
			if trial%4 == 0 {
				s[i] = float64(r.IntN(7)) / 10
			}
		}
		sorted := slices.Clone(s)
		slices.Sort(sorted)
		med := func(s []float64) float64 {
			m := len(s) / 2
			if len(s)%2 == 0 {
				return (s[m-1] + s[m]) / 2
			}
			return s[m]
		}
		want := Background{Base: max(sorted[(len(s)-1)/4], 0), Center: med(sorted)}
		dev := make([]float64, len(s))
		for i, x := range sorted {
			dev[i] = math.Abs(x - want.Center)
		}
		slices.Sort(dev)
		want.Spread = max(1.4826*med(dev), MinSpread)
		want.Standout = standout(max(5000, len(s)))
		in := slices.Clone(s)
		if got := NewBackground(in, 5000); got != want {
			t.Fatalf("NewBackground(%d cosines) = %+v, want %+v", len(s), got, want)
		}
		if !slices.Equal(in, s) {
			t.Fatalf("NewBackground reordered its argument")
		}
	}
}
