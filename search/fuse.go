package search

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/memweave/memweave-go/internal/boolcmp"
)

// FusionMethod names how keyword and vector candidates are combined into
// one score. It is also what [Explain.Fusion] reports.
type FusionMethod string

const (
	// Blend, the default and the one fusion of both sides, is the rule
	// [Fuse] documents: strong evidence on either side alone passes the
	// default threshold, agreement ranks highest, and a chunk holding
	// every word of the query is never outranked by one holding none.
	Blend FusionMethod = "blend"
	// KeywordOnly scores by the calibrated keyword score alone: what a
	// keyword search, or a hybrid one without vectors, reports.
	KeywordOnly FusionMethod = "keyword"
	// VectorOnly scores a chunk as [Blend] scores one holding no query
	// word, VectorAlone times the calibrated vector score, so that the
	// default threshold keeps its meaning: what a vector search reports.
	VectorOnly FusionMethod = "vector"
)

// FusionMethods are the methods [FusionOptions.Validate] accepts.
var FusionMethods = []FusionMethod{Blend, KeywordOnly, VectorOnly}

// Constants of [Blend]; see [Fuse].
const (
	// KeywordWeight is the keyword score's weight when the keyword side
	// leads: exact words are the evidence no embedder can overrule.
	KeywordWeight = 0.75
	// Support is what the vector score adds, per unit, to a keyword
	// match's score: agreement ranks above the keyword side alone, and the
	// vector side re-orders keyword matches. Under a lexical embedder it
	// adds nothing: there the cosine counts the query's letter runs a
	// chunk shares, the evidence the keyword score already weighs (by
	// each word's rarity, which the cosine ignores), so it only breaks
	// ties between equal keyword scores.
	Support = 0.09
	// KeywordFloor is the fraction of its keyword score a chunk holding
	// the whole query (or scoring at least [CoverageShare]) keeps whatever
	// its cosine: at least 0.45, above the default threshold 0.35.
	KeywordFloor = 0.9
	// VectorAlone is what a chunk holding no query word scores per unit of
	// vector score: a clear paraphrase (vector score 0.8 and up) passes the
	// default threshold, and the most it can score stays under the least a
	// chunk holding the whole query scores (KeywordFloor * CoverageShare).
	VectorAlone = 0.44
	// LexicalAlone is what a chunk holding no query word scores per unit
	// of vector score under a lexical embedder (the hash embedder): its
	// cosine is letter overlap, and among many short notes a short query
	// shares a few letter runs with some note by chance, at a cosine a
	// sentence encoder gives a paraphrase. Such a chunk still ranks, but
	// on its own it stays under the default threshold.
	LexicalAlone = 0.3
	// Confirm is the vector score from which a semantic embedder fully
	// confirms a partial keyword match (one holding some of the query's
	// words, not all of them): under it the match keeps only the share
	// v/Confirm of its keyword floor. A word or two shared by chance with
	// a chunk the embedder places among the query's unrelated ones then
	// no longer passes the default threshold on those words alone. A
	// lexical embedder's cosine is itself word overlap, so it neither
	// confirms nor discounts (see [Hybrid.Semantic]).
	Confirm = 0.2
)

// Ranking of word-free chunks against the keyword matches of a long query;
// see [liftOverWordFree].
const (
	// shortQuery is the most words a query can have with every word-free
	// chunk ranked by its score alone: a question put to memory is short
	// (docs/search.md, "Scoring", has the lengths measured).
	shortQuery = 4
	// wordFreeDecay is the share of its score a word-free chunk loses,
	// when ranked against keyword matches, per word of the query beyond
	// shortQuery.
	wordFreeDecay = 0.15
	// floodCount is the most word-free chunks at a full vector score
	// (v = 1) with which they still rank among the keyword matches by
	// score (see [flooded]). A full vector score means standing as far
	// above the index's background as the best of its unrelated chunks
	// is expected to, so the background explains about one such chunk
	// per query; ten times that many are not a few answers the query's
	// words missed but its topic, all at one score, and the keyword
	// matches' words tell them apart where the score cannot.
	floodCount = 10
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
	// Cosine is the cosine similarity to the query vector; nil when the
	// chunk was not among the vector results.
	Cosine *float64
	// KeywordScore is the calibrated keyword score in [0,1] (see
	// [TermWeights.KeywordScore]), set by retrieval; nil means
	// NormalizeBM25(BM25).
	KeywordScore *float64
	// VectorScore is the calibrated vector score in [0,1] (see
	// [Background.VectorScore]), set by retrieval; nil means
	// NormalizeCosine(Cosine).
	VectorScore *float64
	// Whole reports that the chunk holds every searchable word of the
	// query (accents aside), or matches as strongly (a keyword score of
	// at least [CoverageShare] before the accent cost); set by retrieval
	// with KeywordScore.
	Whole bool
}

