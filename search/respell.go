package search

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memweave/memweave-go/store"
	"github.com/memweave/memweave-go/tokenize"
)

// Vocabulary is a [KeywordBackend] that lists the words of its index, as
// its tokenizer writes them. A search on one also finds, for a query word
// of [MinRespellRunes] letters or more that the index lacks, the words of
// the index one letter away from it (a typo: a letter missing, added,
// changed, or two swapped): "recipt" finds "receipt".
type Vocabulary interface {
	// Words returns the index's words that start with prefix, in order,
	// at most limit of them.
	Words(ctx context.Context, prefix string, limit int) ([]string, error)
}

const (
	// MinRespellRunes is the fewest letters a typed word's stem (the
	// word without an ending the stemmer strips) and the index's word it
	// is respelled as must each have: a shorter word is one letter from
	// too many others, and often a real word the index lacks ("planet",
	// one letter from "plant", in cmd/memweave-bench's shapes.json
	// negatives).
	MinRespellRunes = 6
	// respellPrefix is how many first letters a respelling shares with
	// the word typed: the index's words are read by that prefix.
	respellPrefix = 2
	// maxRespellRead is the most words of the index read for one query
	// word.
	maxRespellRead = 4096
	// maxRespellings is the most words one query word is respelled as;
	// a word near more of the index's words is ambiguous and respelled as
	// none.
	maxRespellings = 3
	// maxRespelledWords is the most words a query may hold that the
	// index lacks for any to be respelled: each costs a read of the
	// index's word list, and a query of more (a text in another
	// language, made-up words) holds no typo of the index's words.
	maxRespelledWords = 4
)

// stemSuffixes are the endings the Porter stemmer may strip from a word,
// so that a typed word is compared with the index's stems without them:
// "accomodation" is "accomod" and "ation", one letter from the stem
// "accommod".
var stemSuffixes = []string{"", "s", "es", "e", "ed", "ing", "ly", "er", "ers", "y", "ies", "ied",
	"ation", "ations", "ate", "ates", "ion", "ions", "ment", "ments", "ness", "al", "ance", "ence",
	"able", "ible", "ive", "ize", "ise", "ous", "ful", "ity", "icate", "ical", "ic"}

// respell returns the index's words one letter from the query's words
// that the index lacks (known, the query's weights when the keyword
// side read them, tells which) (see [Vocabulary]), the plain words of terms of
// at least MinRespellRunes letters; none when the backend lists no words,
// reading them fails (respelling is a guess: a search goes on without
// it) or the query holds more than maxRespelledWords such words.
func (h *Hybrid) respell(ctx context.Context, terms []string, known TermWeights) []string {
	v, ok := h.Keyword.(Vocabulary)
	if !ok {
		return nil
	}
	var words []string
	for i, t := range terms {
		if utf8.RuneCountInString(t) < MinRespellRunes || tokenize.IsStopWord(t) || strings.ContainsFunc(t, func(r rune) bool { return !unicode.IsLetter(r) }) {
			continue
		}
		// The keyword side's weights, read when it found something, say
		// which words no chunk holds: a query of known words reads nothing.
		if len(known.absent) == len(terms) && !known.absent[i] {
			continue
		}
		words = append(words, t)
	}
	if len(words) == 0 {
		return nil
	}
	counts, err := h.Keyword.TermCounts(ctx, termMatches(words))
	if err != nil {
		return nil
	}
	var absent []string
	for i, w := range words {
		if counts[i] == 0 {
			absent = append(absent, w)
		}
	}
	if len(absent) > maxRespelledWords {
		return nil
	}
	var out []string
	for _, w := range absent {
		w = tokenize.Fold(w)
		vocab, err := v.Words(ctx, string([]rune(w)[:respellPrefix]), maxRespellRead)
		if err != nil {
			return nil
		}
		near := slices.DeleteFunc(vocab, func(t string) bool { return !nearStem(w, t) })
		if len(near) <= maxRespellings {
			out = append(out, near...)
		}
	}
	return out
}

// nearStem reports whether the index's word t, a stem, is one letter
// from the typed word w: w is a stem and an ending of [stemSuffixes]
// (a final "y" read as the stemmer's "i"), that stem and t of at least
// MinRespellRunes letters each and one edit apart.
func nearStem(w, t string) bool {
	if utf8.RuneCountInString(t) < MinRespellRunes {
		return false
	}
	for _, s := range stemSuffixes {
		p, ok := strings.CutSuffix(w, s)
		if !ok || utf8.RuneCountInString(p) < MinRespellRunes {
			continue
		}
		if oneEdit(p, t) {
			return true
		}
		if y, ok := strings.CutSuffix(p, "y"); ok && oneEdit(y+"i", t) {
			return true
		}
	}
	return false
}

// oneEdit reports whether a and b are exactly one edit apart: a letter
// deleted, inserted or substituted, or two adjacent letters swapped.
func oneEdit(a, b string) bool {
	x, y := []rune(a), []rune(b)
	if len(x) < len(y) {
		x, y = y, x
	}
	i := 0
	for i < len(y) && x[i] == y[i] {
		i++
	}
	switch len(x) - len(y) {
	case 0:
		if i == len(x) {
			return false // equal
		}
		if string(x[i+1:]) == string(y[i+1:]) {
			return true // substituted
		}
		return i+1 < len(x) && x[i] == y[i+1] && x[i+1] == y[i] && string(x[i+2:]) == string(y[i+2:])
	case 1:
		return string(x[i+1:]) == string(y[i:])
	}
	return false
}

// addRespelled adds to r's keyword hits the chunks holding the query's
// respellings ([Hybrid.respell]), matched by a keyword query of those
// words alone (their bm25() is the one they add to the query's: FTS5
// sums it over the query's terms), and returns the respellings.
func (h *Hybrid) addRespelled(ctx context.Context, req Request, terms []string, r *backendHits) ([]string, error) {
	alts := h.respell(ctx, terms, r.weights)
	if len(alts) == 0 {
		return nil, nil
	}
	match := make([]string, len(alts))
	for i, a := range alts {
		match[i] = quote(a)
	}
	hits, err := h.Keyword.Keyword(ctx, strings.Join(match, " OR "), req.Pool, req.Filter)
	if err != nil {
		return nil, fmt.Errorf("search: respelled: %w", err)
	}
	for _, hit := range hits {
		if !slices.ContainsFunc(r.kw, func(k store.KeywordHit) bool { return k.ID == hit.ID }) {
			r.kw = append(r.kw, hit)
		}
	}
	return alts, nil
}

// respelledWords returns the words of chunks' texts that the index
// stems as one of stems ("accommodation" for "accommod"), lower-cased,
// for snippets, whose matching does not stem as the index does.
func respelledWords(stems []string, chunks map[int64]store.Chunk) []string {
	var out []string
	if len(stems) == 0 {
		return nil
	}
	for _, c := range chunks {
		for _, w := range tokenize.Words(c.Text) {
			f := tokenize.Fold(w)
			if y, ok := strings.CutSuffix(f, "y"); ok {
				f = y + "i" // the stemmer's "necessari"
			}
			if slices.ContainsFunc(stems, func(s string) bool { return strings.HasPrefix(f, s) }) && !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
	}
	slices.Sort(out) // chunks is a map
	return out
}
