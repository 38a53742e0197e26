package conflict

import (
	"strings"
	"unicode"
)

// This file folds words: stems, lemmas, British spellings, filler words.

// unhyphenated returns w without its one hyphen between letters, so
// that "stand-up" and "standup", "e-mail" and "email" are one word;
// words with digits ("4-space") and more hyphens keep their form.
func unhyphenated(w string) string {
	i := strings.IndexByte(w, '-')
	if i < 1 || i+1 >= len(w) || strings.Count(w, "-") != 1 || hasDigit(w) {
		return w
	}
	return w[:i] + w[i+1:]
}

// filler are words that carry no subject or value in a memory note: the
// vocabulary of change over time ("moved", "now", "since") and of time
// references ("last week").
var filler map[string]bool

func newFiller() map[string]bool {
	return setOf(`now moved move upgraded upgrade migrated switched changed updated resized rebuilt rewritten reimplemented
since last latest recent anymore longer yet still already today yesterday tomorrow got gets
instead nowadays meanwhile happen happens happened held
week weeks month months day days quarter quarters year years tonight ago currently actually also please note`)
}

func setOf(words string) map[string]bool {
	m := make(map[string]bool)
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// foldedSet returns the set of words, each folded as claim words are
// ([fold]). Call it after the tables that lemma reads are built.
func foldedSet(words string) map[string]bool {
	m := make(map[string]bool)
	for _, w := range strings.Fields(words) {
		m[fold(w)] = true
	}
	return m
}

// fold returns w as claim words fold it: [lemma] of [spelling] of
// [stem].
func fold(w string) string {
	return lemma(spelling(stem(w)))
}

// stem folds a plural or third-person "s". A possessive stays: "Maria's
// sister" is not "Maria".
func stem(w string) string {
	if strings.HasSuffix(w, "'s") || strings.HasSuffix(w, "’s") {
		return w
	}
	if shortIng(w) {
		// "riding", "biting": the verb with its "e" ("ride", "bite"),
		// as a stem, since [lemma] leaves a claim's first word alone.
		return w[:3] + "e"
	}
	if len(w) >= 5 && strings.HasSuffix(w, "ies") && !hasDigit(w) {
		// "balconies", "libraries": the noun in "-y" ([lemma] folds
		// "-ie" nouns, "movies", the same way).
		return w[:len(w)-3] + "y"
	}
	if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") &&
		!strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is") && !hasDigit(w) {
		return w[:len(w)-1]
	}
	return w
}

// lemma folds the forms of a verb that a stem keeps apart: a past
// participle, a present participle, a final "e" and a noun in "-ment"
// ("hosted", "hosting" and "host",
// "stored" and "store", "planned" and "plan", "management" and
// "managed"), so that "we host the site" and "the
// site is hosted" align. Words of five letters or fewer keep their "e",
// and of six or fewer their "ed".
func lemma(w string) string {
	if hasDigit(w) || strings.ContainsAny(w, "'’_") {
		return w
	}
	if len(w) >= 8 && strings.HasSuffix(w, "ment") {
		// "management" is "manage"d.
		w = w[:len(w)-4]
	}
	if base := irregularLemma[w]; base != "" {
		return base
	}
	return foldEnding(w)
}

// foldEnding is [lemma] by the ending alone: "-ing", "-ed" and a final
// "e".
func foldEnding(w string) string {
	if len(w) >= 5 && strings.HasSuffix(w, "ie") {
		// "movie" as "movies" is stemmed: "movy".
		return w[:len(w)-2] + "y"
	}
	if len(w) >= 6 && strings.HasSuffix(w, "ied") {
		// "applied", "carried" as "applies", "apply".
		return w[:len(w)-3] + "y"
	}
	if len(w) >= 7 && strings.HasSuffix(w, "ing") {
		// "hosting", "running": the verb.
		w = w[:len(w)-3]
		if n := len(w); w[n-1] == w[n-2] && strings.IndexByte("bdgmnprt", w[n-1]) >= 0 {
			w = w[:n-1]
		}
	}
	if len(w) >= 6 && strings.HasSuffix(w, "ed") && !strings.HasSuffix(w, "eed") {
		w = w[:len(w)-2]
		if n := len(w); n >= 4 && w[n-1] == w[n-2] && strings.IndexByte("bdgmnprt", w[n-1]) >= 0 {
			w = w[:n-1]
		}
	}
	if len(w) >= 5 && strings.HasSuffix(w, "e") && !strings.HasSuffix(w, "ee") {
		w = w[:len(w)-1]
	}
	return w
}

