package search

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// FusionMethod names how keyword and vector candidates are combined into
// one score. It is also what [Explain.Fusion] reports.
type FusionMethod string

const (
	// Weighted is a weighted sum of the normalised keyword and vector
	// scores, with a keyword floor; see [FusionOptions]. It was the default
	// before [Trust]: its fixed 0.7 vector weight let a poor embedder
	// drag the ranking below keyword search's.
	Weighted FusionMethod = "weighted"
	// RRF is reciprocal rank fusion, rescaled into [0,1].
	RRF FusionMethod = "rrf"
	// KeywordOnly scores by the normalised keyword score alone; use it
	// when only the keyword backend ran (no embedder).
	KeywordOnly FusionMethod = "keyword"
	// VectorOnly scores by the clamped cosine alone; use it when only the
	// vector backend ran.
	VectorOnly FusionMethod = "vector"
	// MaxMin scores max(v, k) + MaxMinWeight*min(v, k), clamped to 1
	// (basic-memory's rule): the stronger side leads, the other adds.
	MaxMin FusionMethod = "maxmin"
	// Trust weighs the vector side by how far the two backends agree on
	// this query; see [Fuse]. It was the default before [Blend]: it fell
	// below keyword search on LoCoMo with a sentence encoder.
	Trust FusionMethod = "trust"
	// Blend, the default, mixes the calibrated scores 3:1 in favour of
	// the keyword side, lets neither side pull a chunk far below its own
	// evidence, and ranks a chunk that holds no query word but has a
	// clearly related cosine with the weak keyword matches it beats; see
	// [Fuse].
	Blend FusionMethod = "blend"
)

// Defaults of [FusionOptions].
const (
	DefaultVectorWeight = 0.7
	DefaultTextWeight   = 0.3
	DefaultRRFK         = 60.0
	DefaultKeywordFloor = 0.6
	// MaxMinWeight is the weight of the weaker side in [MaxMin].
	MaxMinWeight = 0.3
	// TrustMaxWeight is the largest vector weight of [Trust], reached
	// when the two backends' top [TrustDepth] results coincide.
	TrustMaxWeight = 0.5
	// TrustDepth is how many top results of each backend [Trust]
	// compares.
	TrustDepth = 10
	// TrustKeywordFloor is the fraction of its keyword score a chunk keeps
	// in [Trust] fusion whatever its vector score: with the calibrated
	// keyword score (at least [CoverageShare], 0.5, for a chunk holding
	// every word of the query) an exact match fuses to at least 0.36 and
	// passes the default threshold 0.35 whatever the embedder thinks. It
	// only binds when the vector weight exceeds 0.28 (agreement above
	// 0.56) and the cosine is well below the keyword score.
	TrustKeywordFloor = 0.72
	// BlendVectorWeight is the vector score's weight in [Blend] (the
	// keyword score's is 1 minus it).
	BlendVectorWeight = 0.25
	// BlendKeywordFloor is the fraction of its keyword score a chunk keeps
	// in [Blend] whatever its vector score: a weak cosine can cost a
	// keyword match at most a tenth of its score, and a chunk holding every
	// query word (calibrated keyword score >= [CoverageShare]) fuses to at
	// least 0.45, above the default threshold 0.35.
	BlendKeywordFloor = 0.9
	// BlendVectorFloor is the fraction of its vector score a chunk keeps
	// in [Blend] whatever its keyword score: a chunk whose calibrated
	// cosine is at least 0.7 passes the default threshold 0.35.
	BlendVectorFloor = 0.5
	// BlendLiftDepth is how many of the best keyword matches a chunk
	// holding no query word is compared with in [Blend].
	BlendLiftDepth = 3
	// BlendLiftMinVector is the calibrated vector score a chunk holding
	// no query word needs in [Blend] to rank with the keyword matches whose
	// cosine it beats: below it, its cosine is too near the unrelated
	// baseline to outrank words (the hash embedder's chunks that share no
	// word with the query stay below it).
	BlendLiftMinVector = 0.3
	// BlendLiftStep is what each unit of calibrated vector score above the
	// beaten match's adds to a lifted chunk's score in [Blend], so that
	// lifted chunks rank above the match they beat and among themselves by
	// cosine.
	BlendLiftStep = 0.1
	// BlendLiftMaxTerms is the most searchable words a query may have for
	// [Blend] to lift chunks holding none of them: the more words a
	// question has, the less likely a text answering it uses none of them
	// (a long claim's word-free neighbours are the encoder's near misses).
	BlendLiftMaxTerms = 4
)

