package search

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
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
	// minShortRunes is the fewest letters of a typed word's stem, and of
	// the index's word, that [nearShort] reads as a typo: two letters
	// swapped or a doubled letter typed once ("tokne", "comit").
	minShortRunes = 4
	// minClipRunes is the fewest letters a clipped word ([clipOf]) has,
	// its plural "s" aside: "impl", "calib", "creds"; "dev" and "env"
	// begin too many words.
	minClipRunes = 4
)

// stemSuffixes are the endings the Porter stemmer may strip from a word,
// so that a typed word is compared with the index's stems without them:
// "accomodation" is "accomod" and "ation", one letter from the stem
// "accommod".
var stemSuffixes = []string{"", "s", "es", "e", "ed", "ing", "ly", "er", "ers", "y", "ies", "ied",
	"ation", "ations", "ate", "ates", "ion", "ions", "ment", "ments", "ness", "al", "ance", "ence",
	"able", "ible", "ive", "ize", "ise", "ous", "ful", "ity", "icate", "ical", "ic"}

// respell returns, for each of the query's terms that the index lacks
// (known, the query's weights when the keyword side read them, tells
// which), the index's words it may stand for (see [Vocabulary]): the
// words one letter from it, a typo ([nearStem], [nearShort]), and the
// words it begins, a clipped word ([clipOf]); nil for the other terms.
// It reads the plain words of terms of at least [minClipRunes] letters
// and returns nil when the backend lists no words, reading them fails
// (respelling is a guess: a search goes on without it) or the query
// holds more than maxRespelledWords such words.
func (h *Hybrid) respell(ctx context.Context, terms []string, keywords bool, known TermWeights) [][]string {
	v, ok := h.Keyword.(Vocabulary)
	if !ok {
		return nil
	}
	var words []string
	var at []int // the index in terms of each of words
	for i, t := range terms {
		if utf8.RuneCountInString(t) < min(minClipRunes, MinRespellRunes) || !keywords && utf8.RuneCountInString(t) < MinRespellRunes || tokenize.IsStopWord(t) || strings.ContainsFunc(t, func(r rune) bool { return !unicode.IsLetter(r) }) {
			continue
		}
		// The keyword side's weights, read when it found something, say
		// which words no chunk holds: a query of known words reads nothing.
		if len(known.absent) == len(terms) && !known.absent[i] {
			continue
		}
		words, at = append(words, t), append(at, i)
	}
	if len(words) == 0 {
		return nil
	}
	counts, err := h.Keyword.TermCounts(ctx, termMatches(words))
	if err != nil {
		return nil
	}
	var absent []int
	for i := range words {
		if counts[i] == 0 {
			absent = append(absent, i)
		}
	}
	if len(absent) == 0 || len(absent) > maxRespelledWords {
		return nil
	}
	out := make([][]string, len(terms))
	for _, i := range absent {
		near, err := respellWord(ctx, v, tokenize.Fold(words[i]), keywords)
		if err != nil {
			return nil
		}
		out[at[i]] = near
	}
	return out
}

// respellWord returns the index's words the folded word w, which no
// chunk holds, may stand for: those one edit from it ([nearStem]), read
// by its first two letters, if at most maxRespellings. In a query of a
// few keywords (keywords) also those a short word's typo stands for
// ([nearShort]), read, for a word under [MinRespellRunes] letters, by the
// first two letters it would have with one of them swapped with the
// next too, and those it begins ([clipsOf]), read by its first 3
// letters (a clip of 3 and an "s").
func respellWord(ctx context.Context, v Vocabulary, w string, keywords bool) ([]string, error) {
	rs := []rune(w)
	prefixes := []string{string(rs[:respellPrefix])}
	if keywords && len(rs) < MinRespellRunes {
		prefixes = append(prefixes, string([]rune{rs[1], rs[0]}), string([]rune{rs[0], rs[2]}))
	}
	var near []string
	for i, p := range prefixes {
		if slices.Contains(prefixes[:i], p) {
			continue
		}
		vocab, err := v.Words(ctx, p, maxRespellRead)
		if err != nil {
			return nil, err
		}
		for _, t := range vocab {
			if (nearStem(w, t) || keywords && nearShort(w, t)) && !slices.Contains(near, t) {
				near = append(near, t)
			}
		}
	}
	if len(near) > maxRespellings {
		near = nil
	}
	if !keywords {
		return near, nil
	}
	clipped, err := clipsOf(ctx, v, w, near)
	if err != nil {
		return nil, err
	}
	return append(near, clipped...), nil
}

