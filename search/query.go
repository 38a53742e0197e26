package search

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memweave/memweave-go/tokenize"
)

// MaxQueryTerms caps the number of OR-ed terms [KeywordQuery] emits; terms
// past the cap are dropped, the most specific ones (the query's own words,
// in order) being kept first.
const MaxQueryTerms = 64

// minPartRunes is the shortest compound part that becomes an OR term of its
// own: "v1.2.3" yields the phrase "v1 2 3" but not the terms "2" and "3",
// which would match nearly every chunk.
const minPartRunes = 3

// QueryOptions tune how the keyword side reads a query. The zero value is
// the default: question words searched like any word and the phrase query
// at [DefaultPhraseWeight].
type QueryOptions struct {
	// DropQuestionWords drops the question words of
	// [tokenize.IsQuestionWord] (remind, remember, mentioned, ago, ...)
	// from the keyword and phrase queries, as other stop words are. Off by
	// default: the list was chosen on the development sets of
	// cmd/memweave-bench, and on the halves of them held aside it did not
	// help the sets' own metrics (cmd/memweave-bench/RESULTS.md).
	DropQuestionWords bool
	// PhraseWeight is the weight of the phrase query ([PhraseQuery]) in a
	// chunk's keyword score; nil means [DefaultPhraseWeight], new(0.0)
	// runs no phrase query.
	PhraseWeight *float64
}

// phraseWeight returns PhraseWeight with its default applied.
func (o QueryOptions) phraseWeight() float64 {
	if o.PhraseWeight == nil {
		return DefaultPhraseWeight
	}
	return max(*o.PhraseWeight, 0)
}

// stop reports whether the planner drops the query word w.
func (o QueryOptions) stop(w string) bool {
	return tokenize.IsStopWord(w) && (o.DropQuestionWords || !tokenize.IsQuestionWord(w))
}

// KeywordQuery is [KeywordQuery] under o.
func (o QueryOptions) KeywordQuery(q string) string {
	return strings.Join(o.plan(q).fts, " OR ")
}

// QueryTerms is [QueryTerms] under o.
func (o QueryOptions) QueryTerms(q string) []string {
	return o.plan(q).words
}

// KeywordQuery plans an FTS5 MATCH expression for the free-text query q,
// for a table tokenized with `porter unicode61`. It returns "" when q has
// nothing searchable.
//
// The output always has the form
//
//	"a" OR "b c" OR "d" *
//
// that is, double-quoted strings (an inner '"' doubled) joined by " OR ",
// each optionally followed by " *". Everything the user typed ends up inside
// quotes, so FTS5 operators in the input (AND, NEAR, parentheses, '*', '^',
// column filters "col:") are searched as plain words and no input produces
// an FTS5 syntax error.
//
// Planning, on the tokens of [tokenize.Words]:
//   - English stop words ([tokenize.IsStopWord]: "the", "what", "did",
//     ...) are dropped, unless the query has nothing else, in which case
//     they are all kept; the question words ("remember", "ago", ...) are
//     kept unless [QueryOptions.DropQuestionWords] asks otherwise;
//   - a compound token such as "zebra-comet-2026", "v1.2.3", "E-1234" or
//     "pkg/foo.go" becomes the phrase of its parts, "zebra comet 2026":
//     unicode61 splits on '-', '.', '/', so the phrase matches exactly the
//     adjacent tokens whatever separator the document used; its parts of at
//     least 3 characters that are not stop words are OR-ed in as well, after
//     all the query's own terms, for partial recall;
//   - a run of CJK characters (Han, Kana, Hangul) becomes a prefix query on
//     the whole run, "我们使用" *, followed later by prefix queries on its
//     overlapping bigrams, "我们" * OR "们使" * OR "使用" *. unicode61 keeps
//     a space-less CJK clause as one token, so FTS5 can only find CJK text
//     where a clause starts with the query's characters; this is best effort
//     and the vector backend carries CJK recall;
//   - terms are deduplicated and capped at [MaxQueryTerms].
func KeywordQuery(q string) string {
	return QueryOptions{}.KeywordQuery(q)
}

// PhraseQuery plans the FTS5 MATCH expression of the phrase query of q:
// each pair of its words that are adjacent once stop words are dropped,
// as a phrase, "charity cycling" OR "cycling event". A compound token
// counts as one word and contributes its parts ("bike-related expenses"
// gives "bike related expenses"); a CJK run breaks the adjacency. It
// returns "" when q has fewer than two such words, or only stop words.
//
// Its output has the form of [KeywordQuery]'s, without prefix terms, and
// at most [MaxQueryTerms] phrases. The phrase query rewards chunks where
// the query's words stand together, the proximity that bm25() alone
// ignores; its score is added to the keyword score with
// [QueryOptions.PhraseWeight].
func PhraseQuery(q string) string {
	return QueryOptions{}.PhraseQuery(q)
}

