package search

import (
	"fmt"
	"math"
	"testing"

	"github.com/memweave/memweave-go/store"
)

// fts5BM25 is FTS5's bm25() (negated, as FTS5 returns it) of a chunk
// holding each of the given terms once, for terms found in df[i] of n
// chunks, the chunk being lenRatio times the average length.
func fts5BM25(df []int, n int, lenRatio float64) float64 {
	const k1, b = 1.2, 0.75
	s := 0.0
	for _, d := range df {
		idf := math.Log((float64(n) - float64(d) + 0.5) / (float64(d) + 0.5))
		if idf <= 0 {
			idf = 1e-6
		}
		s += idf * (k1 + 1) / (1 + k1*(1-b+b*lenRatio))
	}
	return -s
}

// TestKeywordScoreAtEverySize checks the calibration's promise at index
// sizes from 2 to 100,000 chunks: a chunk holding every word of the query
// scores at least CoverageShare, above the default threshold 0.35, even
// when it is 8 times the average length; one holding only a rare
// identifier of a three-word query also passes from 1,000 chunks on, and
// scores below the threshold when it holds only the two common words
// (each in a quarter of the chunks).
func TestKeywordScoreAtEverySize(t *testing.T) {
	for _, n := range []int{2, 10, 48, 1000, 100000} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			for _, df := range []int{1, max(n/2, 1), n} {
				w := NewTermWeights([]string{"stripe"}, []int{df}, n)
				got := w.KeywordScore("billed through Stripe", fts5BM25([]int{df}, n, 8))
				if got < CoverageShare || got < 0.35 {
					t.Errorf("KeywordScore(one word in %d of %d chunks, 8x long) = %v, want >= %v", df, n, got, CoverageShare)
				}
			}
			if n < 1000 {
				return
			}
			common := n / 4
			w := NewTermWeights([]string{"status", "ticket", "pxk42qz"}, []int{common, common, 1}, n)
			rare := w.KeywordScore("see PXK42QZ", fts5BM25([]int{1}, n, 1))
			if rare < 0.35 {
				t.Errorf("KeywordScore(only the rare identifier of 3 terms) = %v, want >= 0.35", rare)
			}
			commons := w.KeywordScore("the ticket status", fts5BM25([]int{common, common}, n, 1))
			if commons >= rare || commons >= 0.35 {
				t.Errorf("KeywordScore(only the 2 common terms) = %v, want below %v and 0.35", commons, rare)
			}
		})
	}
}

func TestKeywordScoreFallback(t *testing.T) {
	w := NewTermWeights(nil, nil, 100)
	if got, want := w.KeywordScore("text", -2), NormalizeBM25(-2); got != want {
		t.Errorf("KeywordScore(no terms) = %v, want NormalizeBM25 %v", got, want)
	}
	// A compound whose distinctive parts no chunk holds: a chunk holding
	// only its common part scores far below the threshold.
	n := 30
	w = NewTermWeights([]string{"zebra", "comet", "2026"}, []int{0, 0, 12}, n)
	if got := w.KeywordScore("# 2026-06-02", fts5BM25([]int{12}, n, 1)); got >= 0.35 {
		t.Errorf("KeywordScore(only the common part of a missing compound) = %v, want < 0.35", got)
	}
}

// normalSample returns n cosines spread as a normal distribution of mean
// mu and standard deviation sd would put them (its quantiles), in a
// shuffled order.
func normalSample(n int, mu, sd float64) []float64 {
	out := make([]float64, n)
	for i := range out {
		p := (float64(i) + 0.5) / float64(n)
		out[(i*37)%n] = mu + sd*math.Sqrt2*math.Erfinv(2*p-1)
	}
	return out
}