// clipsOf returns the index's words the typed word w begins ([clipOf]),
// those of near aside: all of them if at most maxRespellings; when more
// and v counts the chunks holding each ([WordCounter]), the one most of
// their chunks hold (see [dominantClip]); else none.
func clipsOf(ctx context.Context, v Vocabulary, w string, near []string) ([]string, error) {
	prefix := string([]rune(w)[:minClipRunes-1]) // "dep" for "deps"
	var vocab []string
	var docs []int
	var err error
	c, counts := v.(WordCounter)
	if counts {
		vocab, docs, err = c.WordDocs(ctx, prefix, maxRespellRead)
	} else {
		vocab, err = v.Words(ctx, prefix, maxRespellRead)
	}
	if err != nil {
		return nil, err
	}
	var clipped []string
	var held []int
	for i, t := range vocab {
		if clipOf(w, t) && !slices.Contains(near, t) {
			clipped = append(clipped, t)
			if counts {
				held = append(held, docs[i])
			}
		}
	}
	if len(clipped) <= maxRespellings {
		return clipped, nil
	}
	if !counts {
		return nil, nil
	}
	return dominantClip(clipped, held), nil
}

// dominantClip returns the word of clipped, the index's words a clip
// begins when more than maxRespellings do, that it is read as: the one
// held by the most chunks (held[i] those holding clipped[i]), when it is
// held by at least minDominance times as many as any other; none when
// no word stands out ("trans" among "transfer", "transport",
// "transcript" and "transaction" is any of them). Reading the clip as
// its 3 most held words instead put the other words' matches under
// theirs: on SciFact's claims clipped, it lost what this rule gains
// (cmd/memweave-bench/RESULTS.md, "Clips of many words, typos two edits away (srch17 lane)").
func dominantClip(clipped []string, held []int) []string {
	best, next := -1, 0
	for i, n := range held {
		switch {
		case best < 0 || n > held[best]:
			if best >= 0 {
				next = held[best]
			}
			best = i
		case n > next:
			next = n
		}
	}
	if best < 0 || held[best] == 0 || held[best] < minDominance*next {
		return nil
	}
	return clipped[best : best+1]
}

// minDominance is how many times as many chunks as any other of the
// index's words a clip begins the word it is read as must be held by
// ([dominantClip]).
const minDominance = 2

// WordCounter is a [Vocabulary] that also counts the chunks holding
// each of its words.
type WordCounter interface {
	// WordDocs returns what Words returns and how many chunks hold each
	// of those words.
	WordDocs(ctx context.Context, prefix string, limit int) ([]string, []int, error)
}

// nearStem reports whether the index's word t, a stem, is one letter
// from the typed word w: w is a stem and an ending of [stemSuffixes]
// (a final "y" read as the stemmer's "i"), that stem and t of at least
// MinRespellRunes letters each and one edit apart ([nearEnded]: not by
// the stem's last letter after an ending), or two edits of the kinds
// [undoubledEdit] and [vowelBeforeEnding] read.
func nearStem(w, t string) bool {
	return nearEnded(w, t) || nearWritten(w, t, false) ||
		nearBy(w, t, MinRespellRunes, undoubledEdit) || vowelBeforeEnding(w, t)
}

// nearEnded reports whether the typed word w is a stem and an ending of
// [stemSuffixes] (a final "y" read as the stemmer's "i") whose stem, of
// [MinRespellRunes] letters or more like the index's word t, is alike
// once doubled letters are written once ([undoubledAlike]) or one edit
// from t ([oneEdit]); after an ending, not by the stem's last letter
// ([lastLetterEdit]): there the edit makes another real word as often as
// a typo, the stem's end being where words of one root part ("composed",
// "compos" and "ed", is no typo of "compost"; "analysed" none of
// "analyt", "cancers" none of "cancel"). A letter of that place typed
// twice, changed for a key beside it, or swapped with its neighbour, is
// still read ([lastLetterEdit]).
func nearEnded(w, t string) bool {
	return nearByEnding(w, t, MinRespellRunes, func(p, t, ending string) bool {
		return undoubledAlike(p, t) || oneEdit(p, t) && (ending == "" || !lastLetterEdit(p, t, ending))
	})
}

