package index

import (
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/memweave/memweave-go/embedcache"
	"github.com/memweave/memweave-go/store"
)

// TestVectorOfAnyFiniteLengthIsFound: the index keeps vectors as half
// floats, whose range is about 6e-8 to 65504. A vector of another length
// (a server that does not normalise, or a hostile one: every component
// past 65504, or under 6e-8, is a valid float32) is still found by its
// own direction with a cosine of 1, as a unit vector is, in the search,
// the sample the background is measured with and the vector kept for
// the same text.
func TestVectorOfAnyFiniteLengthIsFound(t *testing.T) {
	ctx := context.Background()
	for _, scale := range []float32{1, 1e6, 1e30, 1e-9, 1e-30} {
		t.Run(fmt.Sprint(scale), func(t *testing.T) {
			db := openTest(t)
			if err := db.ResetVectors(ctx, 4); err != nil {
				t.Fatal(err)
			}
			dir := []float32{0.5, 0.5, 0.5, 0.5}
			v := make([]float32, 4)
			for i := range dir {
				v[i] = dir[i] * scale
			}
			a := chunk("memory/a.md", 0, "the scaled one", v)
			b := chunk("memory/a.md", 1, "another direction", []float32{1, 0, 0, 0})
			if _, err := db.Apply(ctx, []Update{{File: File{Path: "memory/a.md", Source: "memory", Hash: "h"}, Chunks: []Chunk{a, b}}}, nil, nil); err != nil {
				t.Fatal(err)
			}
			hits, err := db.Vector(ctx, dir, 2, store.Filter{})
			if err != nil || len(hits) == 0 || math.Abs(hits[0].Cosine-1) > 1e-3 {
				t.Fatalf("Vector(its direction) = %+v, %v; want a first hit with cosine 1", hits, err)
			}
			if cs, err := db.Chunks(ctx, []int64{hits[0].ID}); err != nil || cs[hits[0].ID].Text != a.Text {
				t.Errorf("Vector(its direction) found %+v, %v first; want %q", cs, err, a.Text)
			}
			s, err := db.Sample(ctx, 64)
			if err != nil {
				t.Fatal(err)
			}
			vecs, err := db.SampleVectors(ctx, s)
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, v := range vecs {
				found = found || finiteNonZero(v) && math.Abs(float64(v[0])-0.5) < 1e-3 && math.Abs(float64(v[3])-0.5) < 1e-3
			}
			if !found {
				t.Errorf("SampleVectors = %v, want the scaled chunk's unit vector %v among them", vecs, dir)
			}
			live, err := db.LiveVectors(ctx, []embedcache.Key{a.Hash})
			if err != nil || len(live) != 1 || !finiteNonZero(live[a.Hash]) {
				t.Errorf("LiveVectors = %v, %v; want a finite, non-zero vector", live, err)
			}
		})
	}
}

func finiteNonZero(v []float32) bool {
	var s float64
	for _, f := range v {
		if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
			return false
		}
		s += float64(f) * float64(f)
	}
	return s > 0
}
