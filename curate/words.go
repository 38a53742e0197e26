package curate

import (
	"html"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/memweave/memweave-go/conflict"
	"github.com/memweave/memweave-go/internal/mdfence"
	"github.com/memweave/memweave-go/tokenize"
)

// words are the distinct words of a passage, as tokenize.Words splits
// and tokenize.Fold folds them, sorted, with those written as names.
type words struct {
	list  []string
	names map[string]bool
}

// wordsOf splits text into its [words]. A word is written as a name when
// one of its occurrences holds an upper-case letter ("BigQuery",
// "Carol", "AWS").
func wordsOf(text string) words {
	text = straight(text)
	ws := words{names: map[string]bool{}}
	for _, field := range strings.Fields(text) {
		toks := tokenize.Words(field)
		upper := strings.IndexFunc(field, unicode.IsUpper) >= 0
		lower := strings.ToLower(field)
		at := 0
		for _, t := range toks {
			name := upper
			if upper && len(lower) == len(field) {
				// Find the token in the field to look at its own letters.
				if i := strings.Index(lower[at:], t); i >= 0 {
					name = strings.IndexFunc(field[at+i:at+i+len(t)], unicode.IsUpper) >= 0
					at += i + len(t)
				}
			}
			f := tokenize.Fold(t)
			ws.list = append(ws.list, f)
			if name {
				ws.names[f] = true
			}
		}
	}
	slices.Sort(ws.list)
	ws.list = slices.Compact(ws.list)
	return ws
}

// straight returns text as curation reads its words: HTML character
// references decoded ([entitiesDecoded]), then [tokenize.Normalize] (the
// one Unicode normalisation of every reader of words: the invisible soft
// hyphen, zero-width space, word joiner, byte order mark and variation
// selectors left out, so "⚠️" is "⚠"; NFKC forms such as ligatures "ﬁ"
// and full-width "ＡＰＩ", "３" as their plain letters, decomposed accents
// composed; superscripts kept, "10⁶" is not "106", nor "m²" "m2"), and
// curly apostrophes straight (tokenize.Words keeps "team's" and "don't"
// whole but splits "team’s" and "don’t", and a copy typed on a phone is
// no other fact). Normalize keeps ASCII letter case, which curation
// reads (names, flags).
func straight(text string) string {
	return unicodeForms(entitiesDecoded(text))
}

// unicodeForms returns text [tokenize.Normalize]d, its curly apostrophes
// straight: the Unicode forms of [straight].
func unicodeForms(text string) string {
	return apostrophes.Replace(tokenize.Normalize(text))
}

// entitiesDecoded returns text with its HTML character references
// ("&amp;", "&quot;", "&#39;", "&eacute;", "&rarr;") written as the
// characters they stand for, as a viewer shows them, but in code (a
// fenced or indented block, [mdfence.Fence], or a code span), where they
// are written as they are.
func entitiesDecoded(text string) string {
	if !strings.Contains(text, "&") {
		return text
	}
	lines := strings.Split(text, "\n")
	var f mdfence.Fence
	for i, l := range lines {
		if f.Code(l) || !strings.Contains(l, "&") {
			continue
		}
		var b strings.Builder
		for l != "" {
			prose, span, rest := cutCodeSpan(l)
			b.WriteString(charRef().ReplaceAllStringFunc(prose, html.UnescapeString))
			b.WriteString(span)
			l = rest
		}
		lines[i] = b.String()
	}
	return strings.Join(lines, "\n")
}

// cutCodeSpan cuts line at its first code span: the text before it, the
// span (a run of backticks up to the next run of as many; "" when
// none), and the rest of line after it.
func cutCodeSpan(line string) (before, span, after string) {
	for from := 0; ; {
		i, n := backtickRun(line, from)
		if i < 0 {
			return line, "", ""
		}
		for j := n; ; {
			k, e := backtickRun(line, j)
			if k < 0 {
				break // no closing run: these backticks are literal
			}
			if e-k == n-i {
				return line[:i], line[i:e], line[e:]
			}
			j = e
		}
		from = n
	}
}

// backtickRun returns where the first run of backticks of s at or after
// from starts and ends, or -1, -1.
func backtickRun(s string, from int) (start, end int) {
	i := strings.IndexByte(s[from:], '`')
	if i < 0 {
		return -1, -1
	}
	start = from + i
	end = start
	for end < len(s) && s[end] == '`' {
		end++
	}
	return start, end
}

