package search

import (
	"slices"
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

// QueryTerms is [QueryTerms] under o.
func (o QueryOptions) QueryTerms(q string) []string {
	return o.plan(queryTokens(q)).words
}

// queryPlan is everything the keyword side of one search reads from its
// query, planned once: the keyword query, the phrase query (when the
// phrase weight asks for one) and the terms that calibrate keyword scores
// and highlight snippets.
type queryPlan struct {
	keyword, phrase string
	terms           []string
	// cut is the first query word the term cap left out, "" if none.
	cut string
	// keywords reports that the query is a few keywords: at most
	// [maxJoined] words and no stop word. A word the index lacks is then
	// read as clipped or as a typo of a short word too, and a word
	// respelled counts as the word typed (see [Hybrid.respell]); a
	// question or a sentence ("which river flows through Lisbon") holds
	// real words the index lacks ("river"), which are no clip of a
	// longer one ("riverside").
	keywords bool
	// alts are, for each of terms, its other spellings of one word that
	// the keyword query searched (a numeronym's word, a British or
	// American spelling, an irregular plural's other form): a chunk
	// holding one holds the term, for the keyword score (see
	// [TermWeights]).
	alts [][]string
	// highlight are the terms and the words of the other spellings the
	// keyword query searched (see [alternates]), for [Snippet]: a chunk
	// found by "kubernetes" for "k8s" shows where it says so.
	highlight []string
}

// planQuery plans q under o for one search.
func (o QueryOptions) planQuery(q string) queryPlan {
	toks := queryTokens(q)
	p := o.plan(toks)
	qp := queryPlan{keyword: strings.Join(p.fts, " OR "), terms: p.words, cut: p.cut, highlight: p.words}
	for _, alt := range p.alts {
		for _, w := range strings.Fields(alt) {
			if !slices.Contains(qp.highlight, w) {
				qp.highlight = append(slices.Clip(qp.highlight), w)
			}
		}
	}
	if o.phraseWeight() > 0 {
		qp.phrase = o.phrase(toks, quotedPhrases(q))
	}
	short := o.words(toks) <= maxJoined
	qp.keywords = short && !slices.ContainsFunc(toks, func(t queryToken) bool { return !t.cjk && o.stop(t.text) })
	qp.alts = termAlternates(p.words, toks, short)
	return qp
}

// termAlternates returns, for each term, the other spellings the
// keyword query searches for it alone ([shortFormsOf], [spellingsOf],
// [versionsOf]: a word, or a version as the phrase of its parts), and
// the other spellings of a date it is a word of ([dateSpellings]: "3rd
// of November" in ISO order is the phrase "11 03", which each of "3rd"
// and "november" counts as); nil when no term has one. A short query
// (short: at most [maxJoined] words) also searches the other forms of
// its plurals and the short forms of its words.
func termAlternates(terms []string, toks []queryToken, short bool) [][]string {
	var out [][]string
	add := func(t string, a []string) {
		i := slices.Index(terms, t)
		if i < 0 || len(a) == 0 {
			return
		}
		if out == nil {
			out = make([][]string, len(terms))
		}
		out[i] = append(out[i], a...)
	}
	for _, t := range terms {
		spelt, _ := spellingsOf(t, short)
		add(t, append(shortFormsOf(t, short), spelt...))
	}
	for i, t := range toks {
		if !t.cjk {
			add(t.text, versionsOf(toks, i))
		}
	}
	for _, d := range dateSpellings(toks) {
		for _, i := range d.toks {
			add(toks[i].text, d.phrases)
		}
	}
	return out
}

// versionsOf returns the other ways the version toks[i] is written, as
// phrases of their parts: "v1.2" as "1 2" and "1.2" as "v1 2" (a "v"
// before the number or not); "go1.26" as "go 1 26" and, after the word
// "go", "1.26" as "go1 26" (a name glued to its number or apart); a
// range's bounds, "1.2-1.4" as "1 2" and "1 4". A version is a number of
// dotted groups ([isDotted]: "1.2", not "2026" nor "12.344") not followed
// by a unit ("3.5 GHz"), or a number glued after letters ("python3.11");
// nil for any other word.
func versionsOf(toks []queryToken, i int) []string {
	t := toks[i]
	if t.cjk {
		return nil
	}
	parts := tokenize.Parts(t.text)
	var out []string
	switch {
	case isDotted(t.text, parts) && (i+1 == len(toks) || !isUnit(toks[i+1].text)):
		out = append(out, "v"+strings.Join(parts, " "))
		if i > 0 && !toks[i-1].cjk && isName(toks[i-1].text) {
			out = append(out, toks[i-1].text+strings.Join(parts, " "))
		}
	case isVersion(parts):
		name := strings.TrimRightFunc(parts[0], isASCIIDigit)
		rest := append([]string{parts[0][len(name):]}, parts[1:]...)
		if name == "v" {
			out = append(out, strings.Join(rest, " "))
		} else {
			out = append(out, name+" "+strings.Join(rest, " "))
		}
	}
	if lo, hi, ok := strings.Cut(t.text, "-"); ok && strings.Contains(lo, ".") && strings.Contains(hi, ".") {
		for _, bound := range []string{lo, hi} {
			if b := tokenize.Parts(bound); allDigits(b) || isVersion(b) {
				out = append(out, strings.Join(b, " "))
			}
		}
	}
	return out
}

// isDotted reports whether the word w, of parts, is a number that may be
// a version: groups of one or two digits joined by dots, "1.2",
// "4.17.0", not "12,344", "3.14159" or a date.
func isDotted(w string, parts []string) bool {
	if len(parts) < 2 || !allDigits(parts) || strings.ContainsFunc(w, func(r rune) bool { return r != '.' && !isASCIIDigit(r) }) {
		return false
	}
	return !slices.ContainsFunc(parts, func(p string) bool { return len(p) > 2 })
}

// isVersion reports whether a compound's parts are a version glued after
// letters: "v1 2", "go1 26", "python3 11"; its first part letters then
// digits, every other part digits.
func isVersion(parts []string) bool {
	if len(parts) < 2 || !allDigits(parts[1:]) {
		return false
	}
	name := strings.TrimRightFunc(parts[0], isASCIIDigit)
	return name != "" && len(name) < len(parts[0]) && isName(name)
}

// isName reports whether w is a word of ASCII letters alone that is not
// a stop word: a name a version may follow ("go", "python", "v").
func isName(w string) bool {
	return w != "" && !tokenize.IsStopWord(w) && !strings.ContainsFunc(w, func(r rune) bool { return (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') })
}

// isASCIIDigit reports whether r is a digit 0 to 9.
func isASCIIDigit(r rune) bool { return '0' <= r && r <= '9' }

// quotedPhrases returns the phrases q quotes, "on call" in `"on call"
// rota`: the words between a pair of double quotes (straight or curly),
// stop words kept, since a quoted phrase asks for its words as written,
// each compound as its parts; a quote of fewer than two words is none.
func quotedPhrases(q string) []string {
	q = strings.NewReplacer("\u201c", `"`, "\u201d", `"`).Replace(tokenize.Normalize(q))
	pieces := strings.Split(q, `"`)
	var out []string
	for i := 1; i+1 < len(pieces); i += 2 { // the odd pieces lie between a pair
		var words []string
		for _, t := range queryTokens(pieces[i]) {
			if t.cjk {
				words = append(words, cjkBigrams(t.text)...)
				continue
			}
			words = append(words, tokenize.Parts(t.text)...)
		}
		if len(words) >= 2 {
			out = append(out, strings.Join(words, " "))
		}
	}
	return out
}

// KeywordQuery plans an FTS5 MATCH expression for the free-text query q,
// for memweave's keyword index: a table tokenized with `porter unicode61`
// (diacritics removed, combining marks part of words) over text
// written by [tokenize.Segment]. It returns "" when q has
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
//     all the query's own terms, for partial recall, unless every part is
//     digits (a number in groups, "12,344" or "1.000", a date): a group
//     alone is not the number;
//   - a run of characters of a spaceless script (Chinese, Japanese,
//     Korean, Thai, Lao, Khmer, Myanmar: see [tokenize.IsSpaceless]) is
//     searched in the text the index holds, where each such run is
//     written as its character pairs ([tokenize.Segment]): a run of two or
//     more characters becomes the phrase of its pairs, "支付 付系 系统",
//     which matches the word wherever it stands, followed later by each
//     pair alone, "支付" OR "付系" OR "系统", for partial recall; a single
//     character becomes the prefix query "支" *, which matches every pair
//     it starts and a run's last character;
//   - terms are deduplicated and capped at [MaxQueryTerms].
//
// It is the keyword query a search with the default [QueryOptions] runs.
func KeywordQuery(q string) string {
	return QueryOptions{}.planQuery(q).keyword
}

// PhraseQuery plans the FTS5 MATCH expression of the phrase query of q:
// each phrase q quotes, stop words kept ("on call" in `"on call" rota`),
// then each pair of its words that are adjacent once stop words are
// dropped, as a phrase, "charity cycling" OR "cycling event". A compound token
// counts as one word and contributes its parts ("bike-related expenses"
// gives "bike related expenses"); a CJK run breaks the adjacency. It
// returns "" when q has fewer than two such words, or only stop words.
//
// Its output has the form of [KeywordQuery]'s, without prefix terms, and
// at most [MaxQueryTerms] phrases. The phrase query rewards chunks where
// the query's words stand together, the proximity that bm25() alone
// ignores; its score is added to the keyword score with
// [QueryOptions.PhraseWeight].
//
// It is the phrase query a search with the default [QueryOptions] runs.
func PhraseQuery(q string) string {
	return QueryOptions{}.planQuery(q).phrase
}

// phrase is the phrase query of the tokens of a query (see [PhraseQuery])
// after the phrases it quotes.
func (o QueryOptions) phrase(toks []queryToken, quoted []string) string {
	var (
		out  []string
		seen = make(map[string]bool)
		prev string // the previous word's parts, "" after a CJK run
	)
	for _, p := range quoted {
		if r := quote(p); !seen[r] && len(out) < MaxQueryTerms {
			seen[r] = true
			out = append(out, r)
		}
	}
	for _, t := range toks {
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
// compound tokens, and for text in a spaceless script its character
// pairs (a lone character stays as it is). It returns nil when q has nothing searchable.
func QueryTerms(q string) []string {
	return QueryOptions{}.QueryTerms(q)
}

// plan is a planned keyword query.
type plan struct {
	fts   []string // rendered FTS5 terms, in priority order
	words []string // highlight words
	cut   string   // the first query word left out by the cap
	alts  []string // the other spellings searched, after every term
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

// capped records word as the first query word the cap left out when its
// term s (a prefix term when prefix) is new and there is no room for it.
func (p *planner) capped(s string, prefix bool, word string) {
	if p.cut != "" || len(p.fts) < MaxQueryTerms || !searchable(s) {
		return
	}
	r := quote(s)
	if prefix {
		r += " *"
	}
	if !p.seenFTS[r] {
		p.cut = word
	}
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
	// humps is the phrase of the parts of a camelCase word as typed
	// (see [humps]), "" for any other.
	humps string
}

// plan plans the keyword query of a query's tokens under o.
func (o QueryOptions) plan(toks []queryToken) plan {
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
		if len(p.fts) >= MaxQueryTerms && len(p.words) >= MaxQueryTerms && p.cut != "" {
			break // Everything from here on would be dropped.
		}
		switch {
		case t.cjk:
			bi := cjkBigrams(t.text)
			if len(bi) == 1 && len(tokenize.Words(bi[0])) == 1 {
				p.capped(bi[0], true, t.text)
				p.addFTS(bi[0], true) // a single character
				p.addWord(bi[0])
				continue
			}
			p.capped(strings.Join(bi, " "), false, t.text)
			p.addFTS(strings.Join(bi, " "), false)
			later = append(later, func() {
				for _, b := range bi {
					p.addFTS(b, false)
				}
			})
			for _, b := range bi {
				p.addWord(b)
			}
		case !keepStops && o.stop(t.text):
			// Dropped.
		default:
			parts := tokenize.Parts(t.text)
			p.capped(strings.Join(parts, " "), false, t.text)
			p.addFTS(strings.Join(parts, " "), false)
			p.addWord(t.text)
			if len(parts) < 2 {
				continue
			}
			var extra []string
			for _, part := range parts {
				if utf8.RuneCountInString(part) >= minPartRunes && !tokenize.IsStopWord(part) && !allDigits(parts) && !isVersion(parts) {
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
	alts := append(alternates(toks), dateAlternates(toks)...)
	for i := range toks {
		alts = append(alts, versionsOf(toks, i)...)
	}
	spelt, shown := spellingAlternates(toks, o.words(toks) <= maxJoined)
	alts = append(alts, shortFormAlternates(toks, o.words(toks) <= maxJoined)...)
	for _, alt := range append(alts, spelt...) {
		n := len(p.fts)
		p.addFTS(alt, false) // not a word: a chunk covers the words it spells
		if len(p.fts) > n {
			p.alts = append(p.alts, alt)
		}
	}
	p.alts = append(p.alts, shown...) // stemmed alike: for snippets only
	return p.plan
}

// words counts the tokens of a query that are not stop words.
func (o QueryOptions) words(toks []queryToken) int {
	n := 0
	for _, t := range toks {
		if t.cjk || !o.stop(t.text) {
			n++
		}
	}
	return n
}

// maxJoined is the most adjacent query words [alternates] writes as one,
// and the most a query may have for [spellingAlternates] to search its
// plurals' other forms, and for [shortFormAlternates] its words' short forms.
const maxJoined = 3

// alternates returns the other spellings of a query's identifiers, searched
// after every other term: the parts of a camelCase word as a phrase,
// "readAllBytes" as "read all bytes", and, when the whole query is two or
// three plain words (letters and digits, stop words too), their adjacent
// runs written as one, "camel case" as "camelcase", "read all bytes" as
// "readallbytes", "9 am" as "9am", so an identifier is found however it
// was typed against the note (docs/search.md, "Identifiers"). A longer
// query is a sentence, whose words are not one identifier.
//
// A number and its unit are also searched the other way they are
// written, in a query of any length: "5GB" as "5 gb", "3.5GHz" as
// "3 5 ghz", "5 GB" as "5gb", "3.5 GHz" as "3 5ghz".
func alternates(toks []queryToken) []string {
	var out []string
	join := len(toks) <= maxJoined && !slices.ContainsFunc(toks, func(t queryToken) bool { return !plainWord(t) })
	for i, t := range toks {
		if t.humps != "" {
			out = append(out, t.humps)
		}
		if i+1 < len(toks) {
			if s := unitGlued(t, toks[i+1]); s != "" {
				out = append(out, s)
			}
		}
		if s := unitApart(t); s != "" {
			out = append(out, s)
		}
		joined := t.text
		for j := i + 1; join && j < len(toks); j++ {
			joined += toks[j].text
			out = append(out, joined)
		}
	}
	return out
}

// unitApart returns the parts of t, a word ending in a number glued to
// its unit ("5gb", "3.5ghz"), as a phrase with the two apart, "5 gb",
// "3 5 ghz"; "" for any other word. A unit is [isUnit]'s, after the
// digits ("mp3" and "x86" are names, not numbers).
func unitApart(t queryToken) string {
	if t.cjk {
		return ""
	}
	parts := tokenize.Parts(t.text)
	last := parts[len(parts)-1]
	k := strings.IndexFunc(last, func(r rune) bool { return r < '0' || r > '9' })
	if k < 1 || !allDigits(parts[:len(parts)-1]) || !isUnit(last[k:]) {
		return ""
	}
	parts[len(parts)-1] = last[:k] + " " + last[k:]
	return strings.Join(parts, " ")
}

// unitGlued returns the parts of t, a word ending in digits, with the
// next word a unit ([isUnit]) glued to them: "5 gb" as "5gb", "3.5 ghz"
// as "3 5ghz"; "" when t is not a number or next not a unit ("2026
// status" is a year and a word).
func unitGlued(t, next queryToken) string {
	parts := tokenize.Parts(t.text)
	if t.cjk || next.cjk || !allDigits(parts) || !isUnit(next.text) {
		return ""
	}
	return strings.Join(parts, " ") + next.text
}

// maxUnitRunes is the longest word [isUnit] takes for a unit.
const maxUnitRunes = 3

// isUnit reports whether w could be a unit after a number: 1 to
// maxUnitRunes letters ("gb", "ms", "ghz", "mib").
func isUnit(w string) bool {
	n := utf8.RuneCountInString(w)
	return n >= 1 && n <= maxUnitRunes && !strings.ContainsFunc(w, func(r rune) bool { return !unicode.IsLetter(r) })
}

// plainWord reports whether t is a word of letters and digits alone.
func plainWord(t queryToken) bool {
	return !t.cjk && !strings.ContainsFunc(t.text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// humps returns the parts of an identifier written in camelCase or
// PascalCase, lower-cased and joined by spaces ("readAllBytes" is "read
// all bytes", "HTTPServer" is "http server": a run of capitals is one
// part), or "" when w, as typed, has no hump.
func humps(w string) string {
	rs := []rune(w)
	var parts []string
	start := 0
	for i := 1; i < len(rs); i++ {
		lowerUpper := unicode.IsLower(rs[i-1]) && unicode.IsUpper(rs[i])
		acronymEnd := i+1 < len(rs) && unicode.IsUpper(rs[i-1]) && unicode.IsUpper(rs[i]) && unicode.IsLower(rs[i+1])
		if lowerUpper || acronymEnd {
			parts = append(parts, strings.ToLower(string(rs[start:i])))
			start = i
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return strings.Join(append(parts, strings.ToLower(string(rs[start:]))), " ")
}

// queryTokens splits q into words and runs of a spaceless script, in
// order. Text between such runs is tokenized by [tokenize.Words], which
// yields the same words as on the whole query because a connector before
// a character of such a script ends a word.
func queryTokens(q string) []queryToken {
	q = tokenize.Normalize(q) // as the keyword index reads the notes
	var out []queryToken
	seg := 0 // start of the pending non-CJK segment
	for i := 0; i < len(q); {
		r, size := utf8.DecodeRuneInString(q[i:])
		if !tokenize.IsSpaceless(r) {
			i += size
			continue
		}
		out = appendWords(out, q[seg:i])
		j := i + size
		for j < len(q) {
			r, size := utf8.DecodeRuneInString(q[j:])
			if !tokenize.IsSpaceless(r) && !isMark(r) {
				break
			}
			j += size
		}
		out = append(out, queryToken{text: q[i:j], cjk: true})
		i, seg = j, j
	}
	return appendWords(out, q[seg:])
}

// appendWords appends the words of seg, a normalized stretch of a query
// without a spaceless script, to toks, each with its camelCase humps as
// typed.
func appendWords(toks []queryToken, seg string) []queryToken {
	lower := strings.ToLower(seg)
	sameLen := len(lower) == len(seg) // a case mapping changed no length: offsets hold
	at := 0
	for _, w := range tokenize.Words(seg) {
		t := queryToken{text: w}
		if k := strings.Index(lower[at:], w); sameLen && k >= 0 {
			t.humps = humps(seg[at+k : at+k+len(w)])
			at += k + len(w)
		}
		toks = append(toks, t)
	}
	return toks
}

// allDigits reports whether every part of a compound is digits: a number
// written in groups ("12,344", "1.000"), a date ("2026-05-01"), an
// address. Its groups are not searched alone: "12,344" must not find
// "12,346" by its "12", nor "2026-05-01" every note of 2026.
func allDigits(parts []string) bool {
	for _, p := range parts {
		if strings.ContainsFunc(p, func(r rune) bool { return r < '0' || r > '9' }) {
			return false
		}
	}
	return true
}

// cjkBigrams returns the overlapping character pairs of a run of a
// spaceless script ([tokenize.Bigrams]), at most MaxQueryTerms of them,
// or the run itself when it is a single character.
func cjkBigrams(run string) []string {
	out := tokenize.Bigrams(run)
	if len(out) > MaxQueryTerms {
		out = out[:MaxQueryTerms]
	}
	return out
}

// isMark reports whether r is a combining mark (Mn, Mc, Me), which
// belongs to the character before it.
func isMark(r rune) bool {
	return unicode.In(r, unicode.Mn, unicode.Mc, unicode.Me)
}

// quote renders s as an FTS5 string in the keyword index's form
// ([tokenize.IndexForm]: an emoji as the private-use character the index
// holds): double quotes around, inner double quotes doubled.
func quote(s string) string {
	return `"` + strings.ReplaceAll(tokenize.IndexForm(s), `"`, `""`) + `"`
}

// searchable reports whether s holds a rune that unicode61 treats as part
// of a token (categories L*, N* and Co) or an emoji (which the index
// holds as a private-use character), so the quoted term is not empty.
func searchable(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsNumber(r) || tokenize.IsEmoji(r) || unicode.Is(unicode.Co, r) {
			return true
		}
	}
	return false
}