// lastLetterEdit reports whether a and b, one edit apart ([oneEdit]),
// differ by the last letter of the longer changed, added or dropped,
// unless a letter doubled (the one before it, or the first of the
// ending that follows) or changed for a key beside it ([keyslip]): the
// typos of that place that seldom make another word.
func lastLetterEdit(a, b, ending string) bool {
	x, y, i := firstDiff(a, b)
	next, _ := utf8.DecodeRuneInString(ending)
	switch {
	case i != len(x)-1:
		return false
	case len(x) != len(y):
		return x[i] != x[max(i-1, 0)] && x[i] != next
	}
	return !keyslip(x[i], y[i])
}

// undoubledAlike reports whether a and b differ, but not once each run
// of a letter is written once: doubled letters typed once, or twice
// where the word has one ("tommorow" and "tomorrow", "embarass" and
// "embarrass"), the commonest misspellings of English, of which one
// word may hold several.
func undoubledAlike(a, b string) bool {
	if a == b {
		return false
	}
	for a != "" && b != "" {
		r, n := utf8.DecodeRuneInString(a)
		if q, _ := utf8.DecodeRuneInString(b); q != r {
			return false
		}
		a, b = skipRun(a[n:], r), skipRun(b[n:], r)
	}
	return a == "" && b == ""
}

// skipRun returns s without the runs of r that begin it.
func skipRun(s string, r rune) string {
	for {
		q, n := utf8.DecodeRuneInString(s)
		if n == 0 || q != r {
			return s
		}
		s = s[n:]
	}
}

const (
	// minSwapRunes is the fewest letters a typed word has for
	// [nearWritten] to read two letters of it swapped against the index's
	// word as written: the swap of a short stem's last letter and the
	// ending's first ("meetnig", "statsu").
	minSwapRunes = 6
	// minWrittenRunes is the fewest letters a typed word has for
	// [nearWritten] to read a letter of its stem dropped, added or
	// changed against the index's word as written, when the stemmer cuts
	// that word to fewer than [MinRespellRunes] letters ("seperate" for
	// "separ" and "ate", "certficate" for "certif" and "icate").
	minWrittenRunes = 8
	// minWrittenStem is the fewest letters of the index's stem that
	// [nearWritten] reads a letter of dropped, added or changed: with 4,
	// "distance" was "dist" and "ance", one letter from "diet"
	// (LongMemEval dev50, d3ab962e, lost its answer's first rank).
	minWrittenStem = 5
	// maxShortStemEnding is the longest ending [slipOf] reads after a
	// stem under [minWrittenStem] letters ("ing" of "cach").
	maxShortStemEnding = 3
)

// inflections are the endings of [stemSuffixes] that inflect a word
// (a plural, a tense, a comparative, an adverb) rather than derive
// another: after a short stem they make a real word of the typed one
// too often ("dreading" is "dream" and "ing" with a letter changed).
var inflections = []string{"", "s", "es", "e", "ed", "ing", "ly", "er", "ers", "y", "ies", "ied"}

// writtenEndings are the endings a word may have after the stem the
// index holds: one or two of [stemSuffixes] ("ication" is "ic" and
// "ation", the stemmer's "authent" of "authentication"), each true when
// it derives a word (not [inflections] alone).
var writtenEndings = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for _, a := range stemSuffixes {
		for _, b := range stemSuffixes {
			e := a + b
			out[e] = out[e] || !slices.Contains(inflections, a) || !slices.Contains(inflections, b)
		}
	}
	return out
})

