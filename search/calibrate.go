package search

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/memweave/memweave-go/tokenize"
)

// Calibration constants; see [Hybrid.Retrieve] and [KeywordScore].
const (
	// CoverageShare scales the keyword score's floor, the IDF-weighted
	// fraction of the query's words a chunk holds: a chunk holding every
	// word of the query found in the index scores at least CoverageShare,
	// whatever the index size. See [TermWeights.KeywordScore].
	CoverageShare = 0.5
	// RelHalf is the bm25() relative to an ideal chunk's at which a
	// keyword score is 0.5 (see [TermWeights.KeywordScore]).
	RelHalf = 0.5
	// CosineSample is how many chunks, spread over the index, a hybrid or
	// vector search compares the query vector with to learn the cosine of
	// an unrelated chunk (see [CalibrateCosine]).
	CosineSample = 64
	// AccentCost is the share of its keyword score a chunk loses when
	// every query word it holds matches only once accents are removed
	// ("cafe" against "café"), in proportion to those words' weight in
	// the coverage: small enough to keep its rank among other chunks, and
	// large enough that a chunk holding the words as written ranks first.
	AccentCost = 0.1
	// baselineQuantile is the quantile of the sampled cosines taken as the
	// unrelated baseline: low enough that the few related chunks of a tiny
	// index do not raise it.
	baselineQuantile = 0.25
)

// TermWeights is what the index says about the words of one query: each
// word's weight in the keyword score, from the number of chunks holding
// it.
type TermWeights struct {
	// Terms are the query's words, as [QueryTerms] returns them.
	Terms []string
	// Cov is each term's weight in the coverage, ln(1 + (N-n+0.5)/(n+0.5))
	// for a term in n of N chunks (always positive). A term found in no
	// chunk weighs the most: a query whose distinctive words the index
	// lacks does not fully match a chunk holding only its common ones.
	Cov []float64
	// Ideal is the bm25() magnitude of an ideal chunk: one holding each
	// term once, at the average length, that is the sum of FTS5's own
	// inverse document frequencies (floored at 1e-6 as FTS5 does).
	Ideal float64
}

// NewTermWeights computes the weights of terms in an index of n chunks
// where term i is found in counts[i] chunks.
func NewTermWeights(terms []string, counts []int, n int) TermWeights {
	w := TermWeights{Terms: terms, Cov: make([]float64, len(terms))}
	N := float64(max(n, 1))
	for i, c := range counts {
		if i >= len(terms) || !searchable(terms[i]) {
			continue
		}
		df := float64(max(c, 0))
		w.Cov[i] = math.Log(1 + (N-df+0.5)/(df+0.5))
		w.Ideal += max(math.Log((N-df+0.5)/(df+0.5)), 1e-6)
	}
	return w
}

// KeywordScore is the calibrated keyword score, in [0,1], of a chunk with
// text and raw bm25() value raw (negative, lower is better):
//
//	rel = -raw / Ideal
//	cov = sum of Cov over the terms text holds / sum of Cov
//	score = max(rel / (rel + RelHalf), CoverageShare*cov)
//
// Both parts measure the chunk against what the query could at best reach
// in this index, so the score means the same in a 2-note workspace and a
// 100,000-chunk one. The first orders chunks exactly as BM25 does within
// a query (an ideal chunk, rel = 1, scores 0.67); the second is a floor:
// a chunk holding every word of the query scores at least CoverageShare
// (0.5), above the default threshold, however long it is, and so does
// one holding a rare identifier of a longer query, whose weight
// dominates the coverage. Terms are matched in text as [Coverage] matches
// them, accents removed as the keyword index removes them; the score is
// then lowered by [AccentCost] times the coverage share of the terms text
// holds only once accents are removed, so that a chunk holding "café" as
// the query writes it ranks above one holding "cafe". Without terms it
// falls back to [NormalizeBM25].
func (w TermWeights) KeywordScore(text string, raw float64) float64 {
	score := w.keywordScore(text, raw)
	if score == 0 || !w.accented(text) {
		return score
	}
	total, off := 0.0, 0.0
	held, exact := w.held(text, false), w.held(text, true)
	for i, c := range w.Cov {
		total += c
		if held[i] && !exact[i] {
			off += c
		}
	}
	if total == 0 {
		return score
	}
	return score * (1 - AccentCost*off/total)
}

// accented reports whether the query's terms or text hold a letter that
// [tokenize.Fold] may change, without which matching with or without
// accents agree.
func (w TermWeights) accented(text string) bool {
	for _, t := range w.Terms {
		if tokenize.Fold(t) != t {
			return true
		}
	}
	return tokenize.Fold(text) != text
}