// Candidate is one chunk found by the keyword backend, the vector backend
// or both, before fusion.
type Candidate struct {
	// ChunkID identifies the chunk.
	ChunkID int64
	// BM25 is the raw keyword score, FTS5's bm25() (negative; lower is
	// better) of the keyword query plus [QueryOptions.PhraseWeight] times
	// that of the phrase query; nil when the chunk did not match the
	// keyword query.
	BM25 *float64
	// KeywordRank is the 1-based rank in the keyword results; 0 = absent.
	// Only [RRF] reads it.
	KeywordRank int
	// Cosine is the cosine similarity to the query vector; nil when the
	// chunk was not among the vector results.
	Cosine *float64
	// VectorRank is the 1-based rank in the vector results; 0 = absent.
	// Only [RRF] reads it.
	VectorRank int
	// KeywordScore is the calibrated keyword score in [0,1] (see
	// [TermWeights.KeywordScore]), set by retrieval; nil means
	// NormalizeBM25(BM25).
	KeywordScore *float64
	// VectorScore is the calibrated vector score in [0,1] (see
	// [CalibrateCosine]), set by retrieval; nil means
	// NormalizeCosine(Cosine).
	VectorScore *float64
}

// FusionOptions configures [Fuse]. The zero value means [Blend] fusion
// with the defaults below.
type FusionOptions struct {
	// Method is the fusion method; default [Blend], chosen by measurement
	// with a lexical and a semantic embedder (cmd/memweave-bench/RESULTS.md).
	Method FusionMethod
	// VectorWeight and TextWeight weigh the vector and keyword scores in
	// [Weighted] fusion. They are divided by their sum, so only their ratio
	// matters; defaults [DefaultVectorWeight] and [DefaultTextWeight] when
	// both are zero. Negative weights count as zero.
	VectorWeight, TextWeight float64
	// RRFK is the k constant of [RRF]; default [DefaultRRFK] when <= 0.
	RRFK float64
	// KeywordFloor is the fraction of its keyword score a chunk keeps in
	// [Weighted] fusion whatever its vector score, in [0,1]; default
	// (nil) [DefaultKeywordFloor]; new(0.0) disables it.
	KeywordFloor *float64
	// BM25K is the half-saturation constant used to normalise bm25();
	// default [BM25K] when <= 0. See [NormalizeBM25].
	BM25K float64
	// queryTerms is the number of searchable words of the query, set by
	// [Hybrid.Retrieve]; 0 when unknown. See [BlendLiftMaxTerms].
	queryTerms int
	// Query tunes the keyword query whose scores are fused: which words
	// it drops and the weight of the phrase query. It lives here because
	// it changes the keyword scores fusion weighs; [Fuse] itself does not
	// read it.
	Query QueryOptions
}

// Validate reports the first invalid field: an unknown Method, negative
// or non-finite weights, a KeywordFloor outside [0,1].
func (o FusionOptions) Validate() error {
	switch o.Method {
	case "", Weighted, RRF, KeywordOnly, VectorOnly, MaxMin, Trust, Blend:
	default:
		return fmt.Errorf("search: unknown fusion method %q (want blend, weighted, rrf, maxmin, trust, keyword or vector)", o.Method)
	}
	for _, v := range []struct {
		name string
		x    float64
	}{{"VectorWeight", o.VectorWeight}, {"TextWeight", o.TextWeight}, {"RRFK", o.RRFK}, {"BM25K", o.BM25K}} {
		if !(v.x >= 0) || math.IsInf(v.x, 0) {
			return fmt.Errorf("search: fusion %s must be a finite number >= 0, got %g", v.name, v.x)
		}
	}
	if f := o.KeywordFloor; f != nil && !(*f >= 0 && *f <= 1) {
		return fmt.Errorf("search: fusion KeywordFloor must be in [0,1], got %g", *f)
	}
	if w := o.Query.PhraseWeight; w != nil && (!(*w >= 0) || math.IsInf(*w, 0)) {
		return fmt.Errorf("search: PhraseWeight must be a finite number >= 0, got %g", *w)
	}
	return nil
}

