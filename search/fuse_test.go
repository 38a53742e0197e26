package search

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func ptr(f float64) *float64 { return &f }

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestNormalizeBM25(t *testing.T) {
	tests := []struct{ raw, want float64 }{
		{0, 0},
		{3, 0},
		{math.NaN(), 0},
		{math.Inf(1), 0},
		{math.Inf(-1), 1},
		{-2, 0.5},
		{-6, 0.75},
		{-18, 0.9},
	}
	for _, tt := range tests {
		if got := NormalizeBM25(tt.raw); !near(got, tt.want) {
			t.Errorf("NormalizeBM25(%v) = %v, want %v", tt.raw, got, tt.want)
		}
	}
	prev := -1.0
	for raw := 0.0; raw >= -100; raw -= 0.25 {
		got := NormalizeBM25(raw)
		if got < 0 || got > 1 {
			t.Fatalf("NormalizeBM25(%v) = %v, outside [0,1]", raw, got)
		}
		if got <= prev && raw != 0 {
			t.Fatalf("NormalizeBM25(%v) = %v, not above NormalizeBM25(%v) = %v", raw, got, raw+0.25, prev)
		}
		prev = got
	}
}

func TestNormalizeCosine(t *testing.T) {
	tests := []struct{ in, want float64 }{
		{-1, 0}, {-0.2, 0}, {0, 0}, {0.42, 0.42}, {1, 1}, {1.0000001, 1}, {math.NaN(), 0},
	}
	for _, tt := range tests {
		if got := NormalizeCosine(tt.in); got != tt.want {
			t.Errorf("NormalizeCosine(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestFuseSingleBackend(t *testing.T) {
	kw := Fuse([]Candidate{{ChunkID: 7, BM25: ptr(-2)}}, FusionOptions{Method: KeywordOnly})
	if r := kw[0]; r.VectorScore != nil || r.TextScore == nil || !near(r.Score, 0.5) || r.Explain.Fusion != "keyword" {
		t.Errorf("KeywordOnly: Score %v TextScore %v VectorScore %v Fusion %q, want 0.5, set, nil, keyword",
			r.Score, r.TextScore, r.VectorScore, r.Explain.Fusion)
	}
	vec := Fuse([]Candidate{{ChunkID: 7, Cosine: ptr(0.9)}}, FusionOptions{Method: VectorOnly})
	if r := vec[0]; r.TextScore != nil || r.VectorScore == nil || !near(r.Score, VectorAlone*0.9) || r.Explain.Fusion != "vector" {
		t.Errorf("VectorOnly: Score %v TextScore %v VectorScore %v Fusion %q, want VectorAlone*0.9, nil, set, vector",
			r.Score, r.TextScore, r.VectorScore, r.Explain.Fusion)
	}
}

func TestFuseOrderAndMerge(t *testing.T) {
	cands := []Candidate{
		{ChunkID: 9, Cosine: ptr(0.5)},
		{ChunkID: 3, Cosine: ptr(0.5)},
		{ChunkID: 5, BM25: ptr(-4)},
		{ChunkID: 5, Cosine: ptr(0.9)}, // same chunk from the vector side
	}
	got := Fuse(cands, FusionOptions{})
	ids := []int64{}
	for _, r := range got {
		ids = append(ids, r.ChunkID)
	}
	if want := []int64{5, 3, 9}; len(ids) != 3 || ids[0] != want[0] || ids[1] != want[1] || ids[2] != want[2] {
		t.Fatalf("Fuse order = %v, want %v", ids, want)
	}
	if want := KeywordFloor * (4.0 / 6); !near(got[0].Score, want) {
		t.Errorf("merged chunk 5 score %v, want %v", got[0].Score, want)
	}
	if Fuse(nil, FusionOptions{}) != nil {
		t.Errorf("Fuse(nil) != nil")
	}
	// Fuse must not modify its input.
	if cands[2].Cosine != nil || cands[3].BM25 != nil {
		t.Errorf("Fuse modified its input")
	}
}

func BenchmarkFuse(b *testing.B) {
	for _, method := range []FusionMethod{Blend, KeywordOnly} {
		b.Run(string(method), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(42, 0))
			cands := make([]Candidate, 1000)
			for i := range cands {
				c := Candidate{ChunkID: int64(rng.IntN(1 << 30))}
				if rng.IntN(2) == 0 {
					c.BM25 = ptr(-rng.Float64() * 12)
				}
				if rng.IntN(3) > 0 {
					c.Cosine = ptr(rng.Float64())
				}
				cands[i] = c
			}
			b.ReportAllocs()
			for b.Loop() {
				Fuse(cands, FusionOptions{Method: method})
			}
		})
	}
}

// TestFuseBlend checks the Blend rule: each branch (agreement, the vector
// side alone, the keyword floor), that it is the default, and the
// guarantees its doc comment gives over a grid of scores.
func TestFuseBlend(t *testing.T) {
	k := func(x float64) *float64 { return &x }
	cands := []Candidate{
		// Both sides, low vector score: the keyword floor 0.9*0.8 binds.
		{ChunkID: 1, BM25: ptr(-1), KeywordScore: k(0.8), Whole: true, Cosine: ptr(0.5), VectorScore: k(0.1)},
		// Whole query, no vector score: 0.9*0.5.
		{ChunkID: 2, BM25: ptr(-1), KeywordScore: k(0.5), Whole: true},
		// Vector only: VectorAlone*1.
		{ChunkID: 3, Cosine: ptr(0.9), VectorScore: k(1)},
		// A partial match with some vector support: the keyword floor
		// 0.9*0.4, ahead of chunk 5 by its cosine.
		{ChunkID: 4, BM25: ptr(-1), KeywordScore: k(0.4), Cosine: ptr(0.6), VectorScore: k(0.5)},
		// A weak keyword match (one common word), no vector support:
		// 0.9*0.4.
		{ChunkID: 5, BM25: ptr(-1), KeywordScore: k(0.4), Cosine: ptr(0.1), VectorScore: k(0)},
		// Whole query, its score lowered by the accent cost: the floor
		// of a whole-query match, 0.9*0.5.
		{ChunkID: 6, BM25: ptr(-1), KeywordScore: k(0.46), Whole: true},
	}
	want := map[int64]float64{1: 0.72, 2: 0.45, 3: VectorAlone, 4: 0.36, 5: 0.36, 6: 0.45}
	order := []int64{1, 2, 6, 3, 4, 5}
	for _, opts := range []FusionOptions{{}, {Method: Blend}} {
		got := Fuse(cands, opts)
		for i, r := range got {
			if r.ChunkID != order[i] || !near(r.Score, want[r.ChunkID]) || r.Explain.Fusion != string(Blend) {
				t.Errorf("Fuse(%+v)[%d] = chunk %d %v (%s), want chunk %d %v (blend)", opts, i, r.ChunkID, r.Score, r.Explain.Fusion, order[i], want[order[i]])
			}
		}
	}
	grid := []float64{0, 0.1, 0.3, 0.45, 0.5, 0.7, 0.8, 0.9, 1}
	for _, kw := range grid {
		for _, v := range grid {
			for _, whole := range []bool{false, true} {
				if whole && kw == 0 {
					continue
				}
				got := Fuse([]Candidate{{ChunkID: 1, KeywordScore: k(kw), VectorScore: k(v), Whole: whole}}, FusionOptions{})[0].Score
				if (whole || kw >= CoverageShare) && got < 0.45-1e-12 {
					t.Errorf("Blend(k=%v, v=%v, whole=%v) = %v: a chunk holding every query word must score >= 0.45", kw, v, whole, got)
				}
				if kw == 0 && v >= 0.8 && got < 0.35 {
					t.Errorf("Blend(k=0, v=%v) = %v: a vector score >= 0.8 must pass the threshold 0.35 alone", v, got)
				}
				if kw == 0 && got > VectorAlone+1e-12 {
					t.Errorf("Blend(k=0, v=%v) = %v, want at most VectorAlone %v", v, got, VectorAlone)
				}
				if alone := Fuse([]Candidate{{ChunkID: 1, KeywordScore: k(kw), Whole: whole}}, FusionOptions{})[0].Score; got < alone-1e-12 {
					t.Errorf("Blend(k=%v, v=%v) = %v: agreement must not score below the keyword side alone (%v)", kw, v, got, alone)
				}
				if vec := Fuse([]Candidate{{ChunkID: 1, VectorScore: k(v)}}, FusionOptions{})[0].Score; whole && got <= vec {
					t.Errorf("Blend(k=%v, v=%v, whole) = %v: agreement must rank above the vector side alone (%v)", kw, v, got, vec)
				}
			}
		}
	}
}

// TestFuseWholeQueryNeverOutranked checks issue 32's promise with partial
// matches present: whatever the vector scores, every chunk holding the
// whole query ranks above every chunk holding none of its words, while a
// word-free chunk with a strong vector score may rank above partial
// matches and passes the threshold.
func TestFuseWholeQueryNeverOutranked(t *testing.T) {
	for _, semantic := range []bool{false, true} {
		t.Run(map[bool]string{false: "lexical", true: "semantic"}[semantic], func(t *testing.T) {
			testWholeQueryNeverOutranked(t, FusionOptions{semantic: semantic})
		})
	}
}

// testWholeQueryNeverOutranked is [TestFuseWholeQueryNeverOutranked] under
// opts.
func testWholeQueryNeverOutranked(t *testing.T, opts FusionOptions) {
	k := func(x float64) *float64 { return &x }
	rng := rand.New(rand.NewPCG(32, 1))
	for trial := range 200 {
		var cands []Candidate
		kind := map[int64]string{}
		for id := range int64(30) {
			c := Candidate{ChunkID: id, VectorScore: k(rng.Float64())}
			switch id % 3 {
			case 0: // whole query: the coverage floor, less an accent cost
				c.KeywordScore, c.Whole = k(CoverageShare*(1-AccentCost)+rng.Float64()*(1-CoverageShare*(1-AccentCost))), true
				kind[id] = "whole"
			case 1: // partial: some of the query's words
				c.KeywordScore = k(rng.Float64() * CoverageShare)
				kind[id] = "partial"
			default: // none of the query's words
				kind[id] = "none"
			}
			cands = append(cands, c)
		}
		cands[2].VectorScore = k(1) // the strongest possible word-free chunk
		got := Fuse(cands, opts)
		lastWhole, firstNone := -1, len(got)
		for i, r := range got {
			switch kind[r.ChunkID] {
			case "whole":
				lastWhole = i
			case "none":
				firstNone = min(firstNone, i)
			}
		}
		if lastWhole > firstNone {
			t.Fatalf("trial %d: a chunk holding no query word (rank %d) outranks one holding the whole query (rank %d)", trial, firstNone+1, lastWhole+1)
		}
		for _, r := range got {
			if r.ChunkID == 2 && r.Score < 0.35 {
				t.Fatalf("trial %d: a word-free chunk with vector score 1 scores %v, under the threshold", trial, r.Score)
			}
		}
	}
	// The example of issue 32: a chunk holding the whole query with a
	// near-zero vector score against a word-free one with a high one, a
	// partial match present.
	got := Fuse([]Candidate{
		{ChunkID: 1, VectorScore: k(0.85)},
		{ChunkID: 2, KeywordScore: k(0.55), Whole: true, VectorScore: k(0.1)},
		{ChunkID: 3, KeywordScore: k(0.3), VectorScore: k(0.4)},
	}, opts)
	if got[0].ChunkID != 2 || got[1].ChunkID != 1 || got[2].ChunkID != 3 {
		t.Errorf("Fuse = chunks %d (%.3f), %d (%.3f), %d (%.3f); want 2 (whole query), 1 (word-free), 3 (partial)",
			got[0].ChunkID, got[0].Score, got[1].ChunkID, got[1].Score, got[2].ChunkID, got[2].Score)
	}
	if got[1].Score < 0.35 {
		t.Errorf("word-free chunk with vector score 0.85 scores %v, want >= 0.35", got[1].Score)
	}
}

// TestFuseChanceOverlap checks the partial matches of a search with a
// semantic embedder: one the embedder places among the query's unrelated
// chunks (vector score 0) keeps KeywordWeight*k and no longer passes the
// default threshold on a word or two, one it confirms (vector score at
// least Confirm) keeps its keyword floor, and with a lexical embedder (the
// zero FusionOptions) the floor holds whatever the cosine.
func TestFuseChanceOverlap(t *testing.T) {
	tests := []struct {
		name     string
		k, v     float64
		whole    bool
		semantic bool
		want     float64
	}{
		{"chance overlap, semantic", 0.42, 0, false, true, 0.75 * 0.42},
		{"weakly confirmed, semantic", 0.42, Confirm / 2, false, true, 0.75*0.42 + 0.09*Confirm/2},
		{"nearly confirmed, semantic", 0.42, 0.9 * Confirm, false, true, 0.9 * 0.42 * 0.9},
		{"confirmed, semantic", 0.42, Confirm, false, true, 0.9 * 0.42},
		{"chance overlap, lexical", 0.42, 0, false, false, 0.9 * 0.42},
		{"whole query, semantic", 0.5, 0, true, true, 0.45},
		{"strong BM25 match, semantic", 0.8, 0, true, true, 0.72},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Fuse([]Candidate{{ChunkID: 1, KeywordScore: ptr(tt.k), VectorScore: ptr(tt.v), Whole: tt.whole}}, FusionOptions{semantic: tt.semantic})[0].Score
			if !near(got, tt.want) {
				t.Errorf("Blend(k=%v, v=%v, whole=%v, semantic=%v) = %v, want %v", tt.k, tt.v, tt.whole, tt.semantic, got, tt.want)
			}
		})
	}
	// A vector score never lowers a match: the score rises with v, and
	// the chance overlap of a word or two ends under the threshold.
	for _, kw := range []float64{0.1, 0.3, 0.4, 0.46} {
		prev := -1.0
		for _, v := range []float64{0, 0.05, 0.1, 0.2, 0.5, 1} {
			got := Fuse([]Candidate{{ChunkID: 1, KeywordScore: ptr(kw), VectorScore: ptr(v)}}, FusionOptions{semantic: true})[0].Score
			if got < prev {
				t.Errorf("Blend(k=%v, v=%v, semantic) = %v, under %v at a lower v", kw, v, got, prev)
			}
			prev = got
			if v == 0 && got >= 0.35 {
				t.Errorf("Blend(k=%v, v=0, semantic) = %v: a chance overlap passes the threshold", kw, got)
			}
		}
	}
}