// nearWritten reports whether the typed word w is one edit from the
// index's word t, a stem, as it is written with an ending
// ([writtenEndings]; a final "i" as "y", a final "e" dropped before an
// ending beginning with a vowel): when swaps, two adjacent letters
// swapped, in a word of [minSwapRunes] letters or more ("meetnig",
// "meet" and "ing"; "configuraiton", "configur" and "ation"), which
// [nearShort] reads in a query of keywords only ("planet" is "plant"
// and "e" with the last two swapped: in a sentence that found "plants"
// for a question no note answers, cmd/memweave-bench's shapes.json
// z12); otherwise a letter of the stem dropped, added or changed
// before an ending that derives a word, in a word of [minWrittenRunes]
// letters or more whose stem has [minWrittenStem] or more ("seperate",
// "certficate", "goverment"). A letter
// added after the stem only when it repeats the stem's last
// ("occassion", "occas" and "ion"): "plantation" is no typo of "plan"
// and "ation".
func nearWritten(w, t string, swaps bool) bool {
	if len(w) < minSwapRunes || len(t) < minShortRunes || !alignable(w, t) {
		return false
	}
	x := []rune(w)
	if len(x) < minSwapRunes || utf8.RuneCountInString(t) < minShortRunes {
		return false
	}
	s := []rune(t)
	stems := [3]writtenStem{{s: s}}
	if strings.HasSuffix(t, "i") {
		stems[1] = writtenStem{s: append(s[:len(s)-1:len(s)-1], 'y')}
	}
	if strings.HasSuffix(t, "e") {
		stems[2] = writtenStem{s: s[:len(s)-1], vowel: true} // "pric" of "price", before "ing"
	}
	for _, st := range stems {
		if st.s == nil {
			continue
		}
		if swaps && st.swapped(x) || !swaps && len(x) >= minWrittenRunes && len(st.s) >= minWrittenStem && st.edited(x) {
			return true
		}
	}
	return false
}

// alignable is a quick test of what every reading of [nearWritten]
// needs, for ASCII words, before any is made: past the first letter
// where w and t differ and the one after it, t's next letter (unless its
// last, which a reading may change) stands in w one letter before, at or
// after its place. Most of the index's words read for a typed one fail
// it.
func alignable(w, t string) bool {
	i := 0
	for i < len(w) && i < len(t) && w[i] == t[i] {
		i++
	}
	k := i + 2
	if k >= len(t)-1 {
		return true
	}
	for j := range len(w) {
		if w[j] >= utf8.RuneSelf {
			return true // not ASCII: byte places are no letters' places
		}
	}
	for j := range len(t) {
		if t[j] >= utf8.RuneSelf {
			return true
		}
	}
	c := t[k]
	return k-1 < len(w) && w[k-1] == c || k < len(w) && w[k] == c || k+1 < len(w) && w[k+1] == c
}

// writtenStem is a stem of the index's as a word may write it before
// its ending ([nearWritten]).
type writtenStem struct {
	s []rune
	// vowel is set when the stem's final "e" was dropped: an ending
	// beginning with a vowel follows.
	vowel bool
}

// ending reports whether e is an ending of [writtenEndings] that may
// follow the stem, one that derives a word when derive.
func (st writtenStem) ending(e []rune, derive bool) bool {
	derives, ok := writtenEndings()[string(e)]
	return ok && (derives || !derive) && (!st.vowel || len(e) > 0 && strings.ContainsRune("aeiouy", e[0]))
}

// swapped reports whether x with two adjacent letters swapped is the
// stem and an ending: the first letter x does not share with the stem
// is the first swapped, or, when x begins with the whole stem, one of
// the ending's.
func (st writtenStem) swapped(x []rune) bool {
	s := st.s
	i := commonPrefix(x, s)
	from, to := i, i
	if i == len(s) {
		to = len(x) - 2
	}
	for d := from; d <= to && d+1 < len(x); d++ {
		if x[d] == x[d+1] {
			continue
		}
		if d < len(s) && x[d+1] != s[d] {
			continue
		}
		y := slices.Clone(x)
		y[d], y[d+1] = y[d+1], y[d]
		if len(y) >= len(s) && slices.Equal(y[:len(s)], s) && st.ending(y[len(s):], false) {
			return true
		}
	}
	return false
}