// Fuse combines keyword and vector candidates into results sorted by
// descending Score, ties broken by ascending ChunkID. Each result has
// ChunkID, Score, TextScore, VectorScore and Explain (BM25, TextScore,
// Cosine, Fusion, Fused) set; the caller fills in the rest. Candidates
// sharing a ChunkID are merged, the first non-empty value of each field
// winning.
//
// With k the candidate's KeywordScore (else NormalizeBM25(BM25)) and v
// its VectorScore (else NormalizeCosine(Cosine)), each 0 when absent, and
// the weights wv, wt divided by their sum:
//
//	Blend:       score = max((1-b)*k + b*v, BlendKeywordFloor*k,
//	                         BlendVectorFloor*v),  b = BlendVectorWeight
//	             and, for a chunk holding no word of a query of at most
//	             BlendLiftMaxTerms words, with v >= BlendLiftMinVector, at least
//	             score(j) + BlendLiftStep*(v - v(j)) for each of the top
//	             BlendLiftDepth keyword matches j with k(j) < CoverageShare
//	             and v(j) <= v
//	Weighted:    score = max(wv*v + wt*k, KeywordFloor*k)
//	RRF:         score = (1/(K+rankKw) + 1/(K+rankVec)) / (2/(K+1))
//	MaxMin:      score = max(v, k) + MaxMinWeight*min(v, k)
//	Trust:       score = max((1-w)*k + w*v, TrustKeywordFloor*k),
//	             w = TrustMaxWeight * agreement
//	KeywordOnly: score = k
//	VectorOnly:  score = v
//
// Blend, the default, is the rule that was at or above both keyword-only
// and vector-only search on the tune halves of every development set with
// both a lexical and a semantic embedder (cmd/memweave-bench/RESULTS.md):
// the keyword side leads, since exact words are the evidence no embedder
// can overrule, the vector side re-orders and adds, a low cosine costs a
// keyword match at most a tenth of its score, and a strong cosine alone
// (v >= 0.7) still passes the default threshold.
//
// The lift is for the question asked in other words ("what theme do I
// like?" for "prefers dark mode"): its answer holds no query word, while
// the keyword side's best matches hold only the question's common words
// and score 0.3 to 0.5. A word-free chunk the embedder places nearer the
// query than such a match is judged on the same scale: it scores as that
// match, a little more the nearer it is, and so passes the threshold when
// the match does. Matches holding the whole query (k >= CoverageShare, the
// exact evidence) are never outranked this way, and a cosine near the
// unrelated baseline (v < BlendLiftMinVector: a lexical embedder's, for a
// chunk sharing no word) lifts nothing, so the hash embedder's rankings do
// not move.
//
// Under Trust, agreement is the share of the top [TrustDepth] keyword
// results that are also among the top TrustDepth vector results (by
// backend rank): the vector side earns its say on each query by agreeing with
// the exact evidence, so a poor embedder (or one that knows nothing of
// the query's rare identifier) is heard little and a good one more.
//
// The keyword floors of Blend, Weighted and Trust keep exact lexical
// evidence (identifiers, error codes, rare names the embedding blurs)
// from being diluted by a missing or low vector score: under Blend a
// chunk holding every query word (calibrated k >= 0.5) scores at least
// 0.45 and passes a 0.35 threshold whatever its cosine.
// An absent rank contributes 0 to RRF, and the division by the best
// possible sum (rank 1 in both lists) puts RRF scores in [0,1], so that a
// threshold still means something; a chunk found by one backend scores at
// most 0.5.
//
// Result.TextScore is nil under VectorOnly and Result.VectorScore nil under
// KeywordOnly; otherwise both are set, 0 for a chunk the backend did not
// return.
func Fuse(cands []Candidate, opts FusionOptions) []Result {
	if len(cands) == 0 {
		return nil
	}
	f := opts.resolve()
	cs := mergeCandidates(cands)
	// Score first and sort pointer-free keys: sorting []Result directly
	// costs a GC write barrier per moved pointer field.
	keys := scoreCandidates(cs, f)
	slices.SortFunc(keys, func(a, b scoreKey) int {
		if c := cmp.Compare(b.score, a.score); c != 0 {
			return c
		}
		return cmp.Compare(a.id, b.id)
	})
	return buildResults(cs, keys, f.method)
}

