package search

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// TestIndexBackgroundOfProbesAtAnyScale: the background questions'
// vectors come from the embedding server as it sends them, and only
// their direction counts. Sent at a scale whose squares a float32 cannot
// hold (components past 1e19 or under 1e-19), they give the background
// of their unit vectors, not one of zero cosines (every chunk then
// standing out) or none at all.
func TestIndexBackgroundOfProbesAtAnyScale(t *testing.T) {
	const dims = 32
	rng := rand.New(rand.NewPCG(1, 2))
	unit := func() []float32 {
		v := make([]float32, dims)
		var s float64
		for i := range v {
			v[i] = float32(rng.NormFloat64()) + 0.5 // a shared direction: cosines near 0.4
			s += float64(v[i]) * float64(v[i])
		}
		for i := range v {
			v[i] /= float32(math.Sqrt(s))
		}
		return v
	}
	probes, sample := make([][]float32, 12), make([][]float32, 20)
	for i := range probes {
		probes[i] = unit()
	}
	for i := range sample {
		sample[i] = unit()
	}
	want := NewIndexBackground(probes, sample, 100, nil)
	for _, scale := range []float32{1e21, 1e-21} {
		t.Run(fmt.Sprint(scale), func(t *testing.T) {
			scaled := make([][]float32, len(probes))
			for i, p := range probes {
				scaled[i] = make([]float32, dims)
				for j := range p {
					scaled[i][j] = p[j] * scale
				}
			}
			got := NewIndexBackground(scaled, sample, 100, nil)
			if math.Abs(got.Base-want.Base) > 1e-4 || math.Abs(got.Center-want.Center) > 1e-4 || math.Abs(got.Spread-want.Spread) > 1e-4 {
				t.Errorf("NewIndexBackground(probes × %g) = %+v, want %+v as for the unit probes", scale, got, want)
			}
		})
	}
}
