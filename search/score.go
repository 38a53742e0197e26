package search

import "math"

// BM25K is the half-saturation constant of [NormalizeBM25]: a raw bm25()
// of -BM25K normalises to 0.5.
//
// FTS5's bm25() is the negated Okapi BM25 sum over the query terms
// (k1=1.2, b=0.75). A rare term matched once in an average-length chunk
// scores its IDF, ln((N-n+0.5)/(n+0.5)): about 4 in a 100-chunk index,
// 7 to 9 in 1,000 to 10,000 chunks, more in a short chunk. A term found in
// a tenth of the chunks scores about 2, and FTS5 floors the IDF of terms
// in half the chunks or more near zero. With K = 2 a strong rare-term
// match (x = 6) maps to 0.75, x = 4 to 0.67, x = 12 to 0.86, and a common
// term (x = 0.5 to 2) to 0.2 to 0.5.
const BM25K = 2.0

// DefaultPhraseWeight is the default weight of the phrase query
// ([PhraseQuery]) in a chunk's keyword score ([QueryOptions.PhraseWeight]):
// the raw value the keyword score is calibrated from is
//
//	bm25(keyword query) + PhraseWeight * bm25(phrase query)
//
// the second term being 0 for a chunk without a phrase match. A phrase of
// two rare words is rarer still, so its bm25() is large; at full weight it
// would swamp the single words (SciFact's long claims lost 3 points of
// nDCG@10), while 0.3 lifts chunks that keep the query's words together
// without reordering the rest: on the development sets it gained 1 to 2
// points of nDCG@10 on LongMemEval and 0.5 to 1 point of recall@5 on
// LoCoMo, and left SciFact unchanged (cmd/memweave-bench/RESULTS.md).
const DefaultPhraseWeight = 0.3

// NormalizeBM25 maps an FTS5 bm25() value (negative; lower is better) into
// [0,1], higher being better, as
//
//	x = -raw
//	s = x / (x + BM25K)    (0 when x <= 0)
//
// The mapping is fixed, not relative to the other results of a query, so
// the same raw value means the same score from one query to the next and a
// score threshold keeps its meaning. NaN maps to 0, -Inf to 1.
func NormalizeBM25(raw float64) float64 {
	x := -raw
	switch {
	case math.IsNaN(x) || x <= 0:
		return 0
	case math.IsInf(x, 1):
		return 1
	}
	return x / (x + BM25K)
}

// NormalizeCosine clamps a cosine similarity to [0,1]: opposite and
// unrelated vectors both score 0. NaN maps to 0.
func NormalizeCosine(sim float64) float64 {
	switch {
	case math.IsNaN(sim) || sim < 0:
		return 0
	case sim > 1:
		return 1
	}
	return sim
}