// charRef matches an HTML character reference, named or numeric, with
// its closing semicolon.
var charRef = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});`)
})

// orderWords are the words that say a bullet list's order counts ("in
// escalation order", "most important first", "then"): [rendered] keeps
// the bullets of a passage holding one in order.
var orderWords map[string]bool

// numberValues are the number words [numberDigits] writes as digits:
// two to twenty and the tens ("one" is also a pronoun, "a dozen" and
// "a couple" are often near figures).
var numberValues map[string]string

// apostrophes writes the curly apostrophes straight, for [straight];
// curlyQuotes the curly double quotes, for [rendered] (a single quote
// is not made a double one: 5' is not 5").
var apostrophes, curlyQuotes *strings.Replacer

// Diff returns the words only a holds and those only b holds, each
// sorted: the words that differ between two copies of a passage. Words
// are compared as tokenize.Words splits them, folded (tokenize.Fold):
// case, accents, punctuation, curly apostrophes and Markdown marks do
// not count.
func Diff(a, b string) (onlyA, onlyB []string) {
	loadTables()
	return minus(wordsOf(a).list, wordsOf(b).list), minus(wordsOf(b).list, wordsOf(a).list)
}

// minus returns the words of the sorted list a that the sorted list b
// lacks.
func minus(a, b []string) []string {
	var out []string
	for _, w := range a {
		if _, ok := slices.BinarySearch(b, w); !ok {
			out = append(out, w)
		}
	}
	return out
}

// Loses returns the content words (not stop words) of dropped that kept
// lacks: what would be lost if dropped were deleted in favour of kept.
func Loses(kept, dropped string) []string {
	loadTables()
	return minus(ContentWords(dropped), ContentWords(kept))
}

// ContentWords returns the content words (not stop words) of text,
// sorted and distinct: [Loses](kept, dropped) is those of dropped that
// those of kept lack, for a caller comparing many texts that reads each
// once.
func ContentWords(text string) []string {
	loadTables()
	var out []string
	for _, w := range wordsOf(text).list {
		if content(w) {
			out = append(out, w)
		}
	}
	return out
}

// Adds returns the content words of kept that dropped lacks and that
// may change what kept says: all but the adverbs of manner or emphasis
// of [mannerWords] ("carefully", "clearly"), those of [fillerWords]
// ("quite") and "one" as a pronoun ("each one of them"). A kept copy
// that adds "staging" to "the billing database", "almost" to "done",
// "nicht" to a German sentence, or an adverb no list names
// ("practically unlimited", "optionally encrypted", "intermittently
// fails") is about something else or may be, so dropping the other copy
// would lose its fact.
func Adds(kept, dropped string) []string {
	loadTables()
	var out []string
	for _, w := range Loses(dropped, kept) {
		if Changes(w) {
			out = append(out, w)
		}
	}
	return out
}

// Changes reports whether the content word w, added by one copy of a
// passage, may change what the copy says: any word but the adverbs of
// manner or emphasis of [mannerWords] and the fillers of [fillerWords]
// ([Adds] is the words that do, of a pair of texts).
func Changes(w string) bool {
	loadTables()
	return !mannerWords[w] && !fillerWords[w]
}

// fillerWords are words added for emphasis or as a pronoun, not a fact:
// adverbs of degree that do not end in "ly", and "one".
var fillerWords map[string]bool

// mannerWords are the adverbs a copy may add with no other fact: of
// manner ("carefully", "automatically") or emphasis ("clearly",
// "really", "fully"), none weakening, hedging or bounding the fact.
// Any other adverb added counts (see [Adds]): one of degree, hedge,
// scope or time ("partially", "practically", "officially", "publicly",
// "temporarily") changes what is said, and no list of them is whole.
var mannerWords map[string]bool

// wordingWords are the stop words that one copy may have and the other
// lack without another fact: articles, "also" and "too" of an addition,
// "very" and "so" of emphasis, and the pieces a contraction splits into.
// Every other stop word that differs is a value: which way ("to" or
// "from"), which of two ("and" or "or"), who ("he" or "she", "we" or
// "they", "our" or "your"), when ("was" or "is", "has" or "had"), which
// one ("this" or "that").
var wordingWords map[string]bool

// contractionTails are the words of [wordingWords] that are the tails of
// contractions ("we'll", "team’s"). Standing alone they are letters
// that name a value: a unit ("7 d", "30 s"), a size ("size M"), a grade
// (see [letterAlone]).
var contractionTails map[string]bool

// letterAlone reports whether the tail w (lower case) stands alone in
// text: with no letter, digit or apostrophe-like mark before it and no
// letter or digit after it.
func letterAlone(text, w string) bool {
	lower := strings.ToLower(text)
	for i := 0; i < len(lower); {
		j := strings.Index(lower[i:], w)
		if j < 0 {
			return false
		}
		j += i
		before, _ := utf8.DecodeLastRuneInString(lower[:j])
		after, _ := utf8.DecodeRuneInString(lower[j+len(w):])
		if !wordRune(before) && !wordRune(after) && !strings.ContainsRune("'‘’`´′ʼ", before) {
			return true
		}
		i = j + len(w)
	}
	return false
}

