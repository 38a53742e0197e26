package search

import (
	"math"
	"math/rand/v2"
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

func TestFuseWeighted(t *testing.T) {
	cands := []Candidate{
		{ChunkID: 1, Cosine: ptr(0.8), VectorRank: 1},                                // vector only
		{ChunkID: 2, BM25: ptr(-2), KeywordRank: 2, Cosine: ptr(0.5), VectorRank: 2}, // both
		{ChunkID: 3, BM25: ptr(-6), KeywordRank: 1},                                  // strong keyword only
		{ChunkID: 4, BM25: ptr(-1), KeywordRank: 3},                                  // weak keyword only
		{ChunkID: 5, Cosine: ptr(-0.3), VectorRank: 3},                               // negative cosine
	}
	got := Fuse(cands, FusionOptions{Method: Weighted})
	want := []struct {
		id    int64
		score float64
	}{
		{1, 0.56},    // 0.7*0.8
		{2, 0.5},     // 0.7*0.5 + 0.3*0.5
		{3, 0.45},    // max(0.3*0.75, 0.6*0.75)
		{4, 0.6 / 3}, // max(0.3/3, 0.6/3)
		{5, 0},       // clamped cosine
	}
	if len(got) != len(want) {
		t.Fatalf("Fuse returned %d results, want %d", len(got), len(want))
	}
	for i, w := range want {
		r := got[i]
		if r.ChunkID != w.id || !near(r.Score, w.score) {
			t.Errorf("Fuse()[%d] = chunk %d score %v, want chunk %d score %v", i, r.ChunkID, r.Score, w.id, w.score)
		}
		if r.Explain.Fused != r.Score || r.Explain.Fusion != "weighted" {
			t.Errorf("chunk %d Explain = %+v, want Fused %v Fusion weighted", r.ChunkID, r.Explain, r.Score)
		}
		if r.TextScore == nil || r.VectorScore == nil {
			t.Errorf("chunk %d: TextScore %v VectorScore %v, want both set in hybrid fusion", r.ChunkID, r.TextScore, r.VectorScore)
		}
	}
	if got[2].Score < 0.35 {
		t.Errorf("strong keyword-only match scored %v, below the default threshold 0.35", got[2].Score)
	}
	// Explain of the keyword-only chunk.
	e := got[2].Explain
	if e.BM25 == nil || *e.BM25 != -6 || e.TextScore == nil || !near(*e.TextScore, 0.75) || e.Cosine != nil {
		t.Errorf("chunk 3 Explain = BM25 %v TextScore %v Cosine %v, want -6, 0.75, nil", e.BM25, e.TextScore, e.Cosine)
	}
	if *got[2].VectorScore != 0 || !near(*got[2].TextScore, 0.75) {
		t.Errorf("chunk 3 VectorScore %v TextScore %v, want 0 and 0.75", *got[2].VectorScore, *got[2].TextScore)
	}
	if e := got[4].Explain; e.Cosine == nil || *e.Cosine != -0.3 || e.BM25 != nil {
		t.Errorf("chunk 5 Explain Cosine %v BM25 %v, want raw -0.3 and nil", e.Cosine, e.BM25)
	}
}

func TestFuseOptions(t *testing.T) {
	c := []Candidate{
		{ChunkID: 1, BM25: ptr(-6), Cosine: ptr(0.2)},
		{ChunkID: 2, BM25: ptr(-6)},
	}
	tests := []struct {
		name string
		opts FusionOptions
		want []float64 // scores of chunks 1, 2
	}{
		{"defaults", FusionOptions{Method: Weighted}, []float64{0.6 * 0.75, 0.6 * 0.75}},
		{"floor disabled", FusionOptions{Method: Weighted, KeywordFloor: new(0.0)}, []float64{0.7*0.2 + 0.3*0.75, 0.3 * 0.75}},
		{"floor clamped to 1", FusionOptions{Method: Weighted, KeywordFloor: new(3.0)}, []float64{0.75, 0.75}},
		{"weights normalised", FusionOptions{Method: Weighted, VectorWeight: 1, TextWeight: 1, KeywordFloor: new(0.0)}, []float64{0.5*0.2 + 0.5*0.75, 0.5 * 0.75}},
		{"text only weight", FusionOptions{Method: Weighted, TextWeight: 2}, []float64{0.75, 0.75}},
		{"negative weights are zero", FusionOptions{Method: Weighted, VectorWeight: -1, TextWeight: -1, KeywordFloor: new(0.0)}, []float64{0.7*0.2 + 0.3*0.75, 0.3 * 0.75}},
		{"bm25 k", FusionOptions{Method: Weighted, BM25K: 6, KeywordFloor: new(0.0)}, []float64{0.7*0.2 + 0.3*0.5, 0.3 * 0.5}},
		{"keyword only", FusionOptions{Method: KeywordOnly}, []float64{0.75, 0.75}},
		{"vector only", FusionOptions{Method: VectorOnly}, []float64{0.2, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := map[int64]float64{}
			for _, r := range Fuse(c, tt.opts) {
				got[r.ChunkID] = r.Score
			}
			for i, w := range tt.want {
				if id := int64(i + 1); !near(got[id], w) {
					t.Errorf("Fuse(%+v): chunk %d score %v, want %v", tt.opts, id, got[id], w)
				}
			}
		})
	}
}

func TestFuseSingleBackend(t *testing.T) {
	kw := Fuse([]Candidate{{ChunkID: 7, BM25: ptr(-2), KeywordRank: 1}}, FusionOptions{Method: KeywordOnly})
	if r := kw[0]; r.VectorScore != nil || r.TextScore == nil || !near(r.Score, 0.5) || r.Explain.Fusion != "keyword" {
		t.Errorf("KeywordOnly: Score %v TextScore %v VectorScore %v Fusion %q, want 0.5, set, nil, keyword",
			r.Score, r.TextScore, r.VectorScore, r.Explain.Fusion)
	}
	vec := Fuse([]Candidate{{ChunkID: 7, Cosine: ptr(0.9), VectorRank: 1}}, FusionOptions{Method: VectorOnly})
	if r := vec[0]; r.TextScore != nil || r.VectorScore == nil || !near(r.Score, 0.9) || r.Explain.Fusion != "vector" {
		t.Errorf("VectorOnly: Score %v TextScore %v VectorScore %v Fusion %q, want 0.9, nil, set, vector",
			r.Score, r.TextScore, r.VectorScore, r.Explain.Fusion)
	}
}

func TestFuseRRF(t *testing.T) {
	cands := []Candidate{
		{ChunkID: 1, KeywordRank: 1, VectorRank: 1, BM25: ptr(-5), Cosine: ptr(0.9)},
		{ChunkID: 2, KeywordRank: 1},
		{ChunkID: 3, VectorRank: 2, KeywordRank: 3},
		{ChunkID: 4, VectorRank: 100},
		{ChunkID: 5},
	}
	got := Fuse(cands, FusionOptions{Method: RRF})
	k := DefaultRRFK
	want := map[int64]float64{
		1: 1,
		2: 0.5,
		3: (1/(k+2) + 1/(k+3)) / (2 / (k + 1)),
		4: (1 / (k + 100)) / (2 / (k + 1)),
		5: 0,
	}
	order := []int64{1, 3, 2, 4, 5}
	for i, r := range got {
		if r.ChunkID != order[i] {
			t.Errorf("Fuse(RRF)[%d] = chunk %d, want %d", i, r.ChunkID, order[i])
		}
		if !near(r.Score, want[r.ChunkID]) {
			t.Errorf("Fuse(RRF) chunk %d score %v, want %v", r.ChunkID, r.Score, want[r.ChunkID])
		}
		if r.Explain.Fusion != "rrf" {
			t.Errorf("chunk %d Fusion = %q, want rrf", r.ChunkID, r.Explain.Fusion)
		}
	}
	// Range over random ranks and a custom k.
	rng := rand.New(rand.NewPCG(1, 2))
	var many []Candidate
	for i := range 500 {
		many = append(many, Candidate{ChunkID: int64(i), KeywordRank: rng.IntN(50), VectorRank: rng.IntN(50)})
	}
	for _, rk := range []float64{0, 1, 10, 60} {
		for _, r := range Fuse(many, FusionOptions{Method: RRF, RRFK: rk}) {
			if r.Score < 0 || r.Score > 1 {
				t.Fatalf("Fuse(RRF, k=%v) chunk %d score %v outside [0,1]", rk, r.ChunkID, r.Score)
			}
		}
	}
}

func TestFuseOrderAndMerge(t *testing.T) {
	cands := []Candidate{
		{ChunkID: 9, Cosine: ptr(0.5)},
		{ChunkID: 3, Cosine: ptr(0.5)},
		{ChunkID: 5, BM25: ptr(-4)},
		{ChunkID: 5, Cosine: ptr(0.9)}, // same chunk from the vector side
	}
	got := Fuse(cands, FusionOptions{Method: Weighted})
	ids := []int64{}
	for _, r := range got {
		ids = append(ids, r.ChunkID)
	}
	if want := []int64{5, 3, 9}; len(ids) != 3 || ids[0] != want[0] || ids[1] != want[1] || ids[2] != want[2] {
		t.Fatalf("Fuse order = %v, want %v", ids, want)
	}
	if want := 0.7*0.9 + 0.3*(4.0/6); !near(got[0].Score, want) {
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
	for _, method := range []FusionMethod{Weighted, RRF} {
		b.Run(string(method), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(42, 0))
			cands := make([]Candidate, 1000)
			for i := range cands {
				c := Candidate{ChunkID: int64(rng.IntN(1 << 30))}
				if rng.IntN(2) == 0 {
					c.BM25, c.KeywordRank = ptr(-rng.Float64()*12), i+1
				}
				if rng.IntN(3) > 0 {
					c.Cosine, c.VectorRank = ptr(rng.Float64()), i+1
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

func TestFuseMaxMinAndTrust(t *testing.T) {
	k := func(x float64) *float64 { return &x }
	cands := []Candidate{
		{ChunkID: 1, BM25: ptr(-1), KeywordScore: k(0.8), KeywordRank: 1, Cosine: ptr(0.9), VectorScore: k(0.4), VectorRank: 2},
		{ChunkID: 2, BM25: ptr(-1), KeywordScore: k(0.5), KeywordRank: 2},
		{ChunkID: 3, Cosine: ptr(0.9), VectorScore: k(0.6), VectorRank: 1},
	}
	// Agreement: one of the two keyword results is among the two vector
	// results, out of min(2, 2): 0.5, so w = 0.3 * 0.5.
	w := TrustMaxWeight * 0.5
	tests := []struct {
		method FusionMethod
		want   map[int64]float64
	}{
		{MaxMin, map[int64]float64{1: 0.8 + 0.3*0.4, 2: 0.5, 3: 0.6}},
		{Trust, map[int64]float64{1: (1-w)*0.8 + w*0.4, 2: (1 - w) * 0.5, 3: w * 0.6}},
	}
	for _, tt := range tests {
		got := Fuse(cands, FusionOptions{Method: tt.method})
		for _, r := range got {
			if !near(r.Score, tt.want[r.ChunkID]) || r.Explain.Fusion != string(tt.method) {
				t.Errorf("Fuse(%s) chunk %d = %v (%s), want %v", tt.method, r.ChunkID, r.Score, r.Explain.Fusion, tt.want[r.ChunkID])
			}
		}
	}
	if got := agreement(cands[1:2], TrustDepth); got != 0 {
		t.Errorf("agreement(keyword only) = %v, want 0", got)
	}
}

// TestFuseBlend checks each branch of the Blend rule (the blend, the
// keyword floor, the vector floor) and that it is the default, and the
// two threshold guarantees its doc comment gives.
func TestFuseBlend(t *testing.T) {
	k := func(x float64) *float64 { return &x }
	cands := []Candidate{
		// Both sides, low cosine: the keyword floor 0.9*0.8 binds.
		{ChunkID: 1, BM25: ptr(-1), KeywordScore: k(0.8), KeywordRank: 1, Cosine: ptr(0.5), VectorScore: k(0.4), VectorRank: 3},
		// Keyword only: 0.9*0.5.
		{ChunkID: 2, BM25: ptr(-1), KeywordScore: k(0.5), KeywordRank: 3},
		// Vector only: the vector floor 0.5*0.6 binds.
		{ChunkID: 3, Cosine: ptr(0.9), VectorScore: k(0.6), VectorRank: 2},
		// Both sides, the cosine above the keyword score: the blend.
		{ChunkID: 4, BM25: ptr(-1), KeywordScore: k(0.6), KeywordRank: 2, Cosine: ptr(0.95), VectorScore: k(0.9), VectorRank: 1},
	}
	want := map[int64]float64{1: 0.72, 2: 0.45, 3: 0.3, 4: 0.75*0.6 + 0.25*0.9}
	order := []int64{1, 4, 2, 3}
	for _, opts := range []FusionOptions{{}, {Method: Blend}} {
		got := Fuse(cands, opts)
		for i, r := range got {
			if r.ChunkID != order[i] || !near(r.Score, want[r.ChunkID]) || r.Explain.Fusion != string(Blend) {
				t.Errorf("Fuse(%+v)[%d] = chunk %d %v (%s), want chunk %d %v (blend)", opts, i, r.ChunkID, r.Score, r.Explain.Fusion, order[i], want[order[i]])
			}
		}
	}
	for _, kw := range []float64{0, 0.5, 0.7, 1} {
		for _, v := range []float64{0, 0.3, 0.7, 1} {
			got := Fuse([]Candidate{{ChunkID: 1, KeywordScore: k(kw), VectorScore: k(v)}}, FusionOptions{})[0].Score
			if kw >= CoverageShare && got < 0.45-1e-12 {
				t.Errorf("Blend(k=%v, v=%v) = %v: a chunk holding every query word must score >= 0.45", kw, v, got)
			}
			if v >= 0.7 && got < 0.35-1e-12 {
				t.Errorf("Blend(k=%v, v=%v) = %v: a calibrated cosine >= 0.7 must pass the threshold 0.35", kw, v, got)
			}
			if got < kw*BlendKeywordFloor-1e-12 || got < v*BlendVectorFloor-1e-12 || got > max(kw, v)+1e-12 {
				t.Errorf("Blend(k=%v, v=%v) = %v, want within [floors, max(k, v)]", kw, v, got)
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
		{"keyword floor above 1", FusionOptions{KeywordFloor: new(1.5)}, "KeywordFloor must be in [0,1]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.opts.Validate()
			if (err == nil) != (tt.err == "") || (err != nil && !strings.Contains(err.Error(), tt.err)) {
				t.Errorf("Validate() = %v, want an error containing %q", err, tt.err)
			}
		})
	}
}

// TestFuseBlendLift checks the lift of [Blend]: a chunk holding no query
// word whose vector score beats a weak keyword match's ranks just above
// it, a strong keyword match (the whole query) is never outranked, and a
// cosine below BlendLiftMinVector lifts nothing.
func TestFuseBlendLift(t *testing.T) {
	k := func(x float64) *float64 { return &x }
	cands := []Candidate{
		// Weak keyword matches (common words), low cosines.
		{ChunkID: 1, BM25: ptr(-1), KeywordScore: k(0.4), VectorScore: k(0.1)},
		{ChunkID: 2, BM25: ptr(-1), KeywordScore: k(0.3), VectorScore: k(0.35)},
		// No query word, the nearest by far: lifted over chunk 1.
		{ChunkID: 3, VectorScore: k(0.6)},
		// No query word, beats chunk 2 but not by much.
		{ChunkID: 4, VectorScore: k(0.4)},
		// No query word, a lexical embedder's noise: stays at 0.5v.
		{ChunkID: 5, VectorScore: k(0.25)},
	}
	blended := func(kw, v float64) float64 { return max(0.75*kw+0.25*v, 0.9*kw, 0.5*v) }
	want := map[int64]float64{
		1: blended(0.4, 0.1),
		2: blended(0.3, 0.35),
		3: blended(0.4, 0.1) + BlendLiftStep*0.5,
		4: blended(0.4, 0.1) + BlendLiftStep*0.3,
		5: 0.125,
	}
	got := Fuse(cands, FusionOptions{})
	order := []int64{3, 4, 1, 2, 5}
	for i, r := range got {
		if r.ChunkID != order[i] || !near(r.Score, want[r.ChunkID]) {
			t.Errorf("Fuse[%d] = chunk %d %.4f, want chunk %d %.4f", i, r.ChunkID, r.Score, order[i], want[order[i]])
		}
	}

	// A match holding the whole query is not outranked, whatever the cosine.
	strong := []Candidate{
		{ChunkID: 1, BM25: ptr(-1), KeywordScore: k(0.55), VectorScore: k(0.1)},
		{ChunkID: 2, VectorScore: k(0.9)},
	}
	if got := Fuse(strong, FusionOptions{}); got[0].ChunkID != 1 || !near(got[1].Score, 0.45) {
		t.Errorf("Fuse(strong match, word-free 0.9) = %d %.3f, %d %.3f; want the match first, the other at 0.5v", got[0].ChunkID, got[0].Score, got[1].ChunkID, got[1].Score)
	}
	// A query of more than BlendLiftMaxTerms words lifts nothing.
	if got := Fuse(cands, FusionOptions{queryTerms: BlendLiftMaxTerms + 1}); got[0].ChunkID != 1 || !near(got[0].Score, want[1]) {
		t.Errorf("Fuse(long query)[0] = chunk %d %.3f, want chunk 1 %.3f (no lift)", got[0].ChunkID, got[0].Score, want[1])
	}
	// Other methods do not lift.
	if got := Fuse(cands, FusionOptions{Method: Trust}); got[0].ChunkID == 3 && got[0].Score > 0.4 {
		t.Errorf("Fuse(trust)[0] = chunk 3 %.3f: only blend lifts", got[0].Score)
	}
}
