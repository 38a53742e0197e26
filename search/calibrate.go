package search

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/memweave/memweave-go/store"
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
	// vector search compares the query vector with to learn its
	// [Background].
	CosineSample = 64
	// VectorNone and VectorFull are the levels, (cos - Base) / (1 - Base),
	// up to which a cosine is no vector evidence and from which it is full
	// evidence (see [Background.VectorScore]): a lexical embedder's
	// chunks sharing a few letters with the query stay under the first, a
	// sentence encoder's clear paraphrases reach the second.
	VectorNone = 0.2
	VectorFull = 0.37
	// MinStandout is the least number of spreads above the background's
	// center at which a cosine counts as standing out (see
	// [Background.Standout]): an index's background is measured with
	// questions it does not answer, and the nearest note to such a
	// question in a small index stands out about this far.
	MinStandout = 4.0
	// MinSpread is the least spread of a [Background]: cosines closer than
	// it are within the rounding of the index's int8 codes.
	MinSpread = 0.02
	// AccentCost is the share of its keyword score a chunk loses when
	// every query word it holds matches only once accents are removed
	// ("cafe" against "café"), in proportion to those words' weight in
	// the coverage: small enough to keep its rank among other chunks, and
	// large enough that a chunk holding the words as written ranks first.
	AccentCost = 0.1
	// MinIDFChunks is the fewest chunks whose document frequencies the
	// keyword score trusts as they are: in a smaller index a word held by
	// one note of two is as rare as a word can be there, yet FTS5's IDF is
	// zero for a word in half the chunks or more, and a word in no chunk
	// weighs several times one in a single chunk. There the weights are
	// taken as if the index had MinIDFChunks chunks (see [NewTermWeights]).
	MinIDFChunks = 10
	// DecoyCount is how many of the background questions nearest a query
	// set its decoy level (see [Decoy]): the mean of the nearest eighth of
	// them.
	DecoyCount = 6
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
	// idf is each term's FTS5 inverse document frequency (floored at
	// 1e-6), set for an index of fewer than [MinIDFChunks] chunks only,
	// whose keyword score reads a chunk's bm25() against the terms it
	// holds (see [TermWeights.smallRel]).
	idf []float64
	// absent reports, for each term, that no chunk holds it.
	absent []bool
	// alts are, for each term, other words a chunk holding counts as
	// holding it: the words the search respelled it as (nil: none).
	alts [][]string
}

// NewTermWeights computes the weights of terms in an index of n chunks
// where term i is found in counts[i] chunks.
//
// In an index of fewer than [MinIDFChunks] chunks the coverage weights
// are those of an index of MinIDFChunks chunks, and the keyword score
// reads a chunk's bm25() against what the terms it holds could reach
// (see [TermWeights.smallRel]): a word held by one of two notes then
// weighs as a rare word, and a chunk holding one word of a two-word query
// scores in a 2-note workspace as in a 1,000-chunk one.
func NewTermWeights(terms []string, counts []int, n int) TermWeights {
	w := TermWeights{Terms: terms, Cov: make([]float64, len(terms)), absent: make([]bool, len(terms))}
	N := float64(max(n, 1))
	covN := max(N, MinIDFChunks)
	if n < MinIDFChunks {
		w.idf = make([]float64, len(terms))
	}
	for i, c := range counts {
		if i >= len(terms) || !searchable(terms[i]) {
			continue
		}
		w.absent[i] = c <= 0
		df := float64(max(c, 0))
		w.Cov[i] = math.Log(1 + (covN-df+0.5)/(df+0.5))
		idf := max(math.Log((N-df+0.5)/(df+0.5)), 1e-6)
		w.Ideal += idf
		if w.idf != nil {
			w.idf[i] = idf
		}
	}
	return w
}

