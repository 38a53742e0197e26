package query

import (
	"math/rand/v2"
	"testing"

	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/search"
)

// TestIndexDotsMeasureAsGo checks that the background measured with the
// index's vectorized products is the one measured in Go, bit for bit:
// a CLI and a long-lived handle, old and new binaries, agree on it.
func TestIndexDotsMeasureAsGo(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, dims := range []int{1, 7, 8, 13, 384, 385} {
		vecs := func(n int, flat bool) [][]float32 {
			out := make([][]float32, n)
			backing := make([]float32, n*dims)
			for i := range out {
				if flat {
					out[i] = backing[i*dims : (i+1)*dims]
				} else {
					out[i] = make([]float32, dims)
				}
				for j := range out[i] {
					out[i][j] = float32(r.NormFloat64()) / 20
				}
			}
			return out
		}
		for _, flat := range []bool{true, false} {
			probes, sample := vecs(48, false), vecs(64, flat)
			want := search.NewIndexBackground(probes, sample, 10000, nil)
			if got := search.NewIndexBackground(probes, sample, 10000, index.Dots); got != want {
				t.Errorf("NewIndexBackground(dims %d, flat %v, index.Dots) = %+v, want %+v (Go)", dims, flat, got, want)
			}
			out, ref := make([]float64, len(sample)), make([]float64, len(sample))
			index.Dots(probes[0], sample, out)
			for i, v := range sample {
				var s float64
				for j := range v {
					s += float64(v[j]) * float64(probes[0][j])
				}
				ref[i] = s
			}
			for i := range out {
				if d := out[i] - ref[i]; d > 1e-4 || d < -1e-4 {
					t.Fatalf("Dots(dims %d)[%d] = %v, want about %v", dims, i, out[i], ref[i])
				}
			}
		}
	}
}