func TestFusionOptionsValidate(t *testing.T) {
	tests := []struct {
		name string
		opts FusionOptions
		err  string // "" for valid
	}{
		{"zero value", FusionOptions{}, ""},
		{"blend", FusionOptions{Method: Blend}, ""},
		{"unknown method", FusionOptions{Method: "mean"}, `unknown fusion method "mean"`},
		{"phrase weight 0", FusionOptions{Query: QueryOptions{PhraseWeight: new(0.0)}}, ""},
		{"negative phrase weight", FusionOptions{Query: QueryOptions{PhraseWeight: new(-0.5)}}, "PhraseWeight must be a finite number >= 0"},
		{"infinite phrase weight", FusionOptions{Query: QueryOptions{PhraseWeight: new(math.Inf(1))}}, "PhraseWeight must be a finite number >= 0"},
		{"keyword", FusionOptions{Method: KeywordOnly}, ""},
		{"vector", FusionOptions{Method: VectorOnly}, ""},
		{"removed method", FusionOptions{Method: "rrf"}, `unknown fusion method "rrf" (want blend, keyword or vector)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.opts.Validate()
			if (err == nil) != (tt.err == "") || (err != nil && !strings.Contains(err.Error(), tt.err)) {
				t.Errorf("Validate() = %v, want an error containing %q", err, tt.err)
			}
			if strings.Contains(tt.err, "unknown fusion") && !errors.Is(err, ErrUnknownFusion) {
				t.Errorf("Validate() = %v, want it to wrap ErrUnknownFusion", err)
			}
		})
	}
}

// TestFuseTiesByCosine checks that chunks whose vector scores saturate at
// 1 keep the order of their cosines.
func TestFuseTiesByCosine(t *testing.T) {
	got := Fuse([]Candidate{
		{ChunkID: 1, Cosine: ptr(0.5), VectorScore: ptr(1)},
		{ChunkID: 2, Cosine: ptr(0.6), VectorScore: ptr(1)},
		{ChunkID: 3, Cosine: ptr(0.55), VectorScore: ptr(1)},
	}, FusionOptions{Method: VectorOnly})
	for i, want := range []int64{2, 3, 1} {
		if got[i].ChunkID != want {
			t.Errorf("Fuse(equal vector scores)[%d] = chunk %d, want %d (by cosine)", i, got[i].ChunkID, want)
		}
	}
}

// TestFuseLongQueryRanksPartialMatches checks that for a long query a
// partial keyword match ranks above a word-free chunk whose score,
// discounted per word beyond shortQuery, it reaches, while the word-free
// chunk keeps its score; for a short query the scores decide.
func TestFuseLongQueryRanksPartialMatches(t *testing.T) {
	k := func(x float64) *float64 { return &x }
	cands := []Candidate{
		{ChunkID: 1, Cosine: ptr(0.6), VectorScore: k(1)},                         // word-free: 0.44
		{ChunkID: 2, KeywordScore: k(0.3), Cosine: ptr(0.4), VectorScore: k(0.2)}, // 0.27
	}
	for _, tt := range []struct {
		words int
		first int64
	}{{3, 1}, {shortQuery, 1}, {shortQuery + 4, 2}} {
		got := Fuse(cands, FusionOptions{words: tt.words})
		if got[0].ChunkID != tt.first {
			t.Errorf("Fuse(%d words)[0] = chunk %d (%v), want %d", tt.words, got[0].ChunkID, got[0].Score, tt.first)
		}
		for _, r := range got {
			if r.ChunkID == 1 && !near(r.Score, VectorAlone) {
				t.Errorf("Fuse(%d words): word-free chunk scores %v, want its own %v", tt.words, r.Score, VectorAlone)
			}
			lifted := r.ChunkID == 2 && tt.first == 2
			switch {
			case lifted && (r.Explain.LiftedFrom == nil || !near(*r.Explain.LiftedFrom, KeywordFloor*0.3)):
				t.Errorf("Fuse(%d words): lifted chunk's Explain.LiftedFrom = %v, want its own score", tt.words, r.Explain.LiftedFrom)
			case !lifted && r.Explain.LiftedFrom != nil:
				t.Errorf("Fuse(%d words): chunk %d not lifted has Explain.LiftedFrom %v", tt.words, r.ChunkID, *r.Explain.LiftedFrom)
			}
		}
	}
}

// TestFuseLexicalKeepsKeywordOrder checks that under a lexical embedder
// (the hash embedder, whose cosine is the query's letter runs shared, the
// evidence the keyword score already weighs) the keyword matches rank as
// their keyword scores do, for short and long queries alike: the cosine
// orders only equal keyword scores. A lower-k match with more letter
// overlap (k 0.30, v 1) used to score 0.75k + 0.09v = 0.315 over a match
// holding more of the query's rarer words (k 0.34, v 0, 0.306).
func TestFuseLexicalKeepsKeywordOrder(t *testing.T) {
	k := func(x float64) *float64 { return &x }
	got := Fuse([]Candidate{
		{ChunkID: 1, KeywordScore: k(0.30), Cosine: ptr(0.9), VectorScore: k(1)},
		{ChunkID: 2, KeywordScore: k(0.34), Cosine: ptr(0.1), VectorScore: k(0)},
	}, FusionOptions{lexical: true})
	if got[0].ChunkID != 2 || !near(got[0].Score, KeywordFloor*0.34) || !near(got[1].Score, KeywordFloor*0.30) {
		t.Errorf("Fuse(lexical) = chunk %d (%v), chunk %d (%v); want 2 (%v), 1 (%v)",
			got[0].ChunkID, got[0].Score, got[1].ChunkID, got[1].Score, KeywordFloor*0.34, KeywordFloor*0.30)
	}
	rng := rand.New(rand.NewPCG(19, 1))
	for trial := range 200 {
		var cands []Candidate
		for id := range int64(40) {
			c := Candidate{ChunkID: id, Cosine: ptr(rng.Float64()), VectorScore: k(rng.Float64())}
			switch id % 4 {
			case 0: // the whole query
				c.KeywordScore, c.Whole = k(CoverageShare+rng.Float64()*(1-CoverageShare)), true
			case 1, 2: // some of its words; a few share one keyword score
				c.KeywordScore = k(float64(rng.IntN(12)) / 24)
			}
			cands = append(cands, c)
		}
		words := []int{2, shortQuery + 5}[trial%2]
		res := Fuse(cands, FusionOptions{lexical: true, words: words})
		var prev *Result
		for i := range res {
			r := &res[i]
			if *r.TextScore == 0 {
				continue // word-free: ranked by LexicalAlone*v among the matches
			}
			if prev != nil && (*r.TextScore > *prev.TextScore ||
				*r.TextScore == *prev.TextScore && *r.Explain.Cosine > *prev.Explain.Cosine) {
				t.Fatalf("trial %d (%d words): chunk %d (k %v, cosine %v) ranks under chunk %d (k %v, cosine %v)",
					trial, words, r.ChunkID, *r.TextScore, *r.Explain.Cosine, prev.ChunkID, *prev.TextScore, *prev.Explain.Cosine)
			}
			prev = r
		}
	}
}

// TestFuseFlood checks the count rule of [flooded] on Fuse's output:
// when more than floodCount word-free chunks have a full vector score,
// every keyword match ranks above every word-free chunk, which keeps its
// score; with floodCount of them, or under a lexical embedder, scores
// decide, so a few word-free chunks standing out (a paraphrase) still
// rank over a weak keyword match.
func TestFuseFlood(t *testing.T) {
	k := func(x float64) *float64 { return &x }
	for _, tt := range []struct {
		full    int
		lexical bool
		want    []int64 // how the ranking starts
		under   bool    // keyword match 1 ranks under word-free chunk 3
	}{
		{floodCount, false, []int64{2, 100, 101}, true},
		{floodCount + 1, false, []int64{2, 1, 100, 101}, false},
		{floodCount + 1, true, []int64{2, 100, 101}, true},
	} {
		cands := []Candidate{
			{ChunkID: 1, KeywordScore: k(0.3), Cosine: ptr(0.4), VectorScore: k(0.2)},            // partial: 0.243
			{ChunkID: 2, KeywordScore: k(0.5), Whole: true, Cosine: ptr(0.3), VectorScore: k(0)}, // whole: 0.45
			{ChunkID: 3, Cosine: ptr(0.5), VectorScore: k(0.9)},                                  // word-free, not full
		}
		for i := range tt.full {
			cands = append(cands, Candidate{ChunkID: int64(100 + i), Cosine: ptr(0.9 - float64(i)/100), VectorScore: k(1)})
		}
		alone := VectorAlone
		if tt.lexical {
			alone = LexicalAlone
		}
		got := Fuse(cands, FusionOptions{words: 2, lexical: tt.lexical})
		var order []int64
		for _, r := range got {
			order = append(order, r.ChunkID)
			if r.ChunkID >= 3 && !near(r.Score, alone*(*r.VectorScore)) {
				t.Errorf("Fuse(%d full, lexical %v): word-free chunk %d scores %v, want its own %v", tt.full, tt.lexical, r.ChunkID, r.Score, alone*(*r.VectorScore))
			}
		}
		if !slices.Equal(order[:len(tt.want)], tt.want) {
			t.Errorf("Fuse(%d full, lexical %v) = %v, want it to start %v", tt.full, tt.lexical, order, tt.want)
		}
		if under := slices.Index(order, 1) > slices.Index(order, 3); under != tt.under {
			t.Errorf("Fuse(%d full, lexical %v) = %v: keyword match 1 under word-free chunk 3 is %v, want %v", tt.full, tt.lexical, order, under, tt.under)
		}
	}
}