// edited reports whether x is the stem with one of its letters changed
// (not its last: "allocate", "alloc" and "ate", is no typo of "allot",
// nor "creation" of "creak", as [nearEnded] reads no stem's last letter
// after an ending), dropped or added (after its end only when it
// repeats its last), and an ending that derives a word.
func (st writtenStem) edited(x []rune) bool {
	s := st.s
	i := commonPrefix(x, s)
	if i < len(s)-1 && len(x) > len(s) && slices.Equal(x[i+1:len(s)], s[i+1:]) && st.ending(x[len(s):], true) {
		return true // changed
	}
	if i < len(s) && len(x) >= len(s) && slices.Equal(x[i:len(s)-1], s[i+1:]) && st.ending(x[len(s)-1:], true) {
		return true // dropped
	}
	return i <= len(s) && i > 0 && len(x) > len(s)+1 && slices.Equal(x[i+1:len(s)+1], s[i:]) &&
		(i < len(s) || x[i] == x[i-1]) && st.ending(x[len(s)+1:], true) // added
}

// commonPrefix returns how many first runes a and b share.
func commonPrefix(a, b []rune) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
}

// nearShort reports whether the index's word t, a stem, is the typed
// word w with two adjacent letters swapped, a doubled letter typed once
// or a letter typed twice, or a consonant changed for a key beside it
// ([keyslip]), once w is a stem and an ending of [stemSuffixes]: the
// typos [nearStem] does not read in a word shorter than
// [MinRespellRunes] letters. A letter added or left out, or one changed
// for a key further away, makes too many real words of a short one
// ("cloth" and "clock", "hose" and "horse"); a swap, a doubling or a
// key's neighbour seldom does. It also reads a letter doubled before an
// ending the stemmer strips ("postgress", "postgres" and "postgr"), and
// two letters swapped and one more slip in a long stem ([swapAndEdit]).
func nearShort(w, t string) bool {
	if nearBy(w, t, minShortRunes, swapOrDouble) || slipOf(w, t) || nearWritten(w, t, true) || nearBy(w, t, minSwapEditRunes, swapAndEdit) {
		return true
	}
	rs := []rune(w)
	for i := 1; i < len(rs); i++ {
		if rs[i] == rs[i-1] && nearBy(string(rs[:i])+string(rs[i+1:]), t, minShortRunes, func(a, b string) bool { return a == b }) {
			return true
		}
	}
	return false
}

// slipOf reports whether the typed word w is a word the index stems as
// t, of at least [minShortRunes] letters, with one letter changed for a
// key beside it ([keyslip]): w is compared with t and each ending of
// [stemSuffixes] as the word would be written ("cacje" with "cach" and
// "e"; the stemmer's final "i" as "y", "qurry" with "query"), not with
// t alone, so that the letter changed is not one an ending stands for
// ("hosre" is no slip of "hose", "hosr" and "e"). An ending beginning
// with "e" never follows a stem ending in "e", which the stemmer keeps
// only when no "e" followed, nor one of more than [maxShortStemEnding]
// letters a stem under [minWrittenStem]: the word is then mostly its
// ending ("distance" is no slip of "diet" and "ance").
func slipOf(w, t string) bool {
	if utf8.RuneCountInString(t) < minShortRunes {
		return false
	}
	stems := []string{t}
	if y, ok := strings.CutSuffix(t, "i"); ok {
		stems = append(stems, y+"y")
	}
	n := utf8.RuneCountInString(w)
	for _, st := range stems {
		for _, suf := range stemSuffixes {
			if strings.HasSuffix(st, "e") && strings.HasPrefix(suf, "e") || utf8.RuneCountInString(st)+utf8.RuneCountInString(suf) != n ||
				utf8.RuneCountInString(st) < minWrittenStem && utf8.RuneCountInString(suf) > maxShortStemEnding {
				continue
			}
			x, y, i := firstDiff(w, st+suf)
			if i < len(x) && string(x[i+1:]) == string(y[i+1:]) && (keyslip(x[i], y[i]) || vowelSlip(x, y, i)) {
				return true
			}
		}
	}
	return false
}

// keyRows are the letter rows of a QWERTY keyboard, top first; a key
// touches its neighbours in its row, and the two keys of the row above
// it at its index and the next (the rows are staggered).
var keyRows = [3]string{"qwertyuiop", "asdfghjkl", "zxcvbnm"}

// keyslip reports whether the letters a and b are keys beside each other
// on a QWERTY keyboard, not both vowels: a finger that slips hits a
// neighbour, and a vowel changed for a vowel makes another real word too
// often ("click" and "clock", "firm" and "form").
func keyslip(a, b rune) bool {
	return !(isVowel(a) && isVowel(b)) && besideKeys(a, b)
}