// TestBackground checks the vector calibration on the families it must
// tell apart: a sentence encoder's paraphrase well above its background
// scores near 1, the hash embedder's word-free near miss (a low level, far
// above a tight background) and a cosine at the background do not, and
// the same paraphrase measured against two embedders' scales scores the
// same.
func TestBackground(t *testing.T) {
	encoder := NewBackground(normalSample(CosineSample, 0.1, 0.05), 1000)
	hash := NewBackground(normalSample(CosineSample, 0.02, 0.04), 1000)
	shifted := NewBackground(normalSample(CosineSample, 0.5, 0.05), 1000) // unrelated texts at 0.5
	tests := []struct {
		name     string
		b        Background
		cos      float64
		min, max float64
	}{
		{"encoder paraphrase 0.4", encoder, 0.4, 0.8, 1},
		{"encoder paraphrase 0.55", encoder, 0.55, 1, 1},
		{"encoder at the background", encoder, 0.1, 0, 0},
		{"encoder below the background", encoder, -0.2, 0, 0},
		{"encoder near miss 0.2", encoder, 0.2, 0, 0.4},
		{"hash word-free near miss 0.2", hash, 0.2, 0, 0.6},
		{"hash shared words 0.6", hash, 0.6, 1, 1},
		{"shifted scale paraphrase 0.72", shifted, 0.72, 0.8, 1},
		{"shifted scale at the background", shifted, 0.5, 0, 0},
		{"no background", Background{}, (VectorNone + VectorFull) / 2, 0.5, 0.5},
		{"NaN", encoder, math.NaN(), 0, 0},
	}
	for _, tt := range tests {
		if got := tt.b.VectorScore(tt.cos); got < tt.min-1e-9 || got > tt.max+1e-9 {
			t.Errorf("%s: VectorScore(%v) = %v, want in [%v, %v] (background %+v)", tt.name, tt.cos, got, tt.min, tt.max, tt.b)
		}
	}
	// A paraphrase clearly above the background passes the default
	// threshold alone; the hash embedder's near miss does not.
	if s := Fuse([]Candidate{{ChunkID: 1, VectorScore: new(encoder.VectorScore(0.4))}}, FusionOptions{})[0].Score; s < 0.35 {
		t.Errorf("encoder paraphrase at cosine 0.4, background 0.1: fused %v, want >= 0.35", s)
	}
	if s := Fuse([]Candidate{{ChunkID: 1, VectorScore: new(hash.VectorScore(0.2))}}, FusionOptions{})[0].Score; s >= 0.35 {
		t.Errorf("hash near miss at cosine 0.2: fused %v, want < 0.35", s)
	}
	// Monotone in the cosine.
	prev := -1.0
	for c := -1.0; c <= 1; c += 0.01 {
		got := encoder.VectorScore(c)
		if got < prev-1e-12 {
			t.Fatalf("VectorScore(%v) = %v, below VectorScore(%v) = %v", c, got, c-0.01, prev)
		}
		prev = got
	}
}

// TestNewBackground checks the statistics of small and odd samples: a
// tiny index's sample holds its related chunks, which the medians
// ignore, and the spread has a floor.
func TestNewBackground(t *testing.T) {
	if b := NewBackground(nil, 100); b != (Background{}) {
		t.Errorf("NewBackground(nil) = %+v, want the zero Background", b)
	}
	b := NewBackground([]float64{0.1, 0.12, 0.08, 0.11, 0.9, 0.09, 0.1}, 7)
	if !near(b.Center, 0.1) || b.Spread < MinSpread || b.Spread > 0.03 {
		t.Errorf("NewBackground(one related chunk of 7) = %+v, want center 0.1 and a spread the related chunk does not widen", b)
	}
	if b.VectorScore(0.9) < 0.99 {
		t.Errorf("VectorScore(related chunk 0.9) = %v in a 7-chunk index, want 1", b.VectorScore(0.9))
	}
	same := NewBackground([]float64{0.3, 0.3, 0.3}, 3)
	if same.Spread != MinSpread {
		t.Errorf("NewBackground(equal cosines).Spread = %v, want MinSpread %v", same.Spread, MinSpread)
	}
	if b := NewBackground([]float64{-0.4, -0.3, math.NaN()}, 3); b.Base != 0 {
		t.Errorf("NewBackground(negative cosines).Base = %v, want 0", b.Base)
	}
}

