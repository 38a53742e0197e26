package pack

import (
	"cmp"
	"math"
	"slices"

	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/tokenize"
)

// Dedupe returns the indices of the texts to keep when near-duplicates
// are dropped: texts are visited from the highest score down (ties by
// index), and a text is dropped when the Jaccard similarity of its token
// set with the set of a text already kept is above threshold and no
// value differs between them (curate.Differs: a number, a negation, a
// name, "to" or "from"), it says no content word the kept text lacks
// (curate.Loses) and the kept text adds none that may change what it
// says (curate.Adds: "staging", "practically", "unless ..."; not
// "carefully"), as consolidate decides. Texts that differ so state two
// facts, and the word overlap alone may not hide either. The kept
// indices are returned in ascending order.
//
// Tokens are those of tokenize.Bigrams: lower-cased words, CJK runs as
// character pairs. A text without any token (blank, or punctuation only)
// is never a duplicate, whatever the threshold. A threshold of 1 or more
// keeps every text. Dedupe
// panics if texts and scores differ in length.
//
// A text is compared only with the kept texts it may be a duplicate of
// (candidates): those of its curate.ValueKey (texts of another always
// differ: a templated log line that states another value each time)
// whose content words hold all of its own or are all among them (two
// texts of which each says a word the other lacks are kept, however
// similar: "the billing database", "the payroll database"). A text with
// no content words is compared with the kept texts that share one of its
// rarest tokens (prefix filtering). So distinct texts, and similar texts
// that each state their own fact, cost about linear time where comparing
// every pair would cost quadratic.
func Dedupe(texts []string, scores []float64, threshold float64) []int {
	return dedupe(texts, scores, threshold, nil)
}

// dedupe is [Dedupe], under which a text is not a duplicate of a kept
// one when apart(text, kept) reports they are about different subjects
// (nil: never). A text found apart from maxApart kept copies is kept
// without comparing it with more: one paragraph in a thousand tenants'
// notes would otherwise compare every pair, and keeping a copy too many
// never loses a fact.
func dedupe(texts []string, scores []float64, threshold float64, apart func(i, k int) bool) []int {
	if len(texts) != len(scores) {
		panic("pack: Dedupe: texts and scores differ in length")
	}
	order := make([]int, len(texts))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(scores[b], scores[a]) })
	sets := make([]tokenize.Set, len(texts))
	for i, text := range texts {
		sets[i] = tokenize.SetOf(text)
	}
	// What differs is read once per text: the pairs compared may be
	// many (near-duplicates that each state their own fact are all kept).
	words := make([][]string, len(texts))
	keys := make([]string, len(texts))
	for i, text := range texts {
		words[i], keys[i] = curate.ContentWords(text), curate.ValueKey(text)
	}
	twoFacts := func(i, k int) bool {
		if texts[i] == texts[k] {
			return false // the same words: nothing differs
		}
		return lacks(words[i], words[k]) || addsFact(words[k], words[i]) || keys[i] != keys[k] || valueDiffers(texts[i], texts[k])
	}
	c := newCandidates(keys, words, sets, threshold)
	seen := make([]int, len(texts)) // the text last compared with each kept one, plus one
	var kept []int
	for _, i := range order {
		dup, apartFrom := false, 0
		c.each(i, func(k int) bool {
			if seen[k] == i+1 {
				return true
			}
			seen[k] = i + 1
			dup = tokenize.Jaccard(sets[i], sets[k]) > threshold && !twoFacts(i, k)
			if dup && apart != nil && apart(i, k) {
				dup, apartFrom = false, apartFrom+1
				return apartFrom < maxApart
			}
			return !dup
		})
		if !dup {
			kept = append(kept, i)
			c.add(i)
		}
	}
	slices.Sort(kept)
	return kept
}

// maxApart is how many kept copies about other subjects a text is
// compared with before it is kept ([dedupe]).
const maxApart = 16

// candidates finds, among the texts kept so far, those a text may be a
// near-duplicate of: of its value key, and either sharing a token of its
// prefix (a text without content words) or holding all of its content
// words or holding only content words it holds (any other: each says a
// word the other lacks). Value keys and words are numbered once; the
// kept texts of a word are listed whatever their keys.
type candidates struct {
	keys     []int      // the number of each text's curate.ValueKey
	words    [][]int    // the numbers of each text's curate.ContentWords
	prefixes [][]uint64 // rarestFirst of each text; nil when every text has content words
	anchors  []int      // the number of each text's rarest content word

	byToken  map[uint64][]int // kept texts by the tokens of their prefixes
	blank    map[uint64][]int // the kept texts without content words, likewise
	byWord   [][]int          // kept texts by each of their content words
	byAnchor [][]int          // kept texts by their rarest content word
}