// minVowelSlipRunes is the fewest letters of a typed word that
// [vowelSlip] reads.
const minVowelSlipRunes = 5

// vowelSlip reports whether x and y, of the same length, differ at i
// by a vowel changed for the vowel key beside it (i and u, i and o)
// inside a pair of vowels, in a word of [minVowelSlipRunes] letters or
// more ("emaul" and "email", "vouce" and "voice"): a vowel between
// consonants makes another real word too often ("shirt" and "short",
// "stuck" and "stick"), as a shorter word does ("soul" and "soil"), and
// so does a doubled vowel, which English writes in many words ("spool"
// and "spoil").
func vowelSlip(x, y []rune, i int) bool {
	if len(x) < minVowelSlipRunes || !isVowel(x[i]) || !isVowel(y[i]) || !besideKeys(x[i], y[i]) {
		return false
	}
	for _, j := range []int{i - 1, i + 1} {
		if j >= 0 && j < len(x) && isVowel(x[j]) && x[j] != x[i] && x[j] != y[i] {
			return true
		}
	}
	return false
}

// isVowel reports whether r is one of the vowels a, e, i, o, u.
func isVowel(r rune) bool { return strings.ContainsRune("aeiou", r) }

// besideKeys reports whether the letters a and b are keys beside each
// other on a QWERTY keyboard ([keyRows]).
func besideKeys(a, b rune) bool {
	for r, row := range keyRows {
		i, j := strings.IndexRune(row, a), strings.IndexRune(row, b)
		if i >= 0 && j >= 0 && (i-j == 1 || j-i == 1) {
			return true
		}
		if r == 0 {
			continue
		}
		above := keyRows[r-1]
		if i >= 0 && (strings.IndexRune(above, b) == i || strings.IndexRune(above, b) == i+1) {
			return true
		}
		if j >= 0 && (strings.IndexRune(above, a) == j || strings.IndexRune(above, a) == j+1) {
			return true
		}
	}
	return false
}

// nearBy reports whether the typed word w is a stem and an ending of
// [stemSuffixes] (a final "y" read as the stemmer's "i") whose stem is
// near (by near) the index's word t, both of at least least letters.
func nearBy(w, t string, least int, near func(a, b string) bool) bool {
	return nearByEnding(w, t, least, func(p, t, _ string) bool { return near(p, t) })
}

// nearByEnding is [nearBy] with near told the ending set aside ("" for
// none).
func nearByEnding(w, t string, least int, near func(p, t, ending string) bool) bool {
	if utf8.RuneCountInString(t) < least {
		return false
	}
	for _, s := range stemSuffixes {
		p, ok := strings.CutSuffix(w, s)
		if !ok || utf8.RuneCountInString(p) < least {
			continue
		}
		if near(p, t, s) {
			return true
		}
		if y, ok := strings.CutSuffix(p, "y"); ok && near(y+"i", t, s) {
			return true
		}
	}
	return false
}

// swapOrDouble reports whether a and b differ by two adjacent letters
// swapped, or by one letter of a doubled pair.
func swapOrDouble(a, b string) bool {
	x, y, i := firstDiff(a, b)
	switch len(x) - len(y) {
	case 0:
		return i+1 < len(x) && x[i] != x[i+1] && x[i] == y[i+1] && x[i+1] == y[i] && string(x[i+2:]) == string(y[i+2:])
	case 1:
		// x holds one letter more at i: a doubled letter when it repeats
		// the one before or after it.
		return string(x[i+1:]) == string(y[i:]) && (i > 0 && x[i-1] == x[i] || i+1 < len(x) && x[i+1] == x[i])
	}
	return false
}