// TestKeywordScoreAccents checks that a chunk holding a query word only
// with other accents keeps its coverage (the keyword index folds accents)
// but scores below one holding it as the query writes it, by AccentCost
// at most, and that the CJK pairs of a two-character query count as held.
func TestKeywordScoreAccents(t *testing.T) {
	raw := fts5BM25([]int{2}, 100, 1)
	for _, q := range []string{"café", "cafe"} {
		w := NewTermWeights(QueryTerms(q), []int{2}, 100)
		exact, other := w.KeywordScore("we met at the "+q, raw), w.KeywordScore("we met at the "+map[string]string{"café": "cafe", "cafe": "café"}[q], raw)
		if !(other < exact) || other < exact*(1-AccentCost)-1e-12 {
			t.Errorf("KeywordScore(%q): as written %v, other accents %v; want lower by at most %v", q, exact, other, AccentCost)
		}
		// A long chunk relies on the coverage floor, which folds accents.
		if got := w.KeywordScore("zürich", fts5BM25([]int{2}, 100, 40)); got >= CoverageShare*(1-AccentCost) {
			t.Errorf("KeywordScore(%q) of a chunk without the word = %v, want below the floor", q, got)
		}
	}
	w := NewTermWeights(QueryTerms("缓存"), []int{3}, 100)
	if got := w.KeywordScore("为了降低延迟，团队决定在订单服务前面加一层缓存，过期时间设为五分钟。", fts5BM25([]int{3}, 100, 40)); got < CoverageShare {
		t.Errorf("KeywordScore(缓存) of a long chunk holding it = %v, want >= %v (coverage floor)", got, CoverageShare)
	}
}

// TestCoversScoreAsText checks that the keyword score of a chunk whose
// cover [Hybrid.run] found beside the vector search is the score found
// from its text: for a partial match, a whole one, one holding an
// accented word as written or without its accent, and one whose only
// accent is in its own text.
func TestCoversScoreAsText(t *testing.T) {
	texts := map[int64]string{
		1: "The café on the corner opens at eight.",
		2: "The cafe on the corner opens at eight.",
		3: "Opening hours are posted by the door.",
		4: "Corner café hours: eight to six, closed Mondays.",
		5: "Naïve estimates of the opening time were wrong.",
		6: "Nothing here.",
	}
	chunks := map[int64]store.Chunk{}
	for id, text := range texts {
		chunks[id] = store.Chunk{ID: id, Text: text}
	}
	for _, query := range []string{"When does the café open?", "corner cafe hours", "opening time"} {
		terms := QueryTerms(query)
		counts := make([]int, len(terms))
		for i := range counts {
			counts[i] = i + 1
		}
		w := NewTermWeights(terms, counts, 20)
		for _, raw := range []float64{-0.1, -1, -4} {
			var hits []store.KeywordHit
			for id := range texts {
				hits = append(hits, store.KeywordHit{ID: id, BM25: raw})
			}
			cv := w.covers(hits, chunks)
			if _, _, done := w.bm25Score(raw); !done && len(cv) != len(texts) || done && len(cv) != 0 {
				t.Errorf("%q, bm25 %g: %d covers of %d chunks, want them all when the coverage can change the score, else none", query, raw, len(cv), len(texts))
			}
			for id, text := range texts {
				want, wantWhole := w.score(text, raw)
				var got float64
				var gotWhole bool
				if c, ok := cv[id]; ok {
					got, gotWhole = w.scoreCover(text, raw, &c)
				} else {
					got, gotWhole = w.scoreCover(text, raw, nil)
				}
				if got != want || gotWhole != wantWhole {
					t.Errorf("%q, chunk %d, bm25 %g: score from its cover = %v, %v; from its text %v, %v", query, id, raw, got, gotWhole, want, wantWhole)
				}
			}
		}
	}
}