// PhraseQuery is [PhraseQuery] under o.
func (o QueryOptions) PhraseQuery(q string) string {
	var (
		out  []string
		seen = make(map[string]bool)
		prev string // the previous word's parts, "" after a CJK run
	)
	for _, t := range queryTokens(q) {
		if len(out) >= MaxQueryTerms {
			break
		}
		if t.cjk {
			prev = ""
			continue
		}
		if o.stop(t.text) {
			continue
		}
		cur := strings.Join(tokenize.Parts(t.text), " ")
		if !searchable(cur) {
			continue
		}
		if prev != "" {
			r := quote(prev + " " + cur)
			if !seen[r] {
				seen[r] = true
				out = append(out, r)
			}
		}
		prev = cur
	}
	return strings.Join(out, " OR ")
}

// QueryTerms returns the words the keyword query of q searches for, lower
// cased and deduplicated, for highlighting with [Snippet]: the non-stop
// words of q (all words when q has only stop words), the parts of its
// compound tokens, and for CJK text its bigrams (a lone CJK character stays
// as it is). It returns nil when q has nothing searchable.
func QueryTerms(q string) []string {
	return QueryOptions{}.QueryTerms(q)
}

// plan is a planned keyword query.
type plan struct {
	fts   []string // rendered FTS5 terms, in priority order
	words []string // highlight words
}

// planner accumulates terms with deduplication and the term cap.
type planner struct {
	plan
	seenFTS  map[string]bool
	seenWord map[string]bool
}

func (p *planner) addFTS(s string, prefix bool) {
	if len(p.fts) >= MaxQueryTerms || !searchable(s) {
		return
	}
	r := quote(s)
	if prefix {
		r += " *"
	}
	if p.seenFTS[r] {
		return
	}
	p.seenFTS[r] = true
	p.fts = append(p.fts, r)
}

func (p *planner) addWord(w string) {
	if len(p.words) >= MaxQueryTerms || p.seenWord[w] || !searchable(w) {
		return
	}
	p.seenWord[w] = true
	p.words = append(p.words, w)
}

// queryToken is one unit of a query: a word from [tokenize.Words] or a run
// of adjacent CJK characters.
type queryToken struct {
	text string
	cjk  bool
}

// plan plans the keyword query of q under o.
func (o QueryOptions) plan(q string) plan {
	toks := queryTokens(q)
	keepStops := true
	for _, t := range toks {
		if t.cjk || !o.stop(t.text) {
			keepStops = false
			break
		}
	}
	p := &planner{seenFTS: map[string]bool{}, seenWord: map[string]bool{}}
	var later []func()
	for _, t := range toks {
		if len(p.fts) >= MaxQueryTerms && len(p.words) >= MaxQueryTerms {
			break // Everything from here on would be dropped.
		}
		switch {
		case t.cjk:
			p.addFTS(t.text, true)
			bi := cjkBigrams(t.text)
			later = append(later, func() {
				for _, b := range bi {
					p.addFTS(b, true)
				}
			})
			for _, b := range bi {
				p.addWord(b)
			}
		case !keepStops && o.stop(t.text):
			// Dropped.
		default:
			parts := tokenize.Parts(t.text)
			p.addFTS(strings.Join(parts, " "), false)
			p.addWord(t.text)
			if len(parts) < 2 {
				continue
			}
			var extra []string
			for _, part := range parts {
				if utf8.RuneCountInString(part) >= minPartRunes && !tokenize.IsStopWord(part) {
					extra = append(extra, part)
				}
			}
			later = append(later, func() {
				for _, part := range extra {
					p.addFTS(part, false)
				}
			})
			for _, part := range extra {
				p.addWord(part)
			}
		}
	}
	for _, f := range later {
		f()
	}
	return p.plan
}

// queryTokens splits q into words and CJK runs, in order. Text between CJK
// runs is tokenized by [tokenize.Words], which yields the same words as on
// the whole query because a connector before a CJK character ends a word.
func queryTokens(q string) []queryToken {
	var out []queryToken
	seg := 0 // start of the pending non-CJK segment
	for i := 0; i < len(q); {
		r, size := utf8.DecodeRuneInString(q[i:])
		if !tokenize.IsCJK(r) {
			i += size
			continue
		}
		for _, w := range tokenize.Words(q[seg:i]) {
			out = append(out, queryToken{text: w})
		}
		j := i + size
		for j < len(q) {
			r, size := utf8.DecodeRuneInString(q[j:])
			if !tokenize.IsCJK(r) {
				break
			}
			j += size
		}
		out = append(out, queryToken{text: q[i:j], cjk: true})
		i, seg = j, j
	}
	for _, w := range tokenize.Words(q[seg:]) {
		out = append(out, queryToken{text: w})
	}
	return out
}

// cjkBigrams returns the overlapping character pairs of a CJK run, at
// most MaxQueryTerms of them, or the run itself when it is a single
// character.
func cjkBigrams(run string) []string {
	var out []string
	prev := -1 // start of the previous rune
	for i := range run {
		if prev >= 0 {
			_, size := utf8.DecodeRuneInString(run[i:])
			out = append(out, run[prev:i+size])
			if len(out) == MaxQueryTerms {
				break
			}
		}
		prev = i
	}
	if out == nil {
		return []string{run}
	}
	return out
}

// quote renders s as an FTS5 string: double quotes around, inner double
// quotes doubled.
func quote(s string) string {
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// searchable reports whether s holds a rune that unicode61 treats as part
// of a token (categories L* and N*), so the quoted term is not empty.
func searchable(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsNumber(r) {
			return true
		}
	}
	return false
}
