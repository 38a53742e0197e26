package index

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/memweave/memweave-go/store"
)

// TestVectorQueryOfExtremeScale: a query vector is scaled to unit length
// by a float32 factor; an embedding server's vector of tiny components
// (1e-45, a subnormal) made that factor infinite, the query infinities
// and NaNs, and every cosine NaN, while one of huge components (3e38)
// made it subnormal, losing its precision. A query's direction is now
// kept whatever its scale: the hits are those of the same query at
// unit scale, with finite scores.
func TestVectorQueryOfExtremeScale(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	const dims = 16
	if err := db.ResetVectors(ctx, dims); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	if _, err := db.Apply(ctx, []Update{{File: File{Path: "memory/a.md", Source: "memory", Hash: "h"}, Chunks: randomChunks(rng, "memory/a.md", 40, dims, "a")}}, nil, nil); err != nil {
		t.Fatal(err)
	}
	unit := make([]float32, dims)
	unit[3] = 1
	want, err := db.Vector(ctx, unit, 5, store.Filter{})
	if err != nil || len(want) == 0 {
		t.Fatalf("Vector(unit) = %v, %v", want, err)
	}
	for _, scale := range []float32{math.SmallestNonzeroFloat32, 3e38} {
		q := make([]float32, dims)
		q[3] = scale
		got, err := db.Vector(ctx, q, 5, store.Filter{})
		if err != nil {
			t.Fatalf("Vector(scale %g) = %v", scale, err)
		}
		if len(got) != len(want) {
			t.Fatalf("Vector(scale %g) gave %d hits, want %d", scale, len(got), len(want))
		}
		for i := range got {
			if got[i].ID != want[i].ID || math.IsNaN(got[i].Cosine) || math.Abs(got[i].Cosine-want[i].Cosine) > 1e-6 {
				t.Errorf("Vector(scale %g)[%d] = %+v, want %+v", scale, i, got[i], want[i])
			}
		}
	}
}