// shortIng reports whether w is a six-letter "-ing" form of a verb of
// consonant, vowel, consonant and a silent "e" ("riding", "coding"),
// which the ending alone folds only from seven letters. A final "w",
// "x" or "y" makes no such verb ("paying", "sewing"); "during" is no
// verb.
func shortIng(w string) bool {
	const vowels = "aeiou"
	return len(w) == 6 && strings.HasSuffix(w, "ing") && w != "during" &&
		strings.IndexByte(vowels, w[0]) < 0 && strings.IndexByte(vowels, w[1]) >= 0 &&
		strings.IndexByte(vowels+"wxy", w[2]) < 0
}

// spelling folds a British spelling into the American one, so that
// "colour" and "color", "anonymised" and "anonymized", "licence" and
// "license", "catalogue" and "catalog", "centre" and "center",
// "cancelled" and "canceled" are one word. It reads endings, not a word
// list, and is applied to the words of both claims alike: a word it
// folds that has no American twin ("promise" is "promize") is folded the
// same way on both sides and still matches itself. Lexicon words are
// looked up before it (see [normalise]), as written.
func spelling(w string) string {
	n := len(w)
	if n < 5 || hasDigit(w) || strings.ContainsAny(w, "'’_") {
		return w
	}
	for _, f := range britishEndings {
		if strings.HasSuffix(w, f[0]) && n-len(f[0]) >= 3 {
			return w[:n-len(f[0])] + f[1]
		}
	}
	return w
}

// britishEndings are the endings [spelling] folds, longest first where
// one ends another, each with its American form.
var britishEndings = [][2]string{
	{"ourite", "orite"}, {"oured", "ored"}, {"ouring", "oring"}, {"our", "or"},
	{"isation", "ization"}, {"ised", "ized"}, {"ising", "izing"}, {"ise", "ize"}, {"iser", "izer"},
	{"ysed", "yzed"}, {"ysing", "yzing"}, {"yse", "yze"},
	{"ence", "ense"}, {"enced", "ensed"}, {"encing", "ensing"},
	{"ogue", "og"},
	{"tre", "ter"}, {"bre", "ber"},
	{"elled", "eled"}, {"elling", "eling"}, {"eller", "eler"},
	{"amme", "am"},
}

// eventVerbs maps the verbs that say when an event starts or ends, as
// [lemma] folds them, to one verb each: "code freeze begins December
// 18" says when it starts.
var eventVerbs map[string]string

func newEventVerbs() map[string]string {
	return map[string]string{"begin": "start", "began": "start", "begun": "start", "commenc": "start",
		"finish": "end"}
}

// irregularLemma maps forms [lemma] cannot fold by their ending.
var irregularLemma map[string]string

// isValue reports whether w is a number, version or date: it starts
// with a digit, or with "v" and a digit ("v1.27"). Identifiers such as
// "p99" or "service2", and names such as "1password", are words.
func isValue(w string) bool {
	w = strings.TrimPrefix(w, "v")
	if w == "" || w[0] < '0' || w[0] > '9' {
		return false
	}
	// "1password" is a word: digits, then three letters or more.
	i := strings.IndexFunc(w, func(r rune) bool { return r < '0' || r > '9' })
	if i < 0 {
		return true
	}
	n := 0
	for _, r := range w[i:] {
		if !unicode.IsLetter(r) {
			return true
		}
		n++
	}
	return n < 3
}

func hasDigit(w string) bool {
	return strings.IndexFunc(w, unicode.IsDigit) >= 0
}