// FusionOptions configures [Fuse]. The zero value means [Blend].
type FusionOptions struct {
	// Method is the fusion method; default [Blend]. [KeywordOnly] and
	// [VectorOnly] rank by one side alone.
	Method FusionMethod
	// Query tunes the keyword query whose scores are fused: which words
	// it drops and the weight of the phrase query. It lives here because
	// it changes the keyword scores fusion weighs; [Fuse] itself does not
	// read it.
	Query QueryOptions
	// words is the number of the query's words, set by [Hybrid.Retrieve]
	// for [liftOverWordFree]; 0 ranks by score alone.
	words int
	// semantic is [Hybrid.Semantic] for this search: a partial keyword
	// match needs vector support (see [Confirm]) for its keyword floor.
	semantic bool
	// lexical reports that [Hybrid] searched with a lexical embedder (not
	// [Hybrid.Semantic]): a chunk holding no query word scores
	// [LexicalAlone] per unit of vector score, and a keyword match gains
	// no [Support]. [Fuse] called directly does not know the embedder and
	// scores them as a semantic one's, [Confirm] aside.
	lexical bool
}

// ErrUnknownFusion is wrapped by the error of [FusionOptions.Validate]
// for a method that is not one of [FusionMethods].
var ErrUnknownFusion = errors.New("search: unknown fusion method")

// Validate reports the first invalid field: a Method not among
// [FusionMethods] (the error wraps [ErrUnknownFusion] and lists them), a
// negative or non-finite phrase weight.
func (o FusionOptions) Validate() error {
	if o.Method != "" && !slices.Contains(FusionMethods, o.Method) {
		return fmt.Errorf("%w %q (want %s)", ErrUnknownFusion, o.Method, methodList())
	}
	if w := o.Query.PhraseWeight; w != nil && (!(*w >= 0) || math.IsInf(*w, 0)) {
		return fmt.Errorf("search: PhraseWeight must be a finite number >= 0, got %g", *w)
	}
	return nil
}