// fusion is a [FusionOptions] with every default applied: what scoring
// reads.
type fusion struct {
	method FusionMethod
	// wv and wt are the vector and text weights divided by their sum.
	wv, wt float64
	rrfK   float64
	floor  float64 // keyword floor, in [0,1]
	bk     float64 // BM25 half-saturation constant
	terms  int     // searchable query words, 0 when unknown
}

// resolve returns o with the defaults of [FusionOptions] applied, the
// weights normalised to sum to 1 and the keyword floor clamped to [0,1].
func (o FusionOptions) resolve() fusion {
	f := fusion{method: o.Method, rrfK: o.RRFK, floor: DefaultKeywordFloor, bk: o.BM25K, terms: o.queryTerms}
	if f.method == "" {
		f.method = Blend
	}
	wv, wt := max(o.VectorWeight, 0), max(o.TextWeight, 0)
	if wv+wt == 0 {
		wv, wt = DefaultVectorWeight, DefaultTextWeight
	}
	f.wv, f.wt = wv/(wv+wt), wt/(wv+wt)
	if f.rrfK <= 0 {
		f.rrfK = DefaultRRFK
	}
	if o.KeywordFloor != nil {
		f.floor = min(max(*o.KeywordFloor, 0), 1)
	}
	if f.bk <= 0 {
		f.bk = BM25K
	}
	return f
}

// scoreCandidates scores each merged candidate in one pass and returns
// its key, in the order of cs: the fused score clamped to [0,1], the
// normalised keyword and vector scores, and the index into cs.
func scoreCandidates(cs []Candidate, f fusion) []scoreKey {
	keys := make([]scoreKey, len(cs))
	wTrust := 0.0
	if f.method == Trust {
		wTrust = TrustMaxWeight * agreement(cs, TrustDepth)
	}
	for i, c := range cs {
		var k, cos float64
		switch {
		case c.KeywordScore != nil:
			k = min(max(*c.KeywordScore, 0), 1)
		case c.BM25 != nil:
			k = normalizeBM25(*c.BM25, f.bk)
		}
		switch {
		case c.VectorScore != nil:
			cos = min(max(*c.VectorScore, 0), 1)
		case c.Cosine != nil:
			cos = NormalizeCosine(*c.Cosine)
		}
		var s float64
		switch f.method {
		case KeywordOnly:
			s = k
		case VectorOnly:
			s = cos
		case RRF:
			if c.KeywordRank > 0 {
				s += 1 / (f.rrfK + float64(c.KeywordRank))
			}
			if c.VectorRank > 0 {
				s += 1 / (f.rrfK + float64(c.VectorRank))
			}
			s /= 2 / (f.rrfK + 1)
		case MaxMin:
			s = max(cos, k) + MaxMinWeight*min(cos, k)
		case Trust:
			s = max((1-wTrust)*k+wTrust*cos, TrustKeywordFloor*k)
		case Blend:
			s = blend(k, cos)
		default:
			s = max(f.wv*cos+f.wt*k, f.floor*k)
		}
		keys[i] = scoreKey{score: min(max(s, 0), 1), k: k, cos: cos, id: c.ChunkID, idx: i}
	}
	if f.method == Blend && f.terms <= BlendLiftMaxTerms {
		liftUnmatched(cs, keys)
	}
	return keys
}

// blend is the [Blend] score of a chunk with keyword score k and vector
// score v, before [liftUnmatched].
func blend(k, v float64) float64 {
	return max((1-BlendVectorWeight)*k+BlendVectorWeight*v, BlendKeywordFloor*k, BlendVectorFloor*v)
}

// liftUnmatched raises the [Blend] score of each candidate that holds no
// query word (no keyword score) and whose vector score is at least
// [BlendLiftMinVector], as [Fuse] documents: to the score of any of the
// top [BlendLiftDepth] keyword matches scoring below [CoverageShare] whose
// vector score it beats, plus [BlendLiftStep] times the difference.
// keys[i] scores cs[i].
func liftUnmatched(cs []Candidate, keys []scoreKey) {
	// The keyword matches that can be beaten: the best by fused score
	// among those not holding the whole query.
	var lead [BlendLiftDepth]int
	n := 0
	for i, c := range cs {
		if !matched(c) || keys[i].k >= CoverageShare {
			continue
		}
		j := min(n, BlendLiftDepth-1)
		if n == BlendLiftDepth && !better(keys[i], keys[lead[j]]) {
			continue
		}
		lead[j] = i
		for ; j > 0 && better(keys[lead[j]], keys[lead[j-1]]); j-- {
			lead[j], lead[j-1] = lead[j-1], lead[j]
		}
		n = min(n+1, BlendLiftDepth)
	}
	for i, c := range cs {
		v := keys[i].cos
		if matched(c) || v < BlendLiftMinVector {
			continue
		}
		s := keys[i].score
		for _, j := range lead[:n] {
			if over := v - keys[j].cos; over >= 0 {
				s = max(s, keys[j].score+BlendLiftStep*over)
			}
		}
		keys[i].score = min(max(s, 0), 1)
	}
}