// keywordScore is KeywordScore before the accent cost.
func (w TermWeights) keywordScore(text string, raw float64) float64 {
	total := 0.0
	for _, c := range w.Cov {
		total += c
	}
	if total == 0 || !(w.Ideal > 0) {
		return NormalizeBM25(raw)
	}
	rel := 0.0
	if x := -raw; x > 0 {
		rel = x / w.Ideal
	}
	if math.IsInf(rel, 1) {
		return 1
	}
	score := rel / (rel + RelHalf)
	if score >= CoverageShare {
		return min(score, 1) // the coverage floor cannot exceed it
	}
	held := w.held(text, false)
	cov := 0.0
	for i, c := range w.Cov {
		if held[i] {
			cov += c
		}
	}
	return min(max(score, CoverageShare*cov/total, 0), 1)
}

// held reports for each term whether text holds it, matching as
// [Coverage] does, or with accents as written when exact.
func (w TermWeights) held(text string, exact bool) []bool {
	m := newMatcher(nil)
	m.exact = exact
	owner := make([][]int, 0, len(w.Terms)) // key index -> term indexes
	for i, t := range w.Terms {
		for _, b := range tokenize.Bigrams(t) {
			ki, ok := m.add(b)
			if !ok {
				continue
			}
			if ki == len(owner) {
				owner = append(owner, nil)
			}
			owner[ki] = append(owner[ki], i)
		}
	}
	m.seen = make([]bool, len(m.keys))
	m.hits(text)
	out := make([]bool, len(w.Terms))
	for ki, seen := range m.seen {
		if seen {
			for _, i := range owner[ki] {
				out[i] = true
			}
		}
	}
	return out
}

// CalibrateCosine maps a cosine similarity into [0,1] against baseline,
// the cosine an unrelated chunk has with the query under the same
// embedder: (cos - baseline) / (1 - baseline), clamped. Embedders differ
// widely in where unrelated text lands (near 0 for the hash embedder,
// 0.1 to 0.3 for sentence encoders), and a fixed threshold only means the
// same for all of them measured from there. A baseline outside [0,1) is
// taken as 0. NaN maps to 0.
func CalibrateCosine(cos, baseline float64) float64 {
	if !(baseline >= 0 && baseline < 1) {
		baseline = 0
	}
	return NormalizeCosine((cos - baseline) / (1 - baseline))
}

// CosineBaseline returns the unrelated baseline of a query from its
// cosines with a sample of the index's chunks: their lower quartile, or 0
// for an empty sample. The lower quartile, not the mean, so that in a
// tiny index, where the sample is the whole index, the one related chunk
// does not raise it.
func CosineBaseline(sample []float64) float64 {
	if len(sample) == 0 {
		return 0
	}
	s := slices.Clone(sample)
	slices.Sort(s)
	return max(s[int(baselineQuantile*float64(len(s)-1))], 0)
}

// calibrate sets the calibrated KeywordScore and VectorScore of every
// candidate: the keyword side from the document frequencies of the
// query's terms (see [TermWeights.KeywordScore]), the vector side from
// the query's cosines with a sample of the index (see [CosineBaseline]).
func (h *Hybrid) calibrate(c *calibration, cands []Candidate, chunks map[int64]Chunk) {
	for i := range cands {
		cd := &cands[i]
		if cd.BM25 != nil && c.kw {
			text := ""
			if ch, ok := chunks[cd.ChunkID]; ok {
				text = ch.Text
			}
			k := c.weights.KeywordScore(text, *cd.BM25)
			cd.KeywordScore = &k
		}
		if cd.Cosine != nil && c.vec {
			v := CalibrateCosine(*cd.Cosine, c.baseline)
			cd.VectorScore = &v
		}
	}
}

// calibration is what [Hybrid.calibrate] reads: the term weights of the
// query and the cosine baseline, each with whether it was computed.
type calibration struct {
	kw, vec  bool
	weights  TermWeights
	baseline float64
}

// termMatches returns the FTS5 MATCH expression of each term: the term
// quoted, a single character of a spaceless script as a prefix, as
// [KeywordQuery] searches it.
func termMatches(terms []string) []string {
	out := make([]string, len(terms))
	for i, t := range terms {
		out[i] = quote(t)
		if tokenize.IsSpacelessToken(t) && len(tokenize.Words(t)) == 1 {
			out[i] += " *"
		}
		if !searchable(strings.Trim(out[i], `" *`)) {
			out[i] = ""
		}
	}
	return out
}

// errCalibrate wraps a failure to read calibration statistics.
func errCalibrate(err error) error { return fmt.Errorf("search: calibrate: %w", err) }
