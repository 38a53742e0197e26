package search

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memweave/memweave-go/tokenize"
)

// DefaultSnippetMax is the snippet size, in bytes, [Snippet] uses when
// asked for max <= 0.
const DefaultSnippetMax = 700

const ellipsis = "…"

// Snippet returns the part of text that best matches terms, at most max
// bytes long (DefaultSnippetMax when max <= 0). Text that fits is returned
// whole and unchanged.
//
// Otherwise Snippet picks the run of whole lines that fits and holds the
// most term hits (a hit is a distinct term found in a line), trims
// non-matching lines off its edges, then grows it one line at a time,
// alternately above and below, so the match sits in the middle; leftover
// room is filled with whole words from the next line below, then the line
// above. Without any hit the snippet starts at the top of text. A matching
// line longer than max is cut the same way at word (whitespace)
// boundaries, and a single word longer than max at a rune boundary, so a
// rune is never split. The result is trimmed of surrounding white space
// and marked with "…" on each side where text was cut, when the mark fits
// within max.
//
// Terms are matched as [tokenize.Words] tokens, a compound token also by
// its parts, CJK text by its bigrams (see [tokenize.Bigrams]), and Latin
// words after stripping a few English suffixes so that "caching" finds
// "cache". [QueryTerms] gives suitable terms for a query.
func Snippet(text string, terms []string, max int) string {
	if max <= 0 {
		max = DefaultSnippetMax
	}
	if len(text) <= max {
		return text
	}
	budget := max
	if max > 4*len(ellipsis) {
		budget = max - 2*len(ellipsis)
	}
	m := newMatcher(terms)
	// Start at the first non-blank line, so that a snippet without hits
	// does not consist of leading white space.
	lead := len(text) - len(strings.TrimLeftFunc(text, unicode.IsSpace))
	s, e := pickLines(text[lead:], m, budget)
	if m.hits(text[lead+s:lead+e]) == 0 {
		// No hit in the window picked, so none in text: a term the index
		// reads as a stem of the text's words, which the matcher's
		// suffixes do not reach ("notif" of "notifications"), is matched
		// by the words it begins.
		if begun := wordsBegun(text, terms); len(begun) > 0 {
			s, e = pickLines(text[lead:], newMatcher(append(slices.Clip(terms), begun...)), budget)
		}
	}
	s, e = s+lead, e+lead
	// Trim white space at both ends.
	inner := text[s:e]
	s += len(inner) - len(strings.TrimLeftFunc(inner, unicode.IsSpace))
	e -= len(inner) - len(strings.TrimRightFunc(inner, unicode.IsSpace))
	if e < s {
		e = s
	}
	out := text[s:e]
	if strings.TrimSpace(text[:s]) != "" && len(out)+len(ellipsis) <= max {
		out = ellipsis + out
	}
	if strings.TrimSpace(text[e:]) != "" && len(out)+len(ellipsis) <= max {
		out += ellipsis
	}
	return out
}