// matched reports whether the keyword backend found c.
func matched(c Candidate) bool { return c.BM25 != nil || c.KeywordScore != nil }

// better reports whether a ranks before b: higher score, then lower id.
func better(a, b scoreKey) bool {
	return a.score > b.score || (a.score == b.score && a.id < b.id)
}

// agreement is the fraction of the top depth keyword results that are
// also among the top depth vector results (by backend rank), out of the
// shorter of the two lists: 1 when the backends agree, 0 when they share
// nothing or one of them found nothing.
func agreement(cs []Candidate, depth int) float64 {
	nk, nv, both := 0, 0, 0
	for _, c := range cs {
		kw := c.KeywordRank > 0 && c.KeywordRank <= depth
		vec := c.VectorRank > 0 && c.VectorRank <= depth
		if kw {
			nk++
		}
		if vec {
			nv++
		}
		if kw && vec {
			both++
		}
	}
	if n := min(nk, nv); n > 0 {
		return float64(both) / float64(n)
	}
	return 0
}

// buildResults returns one Result per key, in the order of keys, with
// ChunkID, Score, TextScore, VectorScore and Explain set from the key and
// its candidate in cs, as [Fuse] documents.
func buildResults(cs []Candidate, keys []scoreKey, method FusionMethod) []Result {
	res := make([]Result, len(keys))
	// One backing array for every score pointer: 5 values per result.
	vals := make([]float64, 5*len(keys))
	for i, key := range keys {
		c := cs[key.idx]
		v := vals[5*i : 5*i+5 : 5*i+5]
		r := &res[i]
		r.ChunkID = c.ChunkID
		if c.BM25 != nil {
			v[0], v[1] = *c.BM25, key.k
			r.Explain.BM25, r.Explain.TextScore = &v[0], &v[1]
		}
		if c.Cosine != nil {
			v[2] = *c.Cosine
			r.Explain.Cosine = &v[2]
		}
		v[3], v[4] = key.k, key.cos
		if method != VectorOnly {
			r.TextScore = &v[3]
		}
		if method != KeywordOnly {
			r.VectorScore = &v[4]
		}
		r.Score = key.score
		r.Explain.Fused = key.score
		r.Explain.Fusion = string(method)
	}
	return res
}

// scoreKey is a fused score with what is needed to build its Result.
type scoreKey struct {
	score, k, cos float64
	id            int64
	idx           int // index into the merged candidates
}

// mergeCandidates returns the candidates with duplicate ChunkIDs merged,
// in ChunkID order. It does not modify cands.
func mergeCandidates(cands []Candidate) []Candidate {
	type idIdx struct {
		id  int64
		idx int
	}
	order := make([]idIdx, len(cands))
	for i, c := range cands {
		order[i] = idIdx{c.ChunkID, i}
	}
	slices.SortFunc(order, func(a, b idIdx) int {
		if c := cmp.Compare(a.id, b.id); c != 0 {
			return c
		}
		return cmp.Compare(a.idx, b.idx)
	})
	out := make([]Candidate, 0, len(cands))
	for _, o := range order {
		c := cands[o.idx]
		if n := len(out); n > 0 && out[n-1].ChunkID == c.ChunkID {
			m := &out[n-1]
			if m.BM25 == nil {
				m.BM25 = c.BM25
			}
			if m.KeywordRank == 0 {
				m.KeywordRank = c.KeywordRank
			}
			if m.Cosine == nil {
				m.Cosine = c.Cosine
			}
			if m.VectorRank == 0 {
				m.VectorRank = c.VectorRank
			}
			if m.KeywordScore == nil {
				m.KeywordScore = c.KeywordScore
			}
			if m.VectorScore == nil {
				m.VectorScore = c.VectorScore
			}
			continue
		}
		out = append(out, c)
	}
	return out
}