// clipOf reports whether the typed word w, which no chunk holds, is the
// index's word t clipped: t's first letters, at least [minClipRunes] of
// them, with a plural "s" or not ("impl" of "implement", "creds" of
// "credenti"), or t whole followed by the first letters of an ending
// the stemmer strips from it ("deploym" of "deploi", "subscr" of
// "subscript"). A clip ends inside the word: t is longer than what w
// shares with it.
func clipOf(w, t string) bool {
	for _, s := range []string{"", "s"} {
		p, ok := strings.CutSuffix(w, s)
		if s != "" && strings.HasSuffix(p, "s") {
			continue // "press" is no plural
		}
		if ok && utf8.RuneCountInString(p) >= minClipRunes-len(s) && len(t) > len(p) && strings.HasPrefix(t, p) {
			return true
		}
	}
	stem := t
	if y, ok := strings.CutSuffix(t, "i"); ok {
		stem = y + "y" // the stemmer's "deploi" for "deploy"
	}
	for _, st := range []string{t, stem} {
		rest, ok := strings.CutPrefix(w, st)
		if !ok || rest == "" || utf8.RuneCountInString(st) < minClipRunes {
			continue
		}
		for _, suf := range stemSuffixes {
			if len(suf) > len(rest) && strings.HasPrefix(suf, rest) {
				return true
			}
		}
	}
	return false
}

// firstDiff returns the runes of a and b, the longer first, and the
// index of the first rune where they differ.
func firstDiff(a, b string) (x, y []rune, i int) {
	x, y = []rune(a), []rune(b)
	if len(x) < len(y) {
		x, y = y, x
	}
	for i < len(y) && x[i] == y[i] {
		i++
	}
	return x, y, i
}