// capitalAMid reports whether text holds "A" standing alone inside a
// sentence: a letter that names something ("the A record", "grade A"),
// not the article that opens a sentence, a list item, a heading, a
// quote or a table cell.
func capitalAMid(text string) bool {
	for i := 0; i < len(text); i++ {
		if text[i] != 'A' {
			continue
		}
		after, _ := utf8.DecodeRuneInString(text[i+1:])
		before, _ := utf8.DecodeLastRuneInString(text[:i])
		if wordRune(after) || wordRune(before) || strings.ContainsRune("'‘’`´′ʼ", before) {
			continue
		}
		prev := strings.TrimRight(text[:i], " \t")
		if r, _ := utf8.DecodeLastRuneInString(prev); prev != "" && !strings.ContainsRune("\n\r.!?:#-*+>|(\"“", r) {
			return true
		}
	}
	return false
}

// wordRune reports whether r is a letter or a digit.
func wordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// functionWord returns the first of the words that differ, only, that is
// a stop word saying which way, which, who or when (see
// [wordingWords]), unless a content word differs too: then [Loses] or
// [Adds] holds the pair back and says which words, whichever copy is
// kept. Adverbs of manner and fillers do not count as such content words.
func functionWord(only []string) (string, bool) {
	for _, w := range only {
		if content(w) && !mannerWords[w] && !fillerWords[w] {
			return "", false
		}
	}
	for _, w := range only {
		if tokenize.IsStopWord(w) && !wordingWords[w] {
			return w, true
		}
	}
	return "", false
}

// content reports whether w says something: not a stop word and not
// the tail of a contraction ("t" of "don’t").
func content(w string) bool {
	return !tokenize.IsStopWord(w) && w != "t" && w != "s"
}

// Differs reports whether two passages differ in a value, and which:
// the reason names the kind and the word ("number: 3"). The words that
// differ (see [Diff]) are looked at one by one: a word with a digit, a
// number word, a month, a weekday or a frequency, a negation, a word of
// quantity, order, degree or modality ("only", "before", "planned"), or
// a name (a word that is not a stop word, written with a capital letter
// in either passage), or a letter standing alone ("7 d", "size M",
// "the A record").
// Numbers must also be written alike, signs and units included ("$500"
// is not "€500"). So must their form: the words both hold in the same
// order, a word with a capital inside it spelled
// alike ("MB" is not "Mb"), code spans and fenced code as written, and
// the same operators ("a > b" is not "a < b") and task boxes ("- [ ] X"
// is not "X"). Then the two
// passages are compared as package conflict compares claims
// (conflict.Judge): any disagreement it finds is a value that differs.
// Differs is symmetric and pure; a passage never differs from itself.
func Differs(a, b string) (reason string, ok bool) {
	loadTables()
	written := [2]string{entitiesDecoded(a), entitiesDecoded(b)} // for the accents Normalize folds
	a, b = straight(a), straight(b)
	wa, wb := wordsOf(a), wordsOf(b)
	check := func(only []string) (string, bool) {
		for _, w := range only {
			if kind := valueKind(w, wa.names[w] || wb.names[w]); kind != "" {
				return kind + ": " + w, true
			}
		}
		return "", false
	}
	// Both sides in one sorted list, so that the reason does not depend
	// on the order of the arguments.
	only := append(minus(wa.list, wb.list), minus(wb.list, wa.list)...)
	slices.Sort(only)
	if r, ok := check(only); ok {
		return r, true
	}
	for _, w := range only {
		if contractionTails[w] && (letterAlone(a, w) || letterAlone(b, w)) ||
			w == "a" && (capitalAMid(a) || capitalAMid(b)) {
			return "letter: " + w, true
		}
	}
	if w, ok := functionWord(only); ok {
		return "function word: " + w, true
	}
	if w, ok := firstDiff(numbersOf(a), numbersOf(b)); ok {
		// The words agree but how a number is written does not: "$500"
		// and "€500", "5%" and "5".
		return "number: " + w, true
	}
	if w, ok := firstDiff(unitsOf(a), unitsOf(b)); ok {
		// A unit after a number written in another case: "8 b" bits
		// and "8 B" bytes, "5 m" and "5 M".
		return "unit: " + w, true
	}
	if r, ok := differsInForm(a, b, written, wa, wb); ok {
		return r, true
	}
	if len(only) == 0 {
		return "", false
	}
	v, ok := conflict.Judge(a, b)
	if !ok {
		v, ok = conflict.Judge(b, a)
	}
	if ok {
		return "contradiction: " + v.Reason, true
	}
	return "", false
}

