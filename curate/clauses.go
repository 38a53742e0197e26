package curate

import (
	"slices"
	"strings"
	"unicode"
)

// clauseOpeners are the words that open a clause which may stand before
// or after the clause it qualifies with the same meaning: "When the
// tank is full, the pump stops" is "The pump stops when the tank is
// full".
var clauseOpeners = setOf(`when whenever if unless before after because since while until till once although though whereas`)

// titles are the abbreviations written with a stop before a name.
var titles = setOf(`dr mr mrs ms mx st mt prof sr jr`)

// maxClauseWords bounds the words [clauseMoved] reads: it tries every
// split of the part that differs.
const maxClauseWords = 300

// clauseMoved reports whether a and b are the same words in the same
// order but for one clause moved within its sentence: a clause opened by
// a subordinating word ([clauseOpeners]) that opens the sentence and
// ends at a comma in one copy ("If a dog limps, the nurse books an
// X-ray.") and ends the same sentence in the other ("The nurse books an
// X-ray if a dog limps."). The clause holds no mark that ends a
// sentence, and the rest of its sentence no mark at all (but the stop
// of a title before a name, "Dr. Okafor"): "Leave the building, and
// call the warden if the alarm sounds" may make only the call
// conditional, which "If the alarm sounds, leave the building, and call
// the warden" does not; a clause moved into
// another sentence qualifies another statement ("When it rains, close
// the vents. Open the door." is not "Close the vents. Open the door
// when it rains."), and a subordinating word moved alone ("X before Y"
// and "before X Y") is no clause moved.
func clauseMoved(a, b string) bool {
	wa, ga := clauseWords(a)
	wb, gb := clauseWords(b)
	if len(wa) != len(wb) || len(wa) > maxClauseWords || slices.Equal(wa, wb) {
		return false
	}
	p := 0
	for p < len(wa) && wa[p] == wb[p] {
		p++
	}
	s := 0
	for s < len(wa)-p && wa[len(wa)-1-s] == wb[len(wb)-1-s] {
		s++
	}
	end := len(wa) - s
	for _, c := range [][2]int{{0, 1}, {1, 0}} {
		// first holds the clause at the sentence's start, last at its end.
		first, last := [][]string{wa, wb}[c[0]], [][]string{wa, wb}[c[1]]
		gf, gl := [][]string{ga, gb}[c[0]], [][]string{ga, gb}[c[1]]
		for k := p + 1; k < end; k++ {
			// first[p:k] is the clause, first[k:end] the rest.
			n := k - p
			if !clauseOpeners[first[p]] || !slices.Equal(last[end-n:end], first[p:k]) || !slices.Equal(last[p:end-n], first[k:end]) {
				continue
			}
			if sentenceStart(gf, p) && sentenceStart(gl, p) && strings.Contains(gf[k], ",") && !sentenceEnd(gf[k]) &&
				sentenceStop(gf[end]) && sentenceStop(gl[end]) && !sentenceEnd(gl[end-n]) && oneClause(gf, p+1, k, true) && oneClause(gf, k+1, end, false) && oneClause(gl, p+1, end-n, false) && oneClause(gl, end-n+1, end, true) {
				return true
			}
		}
	}
	return false
}

// clauseWords returns text's words, folded to lower case, and the gaps
// around them: gaps[i] is what comes before word i (gaps[len(words)]
// what follows the last). A word is a run of letters and digits, with
// the apostrophes, hyphens and stops between two of them ("X-ray",
// "don't", "4.2.1"), and the stop of a title before a name ("Dr.
// Okafor", [titles]).
func clauseWords(text string) (words, gaps []string) {
	rs := []rune(text)
	alnum := func(i int) bool { return i >= 0 && i < len(rs) && (unicode.IsLetter(rs[i]) || unicode.IsDigit(rs[i])) }
	last := 0
	for i := 0; i < len(rs); {
		if !alnum(i) {
			i++
			continue
		}
		j := i
		for j < len(rs) && (alnum(j) || strings.ContainsRune("'’-.", rs[j]) && alnum(j-1) && alnum(j+1)) {
			j++
		}
		w := strings.ToLower(string(rs[i:j]))
		if titles[w] && unicode.IsUpper(rs[i]) && j+2 < len(rs) && rs[j] == '.' && rs[j+1] == ' ' && unicode.IsUpper(rs[j+2]) {
			j++ // "Dr. Okafor": the stop is the title's, no sentence's end
		}
		gaps = append(gaps, string(rs[last:i]))
		words = append(words, w)
		last, i = j, j
	}
	return words, append(gaps, string(rs[last:]))
}

// sentenceStart reports whether word i of a text whose gaps are given
// opens a sentence, a line or the text.
func sentenceStart(gaps []string, i int) bool {
	return i == 0 || sentenceEnd(gaps[i])
}

// sentenceEnd reports whether a gap between words ends a sentence or a
// line (a stop, a question or exclamation mark, a semicolon, a colon, a
// line break), or is the end of the text.
func sentenceEnd(gap string) bool {
	return strings.ContainsAny(gap, ".!?;:\n") || gap == ""
}

// sentenceStop reports whether a gap between words ends a sentence
// with a stop, a question or exclamation mark or a line break, or is the
// end of the text: a semicolon or a colon may go on with what the
// clause qualifies ("If it rains, close the vents; open the door").
func sentenceStop(gap string) bool {
	return strings.ContainsAny(gap, ".!?\n") || gap == ""
}

// oneClause reports whether the gaps before words from to end-1 hold
// nothing but spaces, and commas when commas is true: the words are one
// clause.
func oneClause(gaps []string, from, end int, commas bool) bool {
	for i := from; i < end; i++ {
		if g := strings.TrimSpace(gaps[i]); g != "" && (g != "," || !commas) {
			return false
		}
	}
	return true
}
