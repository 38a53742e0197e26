package postprocess

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/search"
	"github.com/memweave/memweave-go/tokenize"
)

// mmrReference is MMR as it was first written: each step scans every
// result left and, once one is picked, updates every other's largest
// similarity; O(picked × pool) Jaccard computations.
func mmrReference(lambda float64, limit int, results []search.Result) []int64 {
	lambda = min(max(lambda, 0), 1)
	n := len(results)
	if limit <= 0 || limit > n {
		limit = n
	}
	sets := make([]tokenize.Set, n)
	for i := range results {
		sets[i] = tokenize.SetOf(results[i].Text)
	}
	picked := make([]bool, n)
	maxSim := make([]float64, n)
	var out []int64
	for len(out) < limit {
		best, bestVal := -1, 0.0
		for i := range results {
			if picked[i] {
				continue
			}
			v := lambda*results[i].Score - (1-lambda)*maxSim[i]
			if best < 0 || v > bestVal {
				best, bestVal = i, v
			}
		}
		picked[best] = true
		out = append(out, results[best].ChunkID)
		for i := range results {
			if !picked[i] {
				maxSim[i] = max(maxSim[i], tokenize.Jaccard(sets[best], sets[i]))
			}
		}
	}
	return out
}

// mmrPool returns n results whose texts are drawn from a vocabulary of
// vocab words with a Zipf-like skew (near duplicates among them when
// dups > 0: each result copies one of the dups first texts with one
// word changed), scores falling from 1 with ties every tie results.
func mmrPool(seed uint64, n, vocab, words, dups, tie int) []search.Result {
	rng := rand.New(rand.NewPCG(seed, 1))
	zipf := rand.NewZipf(rng, 1.1, 2, uint64(vocab-1))
	out := make([]search.Result, n)
	for i := range out {
		var text string
		if dups > 0 && i >= dups && rng.IntN(2) == 0 {
			ws := strings.Fields(out[rng.IntN(dups)].Text)
			ws[rng.IntN(len(ws))] = fmt.Sprintf("w%d", zipf.Uint64())
			text = strings.Join(ws, " ")
		} else {
			ws := make([]string, words)
			for j := range ws {
				ws[j] = fmt.Sprintf("w%d", zipf.Uint64())
			}
			text = strings.Join(ws, " ")
		}
		score := 1 - float64(i/max(tie, 1))/float64(n)
		out[i] = search.Result{ChunkID: int64(i + 1), Score: score, Text: text}
	}
	return out
}

// TestMMRSameOrderAsReference: the order MMR returns is the one the
// first, quadratic, greedy loop returned, for pools with and without
// near duplicates, tied scores, every lambda from 0 to 1 and limits.
func TestMMRSameOrderAsReference(t *testing.T) {
	for seed := range uint64(12) {
		n := 1 + int(seed*37%200)
		in := mmrPool(seed, n, 50+int(seed)*40, 5+int(seed%4)*10, int(seed%3)*7, 1+int(seed%3))
		for _, lambda := range []float64{0, 0.1, 0.3, 0.5, 0.7, 0.9, 1, -1, 2} {
			for _, limit := range []int{0, 1, 5, n} {
				got, err := MMR{Lambda: lambda, Limit: limit}.Process(context.Background(), "q", in)
				if err != nil {
					t.Fatal(err)
				}
				if want := mmrReference(lambda, limit, in); !slices.Equal(ids(got), want) {
					t.Fatalf("seed %d, n %d, lambda %v, limit %d: MMR = %v,\nthe greedy loop gives %v", seed, n, lambda, limit, ids(got), want)
				}
			}
		}
	}
}

// TestMMRNonFiniteScores: a NaN or infinite score orders as the greedy
// loop ordered it.
func TestMMRNonFiniteScores(t *testing.T) {
	in := mmrPool(3, 40, 60, 8, 5, 1)
	in[3].Score, in[10].Score, in[0].Score, in[20].Score = math.NaN(), math.Inf(1), math.NaN(), math.Inf(-1)
	for _, lambda := range []float64{0, 0.5, 1} {
		got, _ := MMR{Lambda: lambda}.Process(context.Background(), "q", in)
		if want := mmrReference(lambda, 0, in); !slices.Equal(ids(got), want) {
			t.Errorf("lambda %v: MMR = %v, the greedy loop gives %v", lambda, ids(got), want)
		}
	}
}

// BenchmarkMMRPool orders a whole pool of chunks of 60 words, as a
// search with --mmr-lambda does before it keeps -n results.
func BenchmarkMMRPool(b *testing.B) {
	for _, n := range []int{50, 500, 5000} {
		for _, dups := range []int{0, 20} {
			in := mmrPool(1, n, 5000, 60, dups, 1)
			b.Run(fmt.Sprintf("n=%d/dups=%d", n, dups), func(b *testing.B) {
				for b.Loop() {
					if _, err := (MMR{Lambda: 0.5}).Process(context.Background(), "q", in); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// TestMMRPicksBounded: past MMRPicks results, MMR keeps the order the
// results came in: the first MMRPicks are those the greedy loop picks
// first, the others follow by rank.
func TestMMRPicksBounded(t *testing.T) {
	in := mmrPool(5, 3*MMRPicks, 400, 20, 30, 1)
	for _, limit := range []int{0, MMRPicks + 7} {
		got, _ := MMR{Lambda: 0.5, Limit: limit}.Process(context.Background(), "q", in)
		want := mmrReference(0.5, MMRPicks, in)
		picked := map[int64]bool{}
		for _, id := range want {
			picked[id] = true
		}
		for _, r := range in {
			if !picked[r.ChunkID] {
				want = append(want, r.ChunkID)
			}
		}
		if limit > 0 {
			want = want[:limit]
		}
		if !slices.Equal(ids(got), want) {
			t.Errorf("limit %d: MMR over %d results = %v,\nwant the greedy loop's first %d then the rest by rank: %v", limit, len(in), ids(got), MMRPicks, want)
		}
	}
}
