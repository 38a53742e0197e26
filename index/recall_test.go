package index

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/memweave/memweave-go/store"
)

// clusteredChunks returns clusters*members chunks of dims dimensions in
// near-duplicate clusters, as when an agent's log repeats itself: each
// member is its cluster's random centre plus a little noise, so that two
// members of a cluster are gap apart in cosine (1 - cos ≈ gap). It also
// returns the centres.
func clusteredChunks(rng *rand.Rand, clusters, members, dims int, gap float64) ([]Chunk, [][]float32) {
	// Two members differ by noise of variance 2σ² a dimension, so
	// 1 - cos ≈ dims·σ².
	sigma := math.Sqrt(gap / float64(dims))
	var out []Chunk
	centres := make([][]float32, clusters)
	for c := range clusters {
		centre := make([]float32, dims)
		for j := range centre {
			centre[j] = float32(rng.NormFloat64())
		}
		normalize(centre)
		centres[c] = centre
		for m := range members {
			v := make([]float32, dims)
			for j := range v {
				v[j] = centre[j] + float32(sigma*rng.NormFloat64())
			}
			out = append(out, chunk("memory/log.md", len(out), fmt.Sprintf("cluster %d member %d", c, m), v))
		}
	}
	return out, centres
}

// TestVectorRecallOnNearDuplicates checks that the vector search returns
// the exact top 10 (recall@10 >= 0.99 against a float64 scan of every
// stored vector) when the index holds clusters of near-duplicates whose
// cosines with a query lie within about 1e-3 of each other or closer,
// less than the int8 codes misplace a cosine by: the rescoring must reach
// every candidate the codes' error lets into the top 10, not a fixed
// number of them, and rank them as exactly as the scan does.
func TestVectorRecallOnNearDuplicates(t *testing.T) {
	for _, gap := range []float64{1e-4, 1e-5, 1e-6} {
		t.Run(fmt.Sprint(gap), func(t *testing.T) {
			if recall := clusteredRecall(t, gap); recall < 0.99 {
				t.Errorf("recall@10 on near-duplicates %g apart = %.3f, want >= 0.99", gap, recall)
			}
		})
	}
}

// clusteredRecall builds an index of 40 clusters of 60 near-duplicates
// gap apart and returns the mean recall@10 of the vector search over
// queries near one cluster, between two, and unrelated to any.
func clusteredRecall(t *testing.T, gap float64) float64 {
	ctx := context.Background()
	db := openTest(t)
	const dims, clusters, members, k = 384, 40, 60, 10
	if err := db.ResetVectors(ctx, dims); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(21, 6))
	chunks, centres := clusteredChunks(rng, clusters, members, dims, gap)
	if _, err := db.Apply(ctx, []Update{{File: File{Path: "memory/log.md", Source: "memory", Hash: "h"}, Chunks: chunks}}, nil, nil); err != nil {
		t.Fatal(err)
	}
	var sum float64
	const queries = 24
	for i := range queries {
		q := make([]float32, dims)
		a, b := centres[i%clusters], centres[(i*7+3)%clusters]
		for j := range q {
			switch i % 3 {
			case 0:
				q[j] = a[j] + float32(0.03*rng.NormFloat64())
			case 1:
				q[j] = a[j] + b[j] + float32(0.03*rng.NormFloat64())
			default:
				q[j] = float32(rng.NormFloat64())
			}
		}
		got, err := db.Vector(ctx, q, k, store.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != k {
			t.Errorf("query %d: %d hits, want %d", i, len(got), k)
		}
		want := make(map[int64]bool)
		for _, id := range bruteForce(t, db, q, k) {
			want[id] = true
		}
		hit := 0
		for _, h := range got {
			if want[h.ID] {
				hit++
			}
		}
		sum += float64(hit) / float64(len(want))
	}
	return sum / queries
}