// newCandidates returns the candidates of texts with these value keys,
// content words and token sets under threshold, none kept yet.
func newCandidates(keys []string, words [][]string, sets []tokenize.Set, threshold float64) *candidates {
	c := &candidates{keys: make([]int, len(keys)), words: make([][]int, len(words)),
		anchors: make([]int, len(words)), byToken: map[uint64][]int{}, blank: map[uint64][]int{}}
	number := func(ids map[string]int, s string) int {
		id, ok := ids[s]
		if !ok {
			id = len(ids)
			ids[s] = id
		}
		return id
	}
	keyIDs, wordIDs := map[string]int{}, map[string]int{}
	var held []int // how many texts hold each word
	for i, ws := range words {
		c.keys[i] = number(keyIDs, keys[i])
		if len(ws) == 0 && c.prefixes == nil {
			c.prefixes = rarestFirst(sets, threshold)
		}
		for _, w := range ws {
			id := number(wordIDs, w)
			if id == len(held) {
				held = append(held, 0)
			}
			held[id]++
			c.words[i] = append(c.words[i], id)
		}
	}
	c.byWord, c.byAnchor = make([][]int, len(held)), make([][]int, len(held))
	for i, ws := range c.words {
		for j, w := range ws {
			if a := c.anchors[i]; j == 0 || held[w] < held[a] || held[w] == held[a] && w < a {
				c.anchors[i] = w
			}
		}
	}
	return c
}

// add records text i as kept.
func (c *candidates) add(i int) {
	if c.prefixes != nil {
		for _, tok := range c.prefixes[i] {
			c.byToken[tok] = append(c.byToken[tok], i)
			if len(c.words[i]) == 0 {
				c.blank[tok] = append(c.blank[tok], i)
			}
		}
	}
	for _, w := range c.words[i] {
		c.byWord[w] = append(c.byWord[w], i)
	}
	if len(c.words[i]) > 0 {
		c.byAnchor[c.anchors[i]] = append(c.byAnchor[c.anchors[i]], i)
	}
}

// each calls yield with the kept texts text i may be a near-duplicate
// of, some more than once, until yield returns false.
func (c *candidates) each(i int, yield func(k int) bool) {
	key := c.keys[i]
	all := func(ks []int) bool {
		for _, k := range ks {
			if c.keys[k] == key && !yield(k) {
				return false
			}
		}
		return true
	}
	if c.prefixes != nil {
		tokens := c.blank
		if len(c.words[i]) == 0 {
			tokens = c.byToken // every kept text holds all of its (no) content words
		}
		for _, tok := range c.prefixes[i] {
			if !all(tokens[tok]) {
				return
			}
		}
	}
	if len(c.words[i]) == 0 {
		return
	}
	if !all(c.byWord[c.anchors[i]]) {
		return
	}
	for _, w := range c.words[i] {
		if !all(c.byAnchor[w]) {
			return
		}
	}
}

// rarestFirst returns, for each set, the prefix of its tokens ordered by
// how few sets hold them (then by value) that any set more similar to it
// than threshold (positive) must share a token of. Such sets A and B
// share more than threshold×|A| tokens, at least floor(threshold×|A|):
// with overlap o, A's first |A|-o+1 tokens in any one order meet B's
// first |B|-o+1. Rare tokens first keep those prefixes, hence the
// comparisons, few. Under a threshold that is not positive (or NaN) two
// sets need not share a token to be similar enough: every set with a
// token gets the same one-entry prefix, so each is compared with all.
func rarestFirst(sets []tokenize.Set, threshold float64) [][]uint64 {
	out := make([][]uint64, len(sets))
	if !(threshold > 0) {
		for i, s := range sets {
			if len(s) > 0 {
				out[i] = []uint64{0}
			}
		}
		return out
	}
	held := make(map[uint64]int)
	for _, s := range sets {
		for _, tok := range s {
			held[tok]++
		}
	}
	for i, s := range sets {
		if len(s) == 0 {
			continue // shares no token: never a duplicate
		}
		p := slices.Clone(s)
		slices.SortFunc(p, func(a, b uint64) int { return cmp.Or(cmp.Compare(held[a], held[b]), cmp.Compare(a, b)) })
		overlap := max(1, int(math.Floor(threshold*float64(len(s)))))
		out[i] = p[:max(1, len(s)-overlap+1)]
	}
	return out
}

// valueDiffers reports whether curate.Differs finds a value that differs
// between a and b.
func valueDiffers(a, b string) bool {
	_, ok := curate.Differs(a, b)
	return ok
}

// addsFact reports whether the sorted content words of kept hold one
// that those of dropped lack and that may change what kept says
// (curate.Changes): "the staging ingest job", "practically unlimited",
// "runs unless the ledger is locked" state another fact than the text
// without the words, which a pack shows too, as consolidate holds both
// copies (curate.Adds).
func addsFact(kept, dropped []string) bool {
	for _, w := range kept {
		if _, ok := slices.BinarySearch(dropped, w); !ok && curate.Changes(w) {
			return true
		}
	}
	return false
}

// lacks reports whether the sorted list b lacks a word of the sorted
// list a.
func lacks(a, b []string) bool {
	for _, w := range a {
		if _, ok := slices.BinarySearch(b, w); !ok {
			return true
		}
	}
	return false
}