// TestRunsHeldBy: under a lexical embedder a chunk holding none of the
// query's words counts its cosine only when it shares a run of [runLen]
// letters of a query word (a shorter word whole, a pair of a spaceless
// script), folded and lower-cased; a text sharing only shorter runs by
// chance, or none, does not.
func TestRunsHeldBy(t *testing.T) {
	for _, tc := range []struct {
		terms []string
		text  string
		want  bool
	}{
		{[]string{"configuration"}, "The proxy Config lives in /etc/proxy/config.yaml", true},
		{[]string{"seedling"}, "tomato seedlings go out after the last frost", true},
		{[]string{"giraffe"}, "drafo mivel gota gomupe", false}, // shares "raf" only
		{[]string{"kubernetes"}, "naquivel velkacon tori", false},
		{[]string{"api"}, "rotate the API tokens", true},
		{[]string{"café"}, "the CAFE on the corner", true},
		{[]string{"数据库"}, "备份数据每天一次", true},
		{[]string{"数据库"}, "备份文件每天一次", false},
		{nil, "anything at all", false},
	} {
		if got := newRuns(tc.terms).heldBy(tc.text); got != tc.want {
			t.Errorf("newRuns(%q).heldBy(%q) = %v, want %v", tc.terms, tc.text, got, tc.want)
		}
	}
}

// TestKeywordScoreHalfQueryAtEverySize checks that a chunk holding one
// word of a two-word query, the other in no chunk ("dentist appointment"
// against "Dentist on Tuesday at 9"), scores alike from a 1-note
// workspace to a 100,000-chunk one, high enough that hybrid search
// (0.9 of it) passes the default threshold 0.35. FTS5's IDF is zero for a
// word in half the chunks or more, so in a workspace of 1 to 3 notes its
// bm25() alone said nothing.
func TestKeywordScoreHalfQueryAtEverySize(t *testing.T) {
	terms := []string{"dentist", "appointment"}
	ref := NewTermWeights(terms, []int{1, 0}, 1000).KeywordScore("Dentist on Tuesday at 9", fts5BM25([]int{1}, 1000, 1))
	for _, n := range []int{1, 2, 3, 5, 10, 48, 1000, 100000} {
		w := NewTermWeights(terms, []int{1, 0}, n)
		got := w.KeywordScore("Dentist on Tuesday at 9", fts5BM25([]int{1}, n, 1))
		if got < 0.39 || math.Abs(got-ref) > 0.1 {
			t.Errorf("KeywordScore(1 of 2 words, in 1 of %d chunks) = %.4g, want >= 0.39 and within 0.1 of 1,000 chunks' %.4g", n, got, ref)
		}
	}
}

// TestDecoy checks the decoy level: the mean of the query's DecoyCount
// highest cosines with the background questions' vectors, at any length,
// skipping vectors of another length or of no direction.
func TestDecoy(t *testing.T) {
	q := []float32{2, 0}
	var probes [][]float32
	for i := range 10 {
		// cosines 0.9, 0.8, ..., 0: the top six average 0.65.
		c := 0.9 - 0.1*float64(i)
		probes = append(probes, []float32{float32(3 * c), float32(3 * math.Sqrt(1-c*c))})
	}
	probes = append(probes, []float32{1, 0, 0}, []float32{0, 0}, nil)
	if got := Decoy(q, probes, nil); math.Abs(got-0.65) > 1e-6 {
		t.Errorf("Decoy = %v, want 0.65 (the mean of the six nearest)", got)
	}
	if got := Decoy(q, probes[:2], nil); math.Abs(got-0.85) > 1e-6 {
		t.Errorf("Decoy of two probes = %v, want 0.85 (the mean of both)", got)
	}
	for _, c := range []struct {
		name   string
		q      []float32
		probes [][]float32
	}{
		{"a zero query", []float32{0, 0}, probes},
		{"no probe", q, nil},
		{"probes of another length", q, [][]float32{{1, 0, 0}}},
	} {
		if got := Decoy(c.q, c.probes, nil); got != 0 {
			t.Errorf("Decoy with %s = %v, want 0 (no level)", c.name, got)
		}
	}
}