// ValueKey returns a key of the values text states whatever it is
// compared with: its numbers as written and its words that are a
// number, a date, a negation or a value word. Texts whose keys differ
// always differ ([Differs] finds such a value only one of them holds),
// so a caller comparing many texts need call Differs only on those of
// one key.
func ValueKey(text string) string {
	loadTables()
	text = straight(text)
	var vals []string
	for _, w := range wordsOf(text).list {
		if valueKind(w, false) != "" {
			vals = append(vals, w)
		}
	}
	return strings.Join(vals, " ") + "\x00" + strings.Join(numbersOf(text), " ")
}

// numbersOf returns the sorted distinct fields of text (runs between
// white space) that hold a digit, with the punctuation and Markdown
// marks around them trimmed: numbers as written, with their signs and
// units ("$500", "5%", "v1.2", and a quote mark that is one: "19\"").
func numbersOf(text string) []string {
	var out []string
	for _, f := range strings.Fields(text) {
		if strings.IndexFunc(f, unicode.IsDigit) >= 0 {
			out = append(out, strings.Trim(f, ".,;:!?()[]{}\"'*_~`")+quoteUnit(f))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// quoteUnit returns the quote mark that ends the number of the field f
// as a unit (feet and inches, minutes and seconds of arc: "19\"", "6'",
// "6′"), "" when it has none or the field opens with that mark (a
// number in quotes: "\"19\"").
func quoteUnit(f string) string {
	t := strings.TrimRight(f, ".,;:!?)]}*_~`")
	r, n := utf8.DecodeLastRuneInString(t)
	if !strings.ContainsRune("'\"′″", r) {
		return ""
	}
	d, _ := utf8.DecodeLastRuneInString(t[:len(t)-n])
	if !unicode.IsDigit(d) || strings.ContainsRune(strings.TrimLeft(f, "([{*_~`")[:1], r) {
		return ""
	}
	return string(r)
}

// unitsOf returns the sorted distinct pairs of a field of text holding
// a digit and the word of at most three letters after it, as written
// ("8 B", "10 k", "5 Gb"): the case of a unit is a value.
func unitsOf(text string) []string {
	var out []string
	fs := strings.Fields(text)
	for i := 0; i+1 < len(fs); i++ {
		u := strings.Trim(fs[i+1], ".,;:!?()[]{}\"'*_~`")
		if n := utf8.RuneCountInString(u); n == 0 || n > 3 || strings.IndexFunc(u, func(r rune) bool { return !unicode.IsLetter(r) }) >= 0 {
			continue
		}
		if strings.IndexFunc(fs[i], unicode.IsDigit) >= 0 {
			out = append(out, strings.Trim(fs[i], ".,;:!?()[]{}\"'*_~`")+" "+u)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// firstDiff returns the first string of the sorted lists a and b that
// only one holds.
func firstDiff(a, b []string) (string, bool) {
	only := append(minus(a, b), minus(b, a)...)
	if len(only) == 0 {
		return "", false
	}
	return slices.Min(only), true
}

// valueKind names the kind of value a differing word is, "" for none.
func valueKind(w string, name bool) string {
	switch {
	case strings.IndexFunc(w, unicode.IsDigit) >= 0 || numberWords[w]:
		return "number"
	case dateWords[w]:
		return "date"
	case negations[w] || strings.HasSuffix(w, "n't"):
		return "negation"
	case valueWords[w]:
		return "value"
	case name && content(w):
		return "name"
	}
	return ""
}

// setOf returns the words of s as a set.
func setOf(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// numberWords are numbers written as words. "one" is left out: it is
// as often a pronoun ("each one of them") as a count.
var numberWords map[string]bool

// dateWords are months, weekdays, times of day and frequencies, and
// their usual abbreviations that are not English words.
var dateWords map[string]bool

// negations are the words that deny; contractions ending in "n't" are
// negations too, and so is the stem a curly apostrophe leaves ("don" of
// "don’t").
var negations map[string]bool

// valueWords are words of quantity, order, degree or state whose change
// changes the fact: "all" or "some" users, "before" or "after" the
// release, "enabled" or "disabled"; and the adverbs that weaken, hedge
// or bound a fact in time ("partially encrypted", "supposedly writes",
// "temporarily disabled"), unlike those of manner ([mannerWords]).
var valueWords map[string]bool