// wordsBegun returns the words of text, lower-cased, that one of terms
// of [minClipRunes] letters or more begins, accents aside.
func wordsBegun(text string, terms []string) []string {
	var long []string
	for _, t := range terms {
		if utf8.RuneCountInString(t) >= minClipRunes && !strings.ContainsFunc(t, func(r rune) bool { return !unicode.IsLetter(r) }) {
			long = append(long, tokenize.Fold(t))
		}
	}
	if len(long) == 0 {
		return nil
	}
	var out []string
	for _, w := range tokenize.Words(text) {
		f := tokenize.Fold(w)
		if slices.ContainsFunc(long, func(t string) bool { return strings.HasPrefix(f, t) }) && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

// unit is a line or word of text: bytes [start,end) and its term hits.
type unit struct {
	start, end, hits int
}

// pickLines chooses a span of text of at most budget bytes.
func pickLines(text string, m *matcher, budget int) (s, e int) {
	var lines []unit
	for start := 0; ; {
		n := strings.IndexByte(text[start:], '\n')
		end := len(text)
		if n >= 0 {
			end = start + n
		}
		lines = append(lines, unit{start, end, m.hits(text[start:end])})
		if n < 0 {
			break
		}
		start = end + 1
	}
	i, j, ok := window(lines, budget)
	if !ok {
		return pickWords(text, lines[i], m, budget)
	}
	s, e = lines[i].start, lines[j].end
	// Fill leftover room with whole words of the neighbouring lines; the
	// newline joining them costs one byte.
	if j+1 < len(lines) {
		if room := budget - (e - s) - 1; room > 0 {
			next := lines[j+1]
			for _, w := range words(text, next.start, next.end) {
				if w.end-next.start > room {
					break
				}
				e = w.end
			}
		}
	}
	if i > 0 {
		if room := budget - (e - s) - 1; room > 0 {
			prev := lines[i-1]
			ws := words(text, prev.start, prev.end)
			for k := len(ws) - 1; k >= 0; k-- {
				if prev.end-ws[k].start > room {
					break
				}
				s = ws[k].start
			}
		}
	}
	return s, e
}

// pickWords chooses a span of at most budget bytes within the line ln,
// which is longer than budget.
func pickWords(text string, ln unit, m *matcher, budget int) (s, e int) {
	ws := words(text, ln.start, ln.end)
	for k := range ws {
		ws[k].hits = m.hits(text[ws[k].start:ws[k].end])
	}
	if len(ws) == 0 {
		return ln.start, ln.start
	}
	i, j, ok := window(ws, budget)
	if !ok {
		return cutWord(text, ws[i], m, budget)
	}
	return ws[i].start, ws[j].end
}

// cutWord cuts budget bytes out of the word w, which is longer than that
// (a long URL, or text in a script written without spaces), centred on
// the occurrences of the terms in the stretch of budget bytes that holds
// the most distinct terms (so that the pairs of a query word of three or
// more characters outweigh a pair of it seen elsewhere), and never inside
// a character: not within a rune, nor between a rune and the combining
// marks that follow it.
func cutWord(text string, w unit, m *matcher, budget int) (s, e int) {
	word := asciiLower(text[w.start:w.end])
	type hit struct{ at, term int }
	var hits []hit
	for ti, t := range m.raw {
		for from := 0; from < len(word) && len(hits) < maxCutHits; {
			k := strings.Index(word[from:], t)
			if k < 0 {
				break
			}
			hits = append(hits, hit{from + k, ti})
			from += k + len(t)
		}
	}
	// The window is the budget-long span starting at an occurrence that
	// holds the most distinct terms; the cut is centred on the
	// occurrences it holds.
	lo, hi, best := -1, -1, 0
	seen := make([]bool, len(m.raw))
	for _, h := range hits {
		clear(seen)
		n, r := 0, h.at
		for _, o := range hits {
			end := o.at + len(m.raw[o.term])
			if o.at < h.at || end > h.at+budget {
				continue
			}
			r = max(r, end)
			if !seen[o.term] {
				seen[o.term] = true
				n++
			}
		}
		if n > best || n == best && h.at < lo {
			lo, hi, best = h.at, r, n
		}
	}
	s = w.start
	if lo >= 0 {
		s = w.start + max(0, min((lo+hi)/2-budget/2, len(word)-budget))
	}
	// Both ends move inwards to a character start, keeping the
	// occurrences inside.
	for s < w.end && !CharStart(text, s) {
		s++
	}
	e = min(s+budget, w.end)
	for e > s && e < len(text) && !CharStart(text, e) {
		e--
	}
	return s, e
}

// maxCutHits bounds the term occurrences cutWord weighs.
const maxCutHits = 256

// CharStart reports whether a character starts at byte i of text: a rune
// starts there, and it neither extends the character before it (a
// combining mark or variation selector, an emoji's skin tone or tag, a
// zero-width joiner or non-joiner, the vowel or final consonant of a
// Hangul syllable spelt in conjoining jamo), nor follows a zero-width
// joiner (the next emoji of a family) or a virama joining it into a
// conjunct, nor follows a prepended mark (the Arabic number sign over the
// digits after it), nor is the second regional indicator of a flag. Thai
// SARA AM and Lao AM, letters by category, are vowel signs that extend
// the consonant before them.
func CharStart(text string, i int) bool {
	if !utf8.RuneStart(text[i]) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(text[i:])
	if isMark(r) || r == saraAm || r == laoAm || r == zeroWidthJoiner || r == zeroWidthNonJoiner || isEmojiModifier(r) || isTag(r) {
		return false
	}
	prev, _ := utf8.DecodeLastRuneInString(text[:i])
	if prev == zeroWidthJoiner || isPrepend(prev) || hangulJoins(prev, r) || conjunctJoins(prev, r) {
		return false
	}
	if !isRegionalIndicator(r) {
		return true
	}
	// Flags are pairs of regional indicators: a flag starts after an
	// even number of them.
	n := 0
	for j := i; j > 0; n++ {
		p, size := utf8.DecodeLastRuneInString(text[:j])
		if !isRegionalIndicator(p) {
			break
		}
		j -= size
	}
	return n%2 == 0
}

// zeroWidthJoiner joins emoji into one, as in a family; a zero-width
// non-joiner keeps two letters from joining, and stays with the first.
const (
	zeroWidthJoiner    = '\u200D'
	zeroWidthNonJoiner = '\u200C'
)

// saraAm and laoAm are the two letters (category Lo) that Unicode's
// grapheme rule GB9a counts as spacing marks: "ทำ" is one character.
const (
	saraAm = '\u0E33'
	laoAm  = '\u0EB3'
)

// isPrepend reports whether r is a prepended concatenation mark or
// prefix, which Unicode's grapheme rule GB9b joins to the character
// after it (Grapheme_Cluster_Break=Prepend, Unicode 15.1).
func isPrepend(r rune) bool {
	switch {
	case 0x0600 <= r && r <= 0x0605, r == 0x06DD, r == 0x070F, r == 0x0890, r == 0x0891,
		r == 0x08E2, r == 0x0D4E, r == 0x110BD, r == 0x110CD, r == 0x111C2, r == 0x111C3,
		r == 0x1193F, r == 0x11941, r == 0x11A3A, 0x11A84 <= r && r <= 0x11A89, r == 0x11D46, r == 0x11F02:
		return true
	}
	return false
}

// hangulJoins reports whether r continues the Hangul syllable prev is
// part of (Unicode's grapheme cluster rules GB6 to GB8): a leading
// consonant takes a leading consonant, a vowel or a syllable; a vowel, or
// a syllable without a final, takes a vowel or a final; a final, or a
// syllable with one, takes a final.
func hangulJoins(prev, r rune) bool {
	switch hangulKind(prev) {
	case 'L':
		k := hangulKind(r)
		return k == 'L' || k == 'V' || k == 'S' || k == 'F'
	case 'V', 'S':
		k := hangulKind(r)
		return k == 'V' || k == 'T'
	case 'T', 'F':
		return hangulKind(r) == 'T'
	}
	return false
}

// conjunctJoins reports whether r, a letter, follows prev, the virama of
// its script that joins the consonants around it into one conjunct
// (Unicode's grapheme cluster rule GB9c: Devanagari, Bengali, Gujarati,
// Oriya, Telugu, Malayalam).
func conjunctJoins(prev, r rune) bool {
	switch prev {
	case 0x094D, 0x09CD, 0x0ACD, 0x0B4D, 0x0C4D, 0x0D4D:
		return r&^0x7F == prev&^0x7F && unicode.IsLetter(r)
	}
	return false
}

// hangulKind classes r for [hangulJoins]: a conjoining jamo, leading
// consonant 'L', vowel 'V' or final consonant 'T'; a precomposed syllable
// without a final 'S' or with one 'F'; 0 for any other rune.
func hangulKind(r rune) byte {
	switch {
	case 0x1100 <= r && r <= 0x115F, 0xA960 <= r && r <= 0xA97C:
		return 'L'
	case 0x1160 <= r && r <= 0x11A7, 0xD7B0 <= r && r <= 0xD7C6:
		return 'V'
	case 0x11A8 <= r && r <= 0x11FF, 0xD7CB <= r && r <= 0xD7FB:
		return 'T'
	case 0xAC00 <= r && r <= 0xD7A3:
		if (r-0xAC00)%28 == 0 {
			return 'S'
		}
		return 'F'
	}
	return 0
}

// isEmojiModifier reports whether r is an emoji skin tone.
func isEmojiModifier(r rune) bool { return 0x1F3FB <= r && r <= 0x1F3FF }

// isTag reports whether r is a tag character, as in a subdivision flag.
func isTag(r rune) bool { return 0xE0020 <= r && r <= 0xE007F }

// isRegionalIndicator reports whether r is a regional indicator, half of
// a country's flag.
func isRegionalIndicator(r rune) bool { return 0x1F1E6 <= r && r <= 0x1F1FF }

// asciiLower lower-cases ASCII letters only, keeping byte offsets.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// window chooses units[i..j], spanning at most budget bytes: the fitting
// run with the most hits, trimmed of hit-less units at its edges and then
// grown alternately upwards and downwards while it fits. Without hits it
// starts at units[0]. When the chosen anchor unit alone exceeds budget, ok
// is false and i names that unit.
func window(units []unit, budget int) (i, j int, ok bool) {
	best, bi, bj := -1, 0, 0
	total, sum := 0, 0
	for hi, lo := 0, 0; hi < len(units); hi++ {
		total += units[hi].hits
		sum += units[hi].hits
		for lo <= hi && units[hi].end-units[lo].start > budget {
			sum -= units[lo].hits
			lo++
		}
		if lo <= hi && sum > best {
			best, bi, bj = sum, lo, hi
		}
	}
	switch {
	case total == 0:
		bi, bj = 0, 0
	case best <= 0:
		// Every unit with hits is too long: anchor on the one with most.
		for k, u := range units {
			if u.hits > units[bi].hits {
				bi = k
			}
		}
		bj = bi
	default:
		for units[bi].hits == 0 {
			bi++
		}
		for units[bj].hits == 0 {
			bj--
		}
	}
	if units[bj].end-units[bi].start > budget {
		return bi, bi, false
	}
	up, down := true, true
	for up || down {
		if up {
			up = bi > 0 && units[bj].end-units[bi-1].start <= budget
			if up {
				bi--
			}
		}
		if down {
			down = bj+1 < len(units) && units[bj+1].end-units[bi].start <= budget
			if down {
				bj++
			}
		}
	}
	return bi, bj, true
}

// words returns the white-space separated words of text[start:end].
func words(text string, start, end int) []unit {
	var out []unit
	w := -1
	for k := start; k < end; {
		r, size := utf8.DecodeRuneInString(text[k:end])
		if unicode.IsSpace(r) {
			if w >= 0 {
				out = append(out, unit{start: w, end: k})
				w = -1
			}
		} else if w < 0 {
			w = k
		}
		k += size
	}
	if w >= 0 {
		out = append(out, unit{start: w, end: end})
	}
	return out
}

// matcher counts query-term hits in text.
type matcher struct {
	keys map[string]int // matching key -> term index
	raw  []string       // lower-cased term tokens, unstemmed
	seen []bool
	// cjk is set when a key is a pair of characters of a spaceless
	// script: only then are the text's pairs matched too.
	cjk bool
	// exact is set to match words as written, accents included; by
	// default they are matched after [tokenize.Fold], as the keyword
	// index matches them.
	exact bool
}

// key returns the matching key of the token w.
func (m *matcher) key(w string) string {
	if !m.exact {
		w = tokenize.Fold(w)
	}
	return stem(w)
}

// add adds the matching key of the term token w, returning its index.
func (m *matcher) add(w string) (int, bool) {
	k := m.key(w)
	if k == "" {
		return 0, false
	}
	ki, ok := m.keys[k]
	if !ok {
		ki = len(m.keys)
		m.keys[k] = ki
		if tokenize.IsSpacelessToken(k) {
			m.cjk = true
		}
	}
	return ki, true
}

func newMatcher(terms []string) *matcher {
	m := &matcher{keys: map[string]int{}}
	for _, t := range terms {
		for _, w := range tokenize.Bigrams(t) {
			m.raw = append(m.raw, w)
			m.add(w)
		}
	}
	m.seen = make([]bool, len(m.keys))
	return m
}

// hits returns how many distinct terms occur in s.
func (m *matcher) hits(s string) int {
	if len(m.keys) == 0 {
		return 0
	}
	clear(m.seen)
	n := 0
	mark := func(w string) {
		if k, ok := m.keys[m.key(w)]; ok && !m.seen[k] {
			m.seen[k] = true
			n++
		}
	}
	for _, w := range tokenize.Words(s) {
		if n == len(m.keys) {
			return n // every term found: the rest cannot add one
		}
		mark(w)
		if !tokenize.IsCompound(w) {
			continue // one part: w itself
		}
		if parts := tokenize.Parts(w); len(parts) > 1 {
			for _, p := range parts {
				mark(p)
			}
			mark(strings.Join(parts, " ")) // a term that is a phrase of parts: "v1 2"
		}
	}
	if !m.cjk {
		return n
	}
	for _, w := range tokenize.Bigrams(s) {
		if tokenize.IsSpacelessToken(w) {
			mark(w)
		}
	}
	return n
}

// stem strips a few English inflections from a lower-case ASCII word so
// that "caches", "cached" and "caching" all become "cach". It is not a
// real stemmer and only serves snippet matching.
func stem(w string) string {
	for i := 0; i < len(w); i++ {
		if c := w[i]; c < 'a' || c > 'z' {
			return w
		}
	}
	if len(w) < 4 {
		return w
	}
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "ing") && len(w) > 5:
		w = w[:len(w)-3]
	case strings.HasSuffix(w, "ed") && len(w) > 4:
		w = w[:len(w)-2]
	case strings.HasSuffix(w, "es") && len(w) > 4:
		w = w[:len(w)-2]
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss"):
		w = w[:len(w)-1]
	}
	if n := len(w); n > 3 && w[n-1] == w[n-2] && !strings.ContainsRune("lsz", rune(w[n-1])) || n > 5 && strings.HasSuffix(w, "ll") {
		w = w[:n-1] // "running" -> "runn" -> "run"; "untill" -> "until", as the keyword index's stemmer
	}
	if n := len(w); n > 3 && w[n-1] == 'e' {
		w = w[:n-1]
	}
	return w
}
