package curate

import (
	"regexp"
	"slices"
	"strings"
	"sync"
)

// glossaryOf returns the acronyms the passages define, each with its
// words as [rendered] writes prose, in ASCII lower case: a definition is
// an acronym of two to six capitals in brackets after words whose
// initials are its letters in order ("Parent Teacher Association
// (PTA)", "Parent-Teacher Association (PTA)"; "of", "and", "for",
// "the" between them may have no letter: "Department for Work and
// Pensions (DWP)"). An acronym defined with two sets of words, or a set
// of words defined as two acronyms, is left out: the workspace does not
// say which one a note means. Initials alone are never read as a
// definition: "FSA" may be any of many agencies.
func glossaryOf(ps []Passage) map[string]string {
	words := map[string]string{}
	acronyms := map[string]string{}
	ambiguous := map[string]bool{}
	read := map[string]string{} // each definition's words as written, as rendered
	for _, p := range ps {
		if !strings.Contains(p.Text, "(") {
			continue
		}
		for _, m := range definedAcronym().FindAllStringSubmatchIndex(p.Text, -1) {
			acr := p.Text[m[2]:m[3]]
			raw, ok := expansion(p.Text[max(0, m[0]-200):m[0]], acr)
			if !ok {
				continue
			}
			exp, seen := read[raw]
			if !seen {
				if len(read) == maxDefinitions {
					return nil // a workspace of that many is read as defining none
				}
				exp = asciiLower(proseSpellings(particleJoined(hyphenJoined(numberDigits(raw)))))
				read[raw] = exp
			}
			if w, seen := words[acr]; seen && w != exp {
				ambiguous[acr] = true
			}
			if a, seen := acronyms[exp]; seen && a != acr {
				ambiguous[acr], ambiguous[a] = true, true
			}
			words[acr], acronyms[exp] = exp, acr
		}
	}
	for acr := range ambiguous {
		delete(words, acr)
	}
	return words
}

// Glossary returns the definitions of acronyms the passages hold, as
// [Pairs] and [Groups] read them when comparing passages of ps: a line
// "words (ACR)" each, sorted, "" when none. A caller that checks two of
// the passages again later, by [Pairs] of them alone, adds it as a third
// passage, so that they are read as the listing read them.
func Glossary(ps []Passage) string {
	loadTables()
	g := glossaryOf(ps)
	lines := make([]string, 0, len(g))
	for acr, words := range g {
		lines = append(lines, words+" ("+acr+")\n")
	}
	slices.Sort(lines)
	return strings.Join(lines, "")
}

// maxDefinitions is how many distinct definitions [glossaryOf] reads: a
// workspace that writes more (a generated file, a hostile one) is read
// as defining none, so that the listing's time stays bounded and no
// acronym is read by half of its definitions.
const maxDefinitions = 1000

// expansion returns the words at the end of before whose initials are
// the letters of acr, as [glossaryOf] reads a definition.
func expansion(before, acr string) (string, bool) {
	before = strings.TrimRight(before, " ")
	fields := strings.FieldsFunc(before, func(r rune) bool { return r == ' ' || r == '-' || r == '\n' })
	j := len(acr) - 1
	for k := len(fields) - 1; k >= 0 && len(fields)-k <= 2*len(acr); k-- {
		w := fields[k]
		if w == "" || !isLetters(w) {
			return "", false
		}
		switch {
		case w[0]|0x20 == acr[j]|0x20:
			j--
			if j < 0 {
				return strings.Join(fields[k:], " "), true
			}
		case j < len(acr)-1 && glossaryStopWords[strings.ToLower(w)]:
		default:
			return "", false
		}
	}
	return "", false
}

// glossaryStopWords are the words a definition's words may hold with no
// letter in the acronym.
var glossaryStopWords = map[string]bool{"of": true, "and": true, "for": true, "the": true}

// isLetters reports whether w is ASCII letters only.
func isLetters(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i]|0x20 < 'a' || w[i]|0x20 > 'z' {
			return false
		}
	}
	return true
}

// asciiLower returns s with its ASCII capitals in lower case, every
// other byte as it is: its byte offsets are those of s.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// definedAcronym matches an acronym of two to six capitals in brackets
// after a space, for [glossaryOf].
var definedAcronym = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(` \(([A-Z]{2,6})\)`)
})

// glossed returns text with the words of each acronym of glossary that
// text or other holds as a word written as the acronym (any case, on
// word bounds), and whether it changed anything: "The Parent Teacher
// Association meets" is "The PTA meets" when the workspace defines
// "PTA".
func glossed(text, other string, glossary map[string]string) (string, bool) {
	changed := false
	for _, acr := range acronymsIn(text, other, glossary) {
		exp := glossary[acr]
		lower := asciiLower(text)
		var edits []edit
		for at := 0; ; {
			i := strings.Index(lower[at:], exp)
			if i < 0 {
				break
			}
			s, e := at+i, at+i+len(exp)
			if (s == 0 || !wordByte(text[s-1])) && (e == len(text) || !wordByte(text[e])) {
				edits = append(edits, edit{s, e, acr})
			}
			at = e
		}
		if len(edits) > 0 {
			text, changed = spliced(text, edits), true
		}
	}
	return text, changed
}

// acronymsIn returns the acronyms of glossary that a or b holds as a
// word.
func acronymsIn(a, b string, glossary map[string]string) []string {
	var out []string
	for _, t := range []string{a, b} {
		for s := 0; s < len(t); {
			e := s
			for e < len(t) && t[e] >= 'A' && t[e] <= 'Z' {
				e++
			}
			if e-s >= 2 && (s == 0 || !wordByte(t[s-1])) && (e == len(t) || !wordByte(t[e]) || t[e] == 's') {
				if _, ok := glossary[t[s:e]]; ok && !slices.Contains(out, t[s:e]) {
					out = append(out, t[s:e])
				}
			}
			s = e + 1
		}
	}
	return out
}

// wordByte reports whether c is an ASCII letter or digit, "_" or a
// byte of a multi-byte rune.
func wordByte(c byte) bool {
	return c|0x20 >= 'a' && c|0x20 <= 'z' || c >= '0' && c <= '9' || c == '_' || c >= 0x80
}