// smallRel is, in an index of fewer than [MinIDFChunks] chunks, the
// chunk's bm25() relative to an ideal chunk's: its bm25() over that of an
// ideal chunk holding the terms it holds (how strongly it holds them,
// which FTS5's IDF, near zero for a word in half of a tiny index's
// chunks, cancels out of), times the coverage share of those terms. It
// returns false in a larger index, or when the chunk holds no term.
func (w TermWeights) smallRel(raw float64, held []bool, cov, total float64) (float64, bool) {
	if w.idf == nil || !(total > 0) {
		return 0, false
	}
	ideal := 0.0
	for i, h := range held {
		if h && i < len(w.idf) {
			ideal += w.idf[i]
		}
	}
	if !(ideal > 0) || !(-raw > 0) {
		return 0, false
	}
	return -raw / ideal * cov / total, true
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
// dominates the coverage. Terms are matched in text as a coverer matches
// them, accents removed as the keyword index removes them; the score is
// then lowered by [AccentCost] times the coverage share of the terms text
// holds only once accents are removed, so that a chunk holding "café" as
// the query writes it ranks above one holding "cafe". Without terms it
// falls back to [NormalizeBM25].
func (w TermWeights) KeywordScore(text string, raw float64) float64 {
	score, _ := w.score(text, raw)
	return score
}

// score is [TermWeights.KeywordScore], and whether the chunk counts as
// holding the whole query: it holds every term (accents aside), or its
// score before the accent cost is at least [CoverageShare], as such a
// chunk's is. Without terms whole is the score being at least
// CoverageShare.
func (w TermWeights) score(text string, raw float64) (score float64, whole bool) {
	return w.scoreCover(text, raw, nil)
}

// scoreCover is [TermWeights.score] with what text holds already found
// (see [cover]); nil finds it here.
func (w TermWeights) scoreCover(text string, raw float64, cv *cover) (score float64, whole bool) {
	if cv != nil && len(cv.held) != len(w.Terms) {
		cv = nil // found for other terms
	}
	score, whole = w.keywordScore(text, raw, cv)
	// A chunk scoring as a whole-query match does before the accent cost
	// keeps that standing in fusion.
	whole = whole || score >= CoverageShare
	accented := cv != nil && cv.accented || cv == nil && w.accented(text)
	if score == 0 || !accented {
		return score, whole
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
		return score, whole
	}
	return score * (1 - AccentCost*off/total), whole
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

// keywordScore is KeywordScore before the accent cost, and whether text
// holds every term. Whole is only computed when the score is below
// [CoverageShare] (false above), where fusion needs it.
func (w TermWeights) keywordScore(text string, raw float64, cv *cover) (score float64, whole bool) {
	score, total, done := w.bm25Score(raw)
	if done {
		return score, false
	}
	var held []bool
	if cv != nil {
		held = cv.held
	} else {
		held = w.held(text, false)
	}
	cov, whole := 0.0, true
	for i, c := range w.Cov {
		switch {
		case held[i]:
			cov += c
		case c > 0:
			whole = false
		}
	}
	if rel, ok := w.smallRel(raw, held, cov, total); ok {
		score = max(score, rel/(rel+RelHalf))
	}
	return min(max(score, CoverageShare*cov/total, 0), 1), whole
}

// bm25Score is the part of keywordScore read from raw alone, the sum of
// the coverage weights, and whether the coverage cannot change the score
// (the score is then keywordScore's).
func (w TermWeights) bm25Score(raw float64) (score, total float64, done bool) {
	for _, c := range w.Cov {
		total += c
	}
	if total == 0 || !(w.Ideal > 0) {
		return NormalizeBM25(raw), total, true
	}
	rel := 0.0
	if x := -raw; x > 0 {
		rel = x / w.Ideal
	}
	if math.IsInf(rel, 1) {
		return 1, total, true
	}
	score = rel / (rel + RelHalf)
	if score >= CoverageShare && w.idf == nil {
		return min(score, 1), total, true // the coverage floor cannot exceed it
	}
	return score, total, false
}

// held reports for each term whether text holds it, matching as
// a [coverer] does, or with accents as written when exact.
func (w TermWeights) held(text string, exact bool) []bool {
	return newCoverer(w.Terms, w.alts, exact).held(text)
}

// cover is what a chunk's text says about the words of one query, for its
// keyword score: which terms it holds, matching as a [coverer] does, and
// whether it or the query holds a letter [tokenize.Fold] may change.
// [Hybrid.run] finds it for the keyword hits as soon as their text is
// read, beside the vector search, so that calibration does not tokenize
// every candidate's text after both backends are done.
type cover struct {
	held     []bool
	accented bool
}

// coverer matches one query's terms in chunk texts, its matcher built
// once for every text. It is not safe for concurrent use.
type coverer struct {
	m *matcher
	// owner maps a matching key's index to the indexes of the terms it
	// comes from.
	owner [][]int
	terms int
	// accented reports that a term holds a letter Fold may change.
	accented bool
}

// newCoverer returns the coverer of terms, each also held by a text
// holding one of its alts (nil: none); exact matches accents as written
// (see [matcher]).
func newCoverer(terms []string, alts [][]string, exact bool) *coverer {
	m := newMatcher(nil)
	m.exact = exact
	c := &coverer{m: m, owner: make([][]int, 0, len(terms)), terms: len(terms)}
	for i, t := range terms {
		c.accented = c.accented || tokenize.Fold(t) != t
		keys := tokenize.Bigrams(t)
		if i < len(alts) {
			keys = append(keys, alts[i]...)
		}
		for _, b := range keys {
			ki, ok := m.add(b)
			if !ok {
				continue
			}
			if ki == len(c.owner) {
				c.owner = append(c.owner, nil)
			}
			c.owner[ki] = append(c.owner[ki], i)
		}
	}
	m.seen = make([]bool, len(m.keys))
	return c
}

// held reports for each term whether text holds it.
func (c *coverer) held(text string) []bool {
	c.m.hits(text)
	out := make([]bool, c.terms)
	for ki, seen := range c.m.seen {
		if seen {
			for _, i := range c.owner[ki] {
				out[i] = true
			}
		}
	}
	return out
}

// covers returns the cover of the text of each keyword hit whose score its
// coverage may still change: one whose bm25() alone already scores
// [CoverageShare] keeps that score once the phrase query adds to it (see
// [Hybrid.addPhrase]), so its text is not read here. Chunks holds the
// hits' chunks.
func (w TermWeights) covers(hits []store.KeywordHit, chunks map[int64]store.Chunk) map[int64]cover {
	c := newCoverer(w.Terms, w.alts, false)
	out := make(map[int64]cover, len(hits))
	for _, hit := range hits {
		ch, ok := chunks[hit.ID]
		if _, _, done := w.bm25Score(hit.BM25); !ok || done {
			continue
		}
		out[hit.ID] = cover{held: c.held(ch.Text), accented: c.accented || tokenize.Fold(ch.Text) != ch.Text}
	}
	return out
}

// Background is how cosines with unrelated chunks fall under the index's
// embedder: learnt from the cosines of questions the index does not
// answer with a sample of it ([NewIndexBackground], what a search with
// an index background uses), or from one query's cosines with the sample
// ([NewBackground]). Embedders differ widely in where unrelated text
// lands (near 0 for the hash embedder, 0.1 to 0.3 for sentence encoders,
// higher still for some) and in how far a related text stands above it,
// so a cosine only means the same for all of them measured against a
// background.
type Background struct {
	// Base is the cosine of a typical unrelated chunk: the sample's lower
	// quartile, at least 0.
	Base float64
	// Center and Spread are the sample's median and robust standard
	// deviation (1.4826 times the median absolute deviation, at least
	// [MinSpread]): medians, so that the few related chunks a tiny index's
	// sample holds (there the sample is the whole index) do not move them.
	Center, Spread float64
	// Standout is how many spreads above Center the best of the index's
	// unrelated chunks is expected to land: sqrt(2 ln N) for N chunks,
	// the expected maximum of N normal draws (4.3 for 10,000), and at
	// least [MinStandout].
	Standout float64
	// Decoy is the query's decoy level, the cosine a chunk must pass to
	// count as vector evidence for it (see [Decoy]); 0 when unknown. It is
	// the query's, not the index's: [Hybrid.Background] sets it with
	// the rest.
	Decoy float64
}

// Decoy returns the decoy level of the query vector q: the mean of its
// [DecoyCount] highest cosines with probes, the vectors of the background
// questions ([ProbeQuestions]) under the same embedder. Those are general
// knowledge no memory is likely to answer; a query near several of them
// is itself such a question, and a sentence encoder places it near a
// note on a related topic (a question on calibrating a thermometer near
// a note on the fridge's temperature) as near as a paraphrase is to the
// note it asks about. A chunk counts as vector evidence for the query
// only when it is nearer the query than the query's nearest background
// questions are: under the decoy level a chunk holding none of the
// query's words ranks, but scores at most [LexicalAlone] per unit of
// vector score, under the default threshold, and a partial keyword match
// has no vector score (see [Confirm]). A question put to memory about
// the user's own things sits far from the background questions, and its
// answer above the level. Vectors of another length than q, or of no
// direction, are skipped; without one, Decoy is 0 (no level).
func Decoy(q []float32, probes [][]float32, dots Dots) float64 {
	unit := make([]float32, len(q))
	if !toUnit(unit, q) {
		return 0
	}
	if dots == nil {
		dots = goDots
	}
	ps := make([][]float32, 0, len(probes))
	for _, p := range probes {
		u := make([]float32, len(q))
		if len(p) == len(q) && toUnit(u, p) {
			ps = append(ps, u)
		}
	}
	if len(ps) == 0 {
		return 0
	}
	cos := make([]float64, len(ps))
	dots(unit, ps, cos)
	slices.SortFunc(cos, func(a, b float64) int { return cmp.Compare(b, a) })
	top := cos[:min(DecoyCount, len(cos))]
	sum := 0.0
	for _, c := range top {
		sum += c
	}
	return sum / float64(len(top))
}

// NewIndexBackground returns the background of an index of n chunks
// from the cosines of questions it does not answer, the probes' vectors,
// with a sample of its chunks' vectors (of unit length), pooled: the same
// for every query of the index, so that a vector score orders chunks
// across queries as the cosine does, while its scale still follows the
// embedder. A query far from every note (an off-topic question) is then
// measured against the background of every query, not against its own
// low one, under which its nearest note would look like a paraphrase.
// The statistics are medians and quartiles, so that the few probes an
// index happens to answer do not move them. A probe or chunk vector of
// another length than the first chunk's is skipped; no cosine gives the
// zero Background. dots runs the products (nil: a loop in Go).
func NewIndexBackground(probes, sample [][]float32, n int, dots Dots) Background {
	if len(sample) == 0 {
		return Background{}
	}
	dims := len(sample[0])
	other := func(c []float32) bool { return len(c) != dims }
	if slices.ContainsFunc(sample, other) {
		sample = slices.DeleteFunc(slices.Clone(sample), other)
	}
	if dots == nil {
		dots = goDots
	}
	pooled := make([]float64, len(probes)*len(sample))
	unit := make([]float32, dims)
	k := 0
	for _, p := range probes {
		// The probe at unit length, its norm taken in float64: the
		// server's scale may be past what a float32 square holds.
		if len(p) != dims || !toUnit(unit, p) {
			continue
		}
		dots(unit, sample, pooled[k:k+len(sample)])
		k += len(sample)
	}
	if k == 0 {
		return Background{}
	}
	b := NewBackground(pooled[:k], n)
	b.Standout = standout(n)
	return b
}

// toUnit sets dst to v at unit length and reports whether v has a
// direction: a length that is neither zero nor infinite.
func toUnit(dst, v []float32) bool {
	var s float64
	for _, f := range v {
		s += float64(f) * float64(f)
	}
	if !(s > 0) || math.IsInf(s, 0) {
		return false
	}
	inv := 1 / math.Sqrt(s)
	for i, f := range v {
		dst[i] = float32(float64(f) * inv)
	}
	return true
}

// Dots sets out[i] to the dot product of p with vs[i], for the vectors
// out has room for, each of len(p) values, summed as [NewIndexBackground]'s
// loop in Go sums them: in float32, eight interleaved partial sums over
// the multiples of eight, the rest added to the first, then the sums
// added left to right in pairs. A caller with vectorized code gives it
// to [NewIndexBackground], whose thousands of products then run there.
type Dots func(p []float32, vs [][]float32, out []float64)

// goDots is [Dots] in Go.
func goDots(p []float32, vs [][]float32, out []float64) {
	for i := range min(len(vs), len(out)) {
		out[i] = dot(p, vs[i])
	}
}

// dot returns the dot product of a and b, of the same length.
func dot(a, b []float32) float64 {
	b = b[:len(a)]
	var s0, s1, s2, s3, s4, s5, s6, s7 float32
	for len(a) >= 8 && len(b) >= 8 {
		a8, b8 := a[:8:8], b[:8:8]
		s0 += a8[0] * b8[0]
		s1 += a8[1] * b8[1]
		s2 += a8[2] * b8[2]
		s3 += a8[3] * b8[3]
		s4 += a8[4] * b8[4]
		s5 += a8[5] * b8[5]
		s6 += a8[6] * b8[6]
		s7 += a8[7] * b8[7]
		a, b = a[8:], b[8:]
	}
	for i := range a {
		s0 += a[i] * b[i]
	}
	return float64((s0 + s1) + (s2 + s3) + (s4 + s5) + (s6 + s7))
}

// OfIndex returns b with the Standout of an index of n chunks, as
// [NewIndexBackground] sets it: for a background kept apart from the
// index's size.
func (b Background) OfIndex(n int) Background {
	b.Standout = standout(n)
	return b
}

// within returns b with its Base and Center raised to those of own, the
// query's background measured from its own cosines with the index's
// sample ([NewBackground]), where own's are higher: [Hybrid] measures
// the cosines of a query's keyword matches against it under a semantic
// embedder. A question about what the whole index is about (a
// conversation's people, a project's code) sits well above the index's
// background with most of its chunks, so against that background their
// vector scores saturate at 1 and the vector side, meant to confirm and
// re-order keyword matches, lifts whichever match the encoder happens
// to place with the rest over one holding more of the query's words.
// Measured within the query's own background, only a match standing out
// of the index as the question sees it gains. Chunks holding no query
// word keep the index's background: an off-topic question's own is low
// (see [NewIndexBackground]), and its nearest note must not look like a
// paraphrase.
func (b Background) within(own Background) Background {
	if own.Center > b.Center {
		b.Base, b.Center = max(b.Base, own.Base), own.Center
	}
	return b
}

// standout is [Background.Standout] for an index of n chunks.
func standout(n int) float64 {
	return max(math.Sqrt(2*math.Log(float64(max(n, 2)))), MinStandout)
}

// NewBackground returns the background of a query from its cosines with a
// sample of an index of n chunks. An empty sample gives the zero
// Background, under which [Background.VectorScore] is the plain cosine
// measured from 0.
func NewBackground(sample []float64, n int) Background {
	if len(sample) == 0 {
		return Background{}
	}
	s := slices.Clone(sample)
	for i, x := range s {
		if math.IsNaN(x) {
			s[i] = 0
		}
	}
	slices.Sort(s)
	b := Background{Base: max(s[(len(s)-1)/4], 0), Center: median(s)}
	dev := make([]float64, len(s))
	for i, x := range s {
		dev[i] = math.Abs(x - b.Center)
	}
	slices.Sort(dev)
	b.Spread = max(1.4826*median(dev), MinSpread)
	b.Standout = standout(max(n, len(s)))
	return b
}

// median returns the median of the sorted, non-empty s.
func median(s []float64) float64 {
	m := len(s) / 2
	if len(s)%2 == 0 {
		return (s[m-1] + s[m]) / 2
	}
	return s[m]
}

// VectorScore is the calibrated vector score, in [0,1], of a chunk whose
// cosine with the query is cos:
//
//	level    = (cos - Base) / (1 - Base)
//	strength = (level - VectorNone) / (VectorFull - VectorNone)
//	standout = (cos - Center) / (Spread * Standout)
//	score    = strength * standout                   each clamped to [0,1]
//
// The level says how near the chunk is, from where unrelated text lands
// (0) to an identical text (1); a sentence encoder puts a true paraphrase
// at a level of 0.3 to 0.6, so a level of [VectorFull] already counts as
// full evidence, and one under [VectorNone] as none. The standout says whether the chunk stands apart from
// the unrelated ones at all: 1 once it is as far above the background as
// the best of the index's unrelated chunks is expected to be. A
// paraphrase a sentence encoder places well above the background scores
// near 1 whatever the encoder's scale; a chunk at the background's level
// scores 0; and in a small or tight background (the hash embedder's, whose
// unrelated chunks all sit near 0) a cosine must still reach a real level
// to count. Without a background (zero Background) it is the strength
// of the cosine measured from 0. NaN scores 0.
func (b Background) VectorScore(cos float64) float64 {
	if math.IsNaN(cos) {
		return 0
	}
	base := b.Base
	if !(base >= 0 && base < 1) {
		base = 0
	}
	level := (cos - base) / (1 - base)
	score := min(max((level-VectorNone)/(VectorFull-VectorNone), 0), 1)
	if b.Spread > 0 && b.Standout > 0 {
		score *= min(max((cos-b.Center)/(b.Spread*b.Standout), 0), 1)
	}
	return score
}

// calibrate sets the calibrated KeywordScore and VectorScore of every
// candidate: the keyword side from the document frequencies of the
// query's terms (see [TermWeights.KeywordScore]), the vector side from
// the background (see [Background]).
func (h *Hybrid) calibrate(c *calibration, cands []Candidate, chunks map[int64]store.Chunk) {
	for i := range cands {
		cd := &cands[i]
		if cd.BM25 != nil && c.kw {
			text := ""
			if ch, ok := chunks[cd.ChunkID]; ok {
				text = ch.Text
			}
			var cv *cover
			if x, ok := c.covers[cd.ChunkID]; ok {
				cv = &x
			}
			k, whole := c.weights.scoreCover(text, *cd.BM25, cv)
			cd.KeywordScore, cd.Whole = &k, whole
		}
		if cd.Cosine != nil && c.vec {
			b := c.background
			if cd.BM25 != nil && c.matches != nil {
				b = *c.matches
			}
			v := b.VectorScore(*cd.Cosine)
			if *cd.Cosine < c.background.Decoy {
				// Under the query's decoy level (see [Decoy]).
				if cd.BM25 == nil {
					v *= LexicalAlone / VectorAlone
				} else if !cd.Whole {
					v = 0
				}
			}
			if v > 0 && c.runs != nil && cd.BM25 == nil && !c.runs.heldBy(chunks[cd.ChunkID].Text) {
				v = 0 // a lexical cosine without a shared run is bucket collisions
			}
			cd.VectorScore = &v
		}
	}
}

// calibration is what [Hybrid.calibrate] reads: the term weights of the
// query and its cosines' background, each with whether it was computed.
type calibration struct {
	kw, vec    bool
	weights    TermWeights
	background Background
	// matches, when set, is the background of the keyword hits' cosines:
	// background within the query's own (see [Background.within]).
	matches *Background
	// covers are the keyword hits' covers, found by [Hybrid.run].
	covers map[int64]cover
	// runs, set under a lexical embedder, are the letter runs of the
	// query a chunk holding none of its words must share for its cosine
	// to count (see [runs]).
	runs runs
}

// runLen is the length, in characters, of the letter runs a chunk must
// share with a query for a lexical embedder's cosine with it to count:
// the hash embedder's longest character n-gram.
const runLen = 4

// runs are the runs of [runLen] characters of a query's words (a shorter
// word whole, a pair of characters of a spaceless script as the keyword
// index pairs them), folded and lower-cased. A lexical embedder's cosine
// is meant to be letter overlap, but it is taken over hashed buckets:
// a short query and a short note sharing no letter run still reach a
// cosine a real overlap gives when a few of their features land in the
// same buckets, and among thousands of short notes some always do. Such
// a chunk, holding no query word, gets no vector evidence unless it
// holds one of the runs; a near-keyword neighbour ("config" and
// "configuration") holds several.
type runs []string

// newRuns returns the runs of terms, non-nil.
func newRuns(terms []string) runs {
	out := runs{}
	for _, t := range terms {
		for _, w := range tokenize.Bigrams(tokenize.Fold(strings.ToLower(t))) {
			rs := []rune(w)
			if len(rs) <= runLen || tokenize.IsSpacelessToken(w) {
				out = append(out, w)
				continue
			}
			for i := 0; i+runLen <= len(rs); i++ {
				out = append(out, string(rs[i:i+runLen]))
			}
		}
	}
	return out
}

// heldBy reports whether text holds one of the runs, folded and
// lower-cased as they are.
func (r runs) heldBy(text string) bool {
	if len(r) == 0 {
		return false
	}
	text = tokenize.Fold(strings.ToLower(text))
	for _, x := range r {
		if strings.Contains(text, x) {
			return true
		}
	}
	return false
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