// methodList returns the accepted methods as "blend, keyword or vector".
func methodList() string {
	names := make([]string, len(FusionMethods))
	for i, m := range FusionMethods {
		names[i] = string(m)
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// Fuse combines keyword and vector candidates into results sorted by
// descending Score, ties broken by descending Cosine (a vector score
// saturates at 1), a lifted keyword match (below) first, then ascending
// ChunkID ([Hybrid.Retrieve] breaks those by path and line). Each result
// has
// ChunkID, Score, TextScore, VectorScore and Explain (BM25, TextScore,
// Cosine, Fusion, Fused) set; the caller fills in the rest. Candidates
// sharing a ChunkID are merged, the first non-empty value of each field
// winning.
//
// With k the candidate's KeywordScore (else NormalizeBM25(BM25)) and v
// its VectorScore (else NormalizeCosine(Cosine)), each 0 when absent:
//
//	Blend:       score = VectorAlone*v  for a chunk holding no query word
//	                     (LexicalAlone*v under a lexical embedder)
//	             score = max(KeywordWeight*k + Support*v, KeywordFloor*k*c,
//	                         KeywordFloor*CoverageShare  if it holds the
//	                                                     whole query)
//	                                                     otherwise
//	                     (max(KeywordFloor*k, ...) under a lexical embedder)
//	             c = min(1, v/Confirm) for a partial match found by
//	                 [Hybrid] with a semantic embedder, else 1
//	KeywordOnly: score = k
//	VectorOnly:  score = VectorAlone*v
//
// Both scores are calibrated against the index, so each means the same for
// every index size and embedder: k against the document frequencies of the
// query's words (a chunk holding all of them has k >= CoverageShare), v
// against the index's cosines with unrelated text (a paraphrase standing
// clearly above them has v near 1; see [Background]). Hence:
//   - strong evidence on either side alone passes the default threshold
//     0.35: a chunk holding the whole query scores at least 0.45, a chunk
//     holding none whose v is at least 0.8 at least 0.352, unless the
//     embedder is lexical (its cosine is letter overlap, not meaning);
//   - the keyword side orders and judges the keyword matches, as it does
//     best on every development set: a keyword match gains up to Support
//     from its vector score, no more, since a lexical embedder's cosine
//     is high for any keyword match (letting it lead cost SciFact and
//     LongMemEval their level of keyword search, and let the hash
//     embedder's chance matches pass the threshold); under a lexical
//     embedder it gains nothing, and the keyword matches rank as a
//     keyword search ranks them, the cosine ordering equal scores;
//   - a chunk holding every word of the query (at least 0.45) is never
//     outranked by one holding none (at most VectorAlone, 0.44);
//   - for a query of more than shortQuery words, a keyword match that
//     reaches the score of a chunk holding none of the query's words,
//     discounted by wordFreeDecay per further word, is raised to that
//     chunk's score and ranked just above it (see [liftOverWordFree]).
//     When more than floodCount word-free chunks have a full vector
//     score (v = 1), which the index's background explains about one of,
//     every keyword match is so raised over every word-free chunk,
//     whatever the query's length (unless the embedder is lexical).
//     This ranks candidates against each other, so such a match's score
//     may depend on the word-free chunks retrieved with it; no word-free
//     chunk's score changes, so a paraphrase that passes the threshold
//     still does, and a query that returned nothing still does;
//   - with a semantic embedder, a partial match the embedder places
//     among the query's unrelated chunks (v near 0) is a chance overlap
//     of words: it keeps KeywordWeight*k, under the threshold unless k
//     is nearly a whole-query match's.
//
// Result.TextScore is nil under VectorOnly and Result.VectorScore nil under
// KeywordOnly; otherwise both are set, 0 for a chunk the backend did not
// return.
func Fuse(cands []Candidate, opts FusionOptions) []Result {
	if len(cands) == 0 {
		return nil
	}
	method := cmp.Or(opts.Method, Blend)
	cs := mergeCandidates(cands)
	// Score first and sort pointer-free keys: sorting []Result directly
	// costs a GC write barrier per moved pointer field.
	keys := scoreCandidates(cs, method, opts)
	if method == Blend {
		liftOverWordFree(keys, wordFreeDiscount(keys, opts))
	}
	slices.SortFunc(keys, func(a, b scoreKey) int {
		if c := cmp.Compare(b.score, a.score); c != 0 {
			return c
		}
		if c := a.order.compare(b.order); c != 0 {
			return c
		}
		return cmp.Compare(a.id, b.id)
	})
	return buildResults(cs, keys, method)
}

// tieOrder orders results of equal score (see [Fuse]); [attach] breaks
// what it leaves tied by path and line.
type tieOrder struct {
	// cos is the cosine, -Inf when absent: it orders equal scores, which
	// a vector score saturated at 1 makes common. A lifted match has the
	// cosine of the chunk it was lifted to.
	cos float64
	// lifted marks a keyword match raised to the score of a word-free
	// chunk it outranks (see [liftOverWordFree]): it goes first.
	lifted bool
	// own is a lifted match's score before the lift, which orders the
	// matches lifted to the same score as the keyword side does, and
	// ownCos its own cosine, which orders those of equal own score.
	own, ownCos float64
}

// compare orders a before b (-1) when it comes first at equal scores.
func (a tieOrder) compare(b tieOrder) int {
	if c := cmp.Compare(b.cos, a.cos); c != 0 || a.lifted == b.lifted && !a.lifted {
		return c
	}
	return cmp.Or(boolcmp.Compare(b.lifted, a.lifted), cmp.Compare(b.own, a.own), cmp.Compare(b.ownCos, a.ownCos))
}

// wordFreeDiscount is the share of its score a word-free chunk keeps
// when ranked against the keyword matches (see [liftOverWordFree]): 0
// when the word-free chunks are [flooded], else
// (1-wordFreeDecay)^(words-shortQuery) for a query of more than
// shortQuery words, else 1 (ranked by score alone).
func wordFreeDiscount(keys []scoreKey, opts FusionOptions) float64 {
	if flooded(keys, opts) {
		return 0
	}
	if opts.words <= shortQuery {
		return 1
	}
	return math.Pow(1-wordFreeDecay, float64(opts.words-shortQuery))
}

// flooded reports that more than floodCount word-free chunks have a full
// vector score: then every keyword match ranks above every word-free
// chunk. Not under a lexical embedder, whose word-free chunks share a
// letter run with the query (see [runs]) and score at most
// [LexicalAlone], under the threshold.
func flooded(keys []scoreKey, opts FusionOptions) bool {
	if opts.lexical {
		return false
	}
	n := 0
	for _, k := range keys {
		if k.free && k.cos >= 1 {
			if n++; n > floodCount {
				return true
			}
		}
	}
	return false
}

// liftOverWordFree ranks the keyword matches against the word-free
// chunks scoring above them: a match m whose score reaches a word-free
// chunk f's score times discount (see [wordFreeDiscount]) is raised to
// f's score, ranked just above it. For a query of more than shortQuery
// words every word that a relevant passage could have held, and f holds
// none of, counts against f (a relevant passage shares none of n words
// less and less often as n grows); in a flood every match outranks every
// word-free chunk. This is only ranking: word-free chunks keep their
// score, so what passes the threshold is what passed before, plus the
// matches lifted over a passing chunk.
func liftOverWordFree(keys []scoreKey, discount float64) {
	if discount >= 1 {
		return
	}
	var free []int // word-free keys, lowest ranked first
	for i, k := range keys {
		if k.free {
			free = append(free, i)
		}
	}
	slices.SortFunc(free, func(a, b int) int {
		return cmp.Or(cmp.Compare(keys[a].score, keys[b].score), cmp.Compare(keys[a].raw, keys[b].raw))
	})
	for i := range keys {
		m := &keys[i]
		if m.free {
			continue
		}
		// How many word-free chunks m reaches, discounted.
		n, _ := slices.BinarySearchFunc(free, m.score, func(e int, t float64) int {
			if discount*keys[e].score <= t {
				return -1
			}
			return 1
		})
		if n == 0 {
			continue
		}
		if f := keys[free[n-1]]; f.score > m.score {
			m.order = tieOrder{cos: f.order.cos, lifted: true, own: m.score, ownCos: m.order.cos}
			m.score = f.score
		}
	}
}

// scoreCandidates scores each merged candidate in one pass and returns
// its key, in the order of cs: the fused score clamped to [0,1], the
// calibrated keyword and vector scores, and the index into cs; opts
// says whether the embedder is semantic or lexical.
func scoreCandidates(cs []Candidate, method FusionMethod, opts FusionOptions) []scoreKey {
	keys := make([]scoreKey, len(cs))
	for i, c := range cs {
		var k, v float64
		switch {
		case c.KeywordScore != nil:
			k = min(max(*c.KeywordScore, 0), 1)
		case c.BM25 != nil:
			k = NormalizeBM25(*c.BM25)
		}
		switch {
		case c.VectorScore != nil:
			v = min(max(*c.VectorScore, 0), 1)
		case c.Cosine != nil:
			v = NormalizeCosine(*c.Cosine)
		}
		var s float64
		switch method {
		case KeywordOnly:
			s = k
		case VectorOnly:
			s = VectorAlone * v
		default:
			s = blend(k, v, c.Whole, opts.semantic, opts.lexical)
		}
		raw := math.Inf(-1)
		if c.Cosine != nil && !math.IsNaN(*c.Cosine) {
			raw = *c.Cosine
		}
		free := k == 0 && !c.Whole
		keys[i] = scoreKey{score: min(max(s, 0), 1), k: k, cos: v, raw: raw, id: c.ChunkID, idx: i, free: free, order: tieOrder{cos: raw}}
	}
	return keys
}

// blend is the [Blend] score of a chunk with keyword score k and vector
// score v; whole reports that it holds every word of the query, semantic
// that v can confirm a partial match (see [Confirm]), lexical that v is
// a lexical embedder's (see [LexicalAlone] and [Support]).
func blend(k, v float64, whole, semantic, lexical bool) float64 {
	if k == 0 && !whole {
		if lexical {
			return LexicalAlone * v
		}
		return VectorAlone * v
	}
	floor := KeywordFloor * k
	if semantic && !whole {
		floor *= min(v/Confirm, 1)
	}
	s := floor
	if !lexical {
		s = max(KeywordWeight*k+Support*v, floor)
	}
	if whole {
		s = max(s, KeywordFloor*CoverageShare)
	}
	return s
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
		r.order = key.order
		r.Explain.Fused = key.score
		r.Explain.Fusion = string(method)
		if key.order.lifted {
			own := key.order.own
			r.Explain.LiftedFrom = &own
		}
	}
	return res
}

// scoreKey is a fused score with what is needed to build its Result.
type scoreKey struct {
	score, k, cos float64
	// raw is the cosine, -Inf when absent.
	raw float64
	id  int64
	idx int // index into the merged candidates
	// free marks a chunk holding none of the query's words.
	free bool
	// order orders equal scores; see [tieOrder].
	order tieOrder
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
			if m.Cosine == nil {
				m.Cosine = c.Cosine
			}
			if m.KeywordScore == nil {
				m.KeywordScore = c.KeywordScore
			}
			if m.VectorScore == nil {
				m.VectorScore = c.VectorScore
			}
			m.Whole = m.Whole || c.Whole
			continue
		}
		out = append(out, c)
	}
	return out
}