// oneEdit reports whether a and b are exactly one edit apart: a letter
// deleted, inserted or substituted, or two adjacent letters swapped.
func oneEdit(a, b string) bool {
	x, y, i := firstDiff(a, b)
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
// sums it over the query's terms), and returns the respellings of each
// term (nil when there are none).
func (h *Hybrid) addRespelled(ctx context.Context, req Request, terms []string, keywords bool, r *backendHits) ([][]string, error) {
	alts := h.respell(ctx, terms, keywords, r.weights)
	var match []string
	for _, as := range alts {
		for _, a := range as {
			match = append(match, stemMatch(a))
		}
	}
	if len(match) == 0 {
		return nil, nil
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

// stemMatch returns the FTS5 term that matches the index's word s, a
// stem: s quoted, which the index's stemmer reads as s, but for a stem
// ending in "y", which it writes as "i" unless it stripped an ending
// after the "y" ("deploy" of "deployment"; "deploy" itself is
// "deploi"): that one is spelled with "ment", which it strips back; and
// for a stem of 5 letters or more ending in "e" or in one "s", from
// which the stemmer would strip it ("committe" of "committee" read as
// "committ", "occas" of "occasion" as "occa"): that one is spelled
// with an "e", which it strips back.
func stemMatch(s string) string {
	switch {
	case strings.HasSuffix(s, "y"):
		return quote(s + "ment")
	case utf8.RuneCountInString(s) >= 5 && (strings.HasSuffix(s, "e") || strings.HasSuffix(s, "s") && !strings.HasSuffix(s, "ss")):
		return quote(s + "e")
	}
	return quote(s)
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
			f := tokenize.Fold(strings.ToLower(w))
			if slices.ContainsFunc(stems, func(s string) bool { return stemOf(f, s) }) && !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
	}
	slices.Sort(out) // chunks is a map
	return out
}

// stemOf reports whether the index may stem the folded word f as s,
// read as the Porter stemmer writes it: f begins with s, with a "y"
// where s has its final "i" ("necessary" and "deployment" for
// "necessari" and "deploi"), or with a vowel where s has its final "e"
// ("pricing" for "price").
func stemOf(f, s string) bool {
	if strings.HasPrefix(f, s) {
		return true
	}
	if i, ok := strings.CutSuffix(s, "i"); ok && strings.HasPrefix(f, i+"y") {
		return true
	}
	e, ok := strings.CutSuffix(s, "e")
	rest, begins := strings.CutPrefix(f, e)
	return ok && begins && rest != "" && strings.ContainsRune("aeiouy", []rune(rest)[0])
}

// minSwapEditRunes is the fewest letters of the index's stem that
// [swapAndEdit] reads two edits from: a shorter one read about twice as
// many of SciFact's real words as another word of the corpus
// (cmd/memweave-bench/RESULTS.md, "Clips of many words, typos two edits away (srch17 lane)").
const minSwapEditRunes = 8

// undoubledEdit reports whether the typed stem a and the index's stem
// b differ by a vowel changed for another vowel or by two adjacent
// letters swapped once each run of a letter is written once, a run of
// either doubled, b of [MinRespellRunes] letters or more so written: a
// doubled letter typed once and a vowel spelled by ear ("paswerd" of
// "password"), or two letters swapped ("questionarie" of
// "questionnaire"). Any other second edit reads real words as others
// ("clarified" as "classified", "chromatin" as "chromaffin"): seven
// times as many of SciFact's real words as another word of the corpus
// (cmd/memweave-bench/RESULTS.md, "Clips of many words, typos two edits away (srch17 lane)").
func undoubledEdit(a, b string) bool {
	doubled, edited, n := false, false, 0
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		a2, b2 := skipRun(a[na:], ra), skipRun(b[nb:], rb)
		doubled = doubled || len(a2) < len(a)-na || len(b2) < len(b)-nb
		n++
		switch {
		case ra == rb:
		case edited:
			return false
		case swappedRuns(a2, b2, ra, rb):
			edited, n = true, n+1
			a2, b2 = skipRun(a2, rb), skipRun(b2, ra)
		case isVowel(ra) && isVowel(rb):
			edited = true
		default:
			return false
		}
		a, b = a2, b2
	}
	return a == "" && b == "" && edited && doubled && n >= MinRespellRunes
}

// swappedRuns reports whether the runs after ra in a and after rb in b
// are of rb and ra: the two letters swapped, once doubled letters are
// written once.
func swappedRuns(a, b string, ra, rb rune) bool {
	qa, _ := utf8.DecodeRuneInString(a)
	qb, _ := utf8.DecodeRuneInString(b)
	return a != "" && b != "" && qa == rb && qb == ra
}

// swapAndEdit reports whether the typed stem a and the index's stem b,
// of [minSwapEditRunes] letters or more, are two adjacent letters
// swapped and one more edit apart ([oneEdit], [swapOrDouble]), in
// either order from the first letter where they differ
// ("acommodaiton" of "accommod" and "ation").
func swapAndEdit(a, b string) bool {
	if d := utf8.RuneCountInString(a) - utf8.RuneCountInString(b); d < -1 || d > 1 || utf8.RuneCountInString(b) < minSwapEditRunes {
		return false // a swap keeps the length, one edit changes it by one
	}
	x, y := []rune(a), []rune(b)
	i := commonPrefix(x, y)
	if i+1 < len(x) && x[i] != x[i+1] {
		z := slices.Clone(x[i:])
		z[0], z[1] = z[1], z[0]
		if oneEdit(string(z), string(y[i:])) {
			return true
		}
	}
	if i >= len(x) || i >= len(y) {
		return false
	}
	return swapOrDouble(string(x[i+1:]), string(y[i+1:])) && len(x)-i > 2 || // changed
		swapOrDouble(string(x[i+1:]), string(y[i:])) || // added
		swapOrDouble(string(x[i:]), string(y[i+1:])) // dropped
}

// minVowelStem is the fewest letters of the index's stem that
// [vowelBeforeEnding] reads a vowel of changed.
const minVowelStem = 6

// vowelBeforeEnding reports whether the typed word w is the index's
// stem t, of [minVowelStem] letters or more, written with an ending of
// [writtenEndings], inflections too, with a vowel of t changed for
// another vowel between two consonants, not in its last two letters
// ("definately", "definit" and "ely"): the unstressed vowel English
// spells by ear. [writtenStem.edited] takes a derivational ending only,
// since a letter changed at a short stem's end before an inflection is
// another word ("dreading" and "dream"); a vowel inside a longer stem
// seldom is (cmd/memweave-bench/RESULTS.md, "Clips of many words, typos two edits away (srch17 lane)").
func vowelBeforeEnding(w, t string) bool {
	if len(w) <= len(t) || utf8.RuneCountInString(t) < minVowelStem {
		return false
	}
	// Bytes: the letters compared are ASCII vowels and their neighbours,
	// and a byte of a letter of another script is none of them.
	i := 0
	for i < len(t) && w[i] == t[i] {
		i++
	}
	if i < 1 || i >= len(t)-1 || !isVowel(rune(w[i])) || !isVowel(rune(t[i])) || isVowel(rune(t[i-1])) || isVowel(rune(t[i+1])) {
		return false
	}
	_, ok := writtenEndings()[w[len(t):]]
	return ok && w[i+1:len(t)] == t[i+1:]
}