// TestVectorRescoreIsCapped checks that the candidates a search rescores
// are few on ordinary data and capped when every code scores alike, as
// in an index of copies of one vector (or one whose scales were tampered
// with), while the search still returns k hits.
func TestVectorRescoreIsCapped(t *testing.T) {
	ctx := context.Background()
	const dims, n, k = 64, 2000, 10
	rng := rand.New(rand.NewPCG(3, 4))
	same := make([]float32, dims)
	for j := range same {
		same[j] = float32(rng.NormFloat64())
	}
	for _, tc := range []struct {
		name     string
		vec      func() []float32
		min, max int
	}{
		{"random", func() []float32 {
			v := make([]float32, dims)
			for j := range v {
				v[j] = float32(rng.NormFloat64())
			}
			return v
		}, k, 4 * k},
		{"copies", func() []float32 { return same }, rescoreCap(k), rescoreCap(k)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db := openTest(t)
			if err := db.ResetVectors(ctx, dims); err != nil {
				t.Fatal(err)
			}
			chunks := make([]Chunk, n)
			for i := range chunks {
				chunks[i] = chunk("memory/a.md", i, fmt.Sprintf("chunk %d", i), tc.vec())
			}
			if _, err := db.Apply(ctx, []Update{{File: File{Path: "memory/a.md", Source: "memory", Hash: "h"}, Chunks: chunks}}, nil, nil); err != nil {
				t.Fatal(err)
			}
			cs, err := db.codes(ctx)
			if err != nil {
				t.Fatal(err)
			}
			q := tc.vec()
			normalize(q)
			if got := len(cs.top(newQueryCode(q), k, rescoreCap(k), nil)); got < tc.min || got > tc.max {
				t.Errorf("top(k=%d) kept %d candidates, want %d to %d", k, got, tc.min, tc.max)
			}
			if hits, err := db.Vector(ctx, q, k, store.Filter{}); err != nil || len(hits) != k {
				t.Errorf("Vector = %d hits, %v; want %d", len(hits), err, k)
			}
		})
	}
}

// TestVectorRescoresUntilTheBoundsPassTheTopK checks that stopping the
// exact rescoring once the k-th best cosine is above the next
// candidate's upper bound returns what rescoring every candidate
// returns, hits and cosines, on vectors whose one dominant component
// makes coarse codes (as static embedders' principal components do)
// and many candidates, with near-duplicates whose cosines tie.
func TestVectorRescoresUntilTheBoundsPassTheTopK(t *testing.T) {
	ctx := context.Background()
	const dims, n = 64, 3000
	rng := rand.New(rand.NewPCG(8, 9))
	vec := func() []float32 {
		v := make([]float32, dims)
		for j := range v {
			v[j] = float32(0.1 * rng.NormFloat64())
		}
		v[0] = 1 + float32(0.05*rng.NormFloat64())
		return v
	}
	db := openTest(t)
	if err := db.ResetVectors(ctx, dims); err != nil {
		t.Fatal(err)
	}
	chunks := make([]Chunk, n)
	for i := range chunks {
		v := vec()
		if i%3 == 1 {
			v = slices.Clone(chunks[i-1].Vector) // a duplicate: equal cosines
		}
		chunks[i] = chunk("memory/a.md", i, fmt.Sprintf("chunk %d", i), v)
	}
	if _, err := db.Apply(ctx, []Update{{File: File{Path: "memory/a.md", Source: "memory", Hash: "h"}, Chunks: chunks}}, nil, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := db.codes(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 20 {
		k := []int{1, 6, 24}[i%3]
		q := vec()
		normalize(q)
		cands := cs.top(newQueryCode(q), k, rescoreCap(k), nil)
		ids := make([]int64, len(cands))
		for j, c := range cands {
			ids[j] = c.ID
		}
		exact, err := db.Cosines(ctx, q, ids)
		if err != nil {
			t.Fatal(err)
		}
		var want []VectorHit
		for id, c := range exact {
			want = append(want, VectorHit{ID: id, Cosine: c})
		}
		slices.SortFunc(want, func(a, b VectorHit) int { return cmp.Or(cmp.Compare(b.Cosine, a.Cosine), cmp.Compare(a.ID, b.ID)) })
		want = want[:min(k, len(want))]
		got, err := db.Vector(ctx, q, k, store.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) {
			t.Errorf("query %d: Vector(k=%d) = %v, want %v (the top k of all %d candidates)", i, k, got, want, len(cands))
		}
	}
}
