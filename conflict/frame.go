package conflict

import (
	"strings"

	"github.com/memweave/memweave-go/tokenize"
)

// This file holds [rewrite] and the frames it applies: ways of saying
// one fact that differ in words but not in meaning (the frames of one
// family live in that family's file: change.go, role.go, quantity.go,
// places.go). [rewrite] turns them into one form before a
// sentence is normalised, so that two claims about one slot align word
// for word and differ only in the slot's value:
//
//   - a change stated as a change ("grew to 9", "bumped the pool size to
//     50", "switched from X to Y") states the new value ("9", "50", "Y");
//   - a role taken over ("took over as", "became", "was appointed") is
//     a role held ("is the");
//   - a role in the passive ("is led by Pavel") is the active ("Pavel
//     leads"), so that the holder comes first;
//   - a number written as a word ("three", "half an hour", "every week")
//     is a number;
//   - what follows "since" is when the fact began, not the fact.
//
// The status lexicon ([statusPhase], status.go) sorts the words of a state (paused,
// shipped, deprecated) into phases: two claims that differ in a status
// word of different phases disagree, synonyms do not. The exclusive
// classes ([classOf], class.go) are values of which a subject holds one at a time
// (a diet, a part of the day, a day of the week).

// determiners open a noun phrase: skipped before the holder of a role.
var determiners map[string]bool

// rewrite returns words with the frames above in their one form. It
// returns words itself when no frame applies.
func rewrite(words []string) []string {
	if !hasFrame(words) {
		return words
	}
	words = roleNoun(passive(birthplace(birthday(ceoFrame(words)))))
	out := make([]string, 0, len(words)+2)
	prefer := -1
	for i := 0; i < len(words); i++ {
		if words[i] == "since" && i > 1 {
			// "owns it since March", "takes 11 minutes since we added
			// the suite": when it began.
			return out
		}
		if preferVerbs[words[i]] {
			prefer = i
		} else if n := rivalAt(words, i); n > 0 && prefer >= 0 && i > prefer+1 {
			// "prefers tea over coffee" says "prefers tea": the rival
			// would otherwise read as a second value.
			i += n - 1
			continue
		}
		if n := habitual(words, i); n > 0 {
			// "always books an aisle seat" is a preference: "prefers
			// an aisle seat".
			out = append(out, "prefers")
			prefer = len(out) - 1
			i += n - 1
			continue
		}
		if n := visitFrame(words, i); n > 0 {
			out = append(out, "been", "to")
			i += n - 1
			continue
		}
		if cop := placeTaken(words, i); cop != "" {
			// "the launch takes place at the arts centre" is "the
			// launch is at the arts centre".
			out = append(out, cop)
			i++
			continue
		}
		// The first frame whose opening matches decides, even when it
		// then rewrites nothing.
		repl, n, ok := boundFrame(words, i)
		if !ok {
			repl, n, ok = roleFrame(words, i)
		}
		if !ok {
			repl, n, ok = quantityFrame(words, i)
		}
		if !ok {
			repl, n, _ = changeFrame(words, i)
		}
		if n == 0 {
			out = append(out, words[i])
			continue
		}
		out = append(out, repl...)
		i += n - 1
	}
	return out
}

// preferVerbs are the forms of "prefer", whose object may be followed
// by its rival ("over coffee", "to written updates").
var preferVerbs map[string]bool

// habitual returns how many words at words[i] are "always" and a verb
// that chooses one of several things, with its "for" ("asks for", "goes
// for"), 0 when none: "Nadia always books an aisle seat" says what she
// prefers, as "Nadia prefers aisle seats" does.
func habitual(words []string, i int) int {
	if words[i] != "always" {
		return 0
	}
	switch wordAt(words, i+1) {
	case "books", "book", "orders", "order", "picks", "pick", "chooses", "choose", "requests", "request",
		"selects", "select", "buys", "buy":
		return 2
	case "asks", "ask", "goes", "go", "opts", "opt":
		if wordAt(words, i+2) == "for" {
			return 3
		}
	}
	return 0
}

// placeTaken returns the copula that words[i:i+2] say when they are
// "takes place" or a form of it, "" otherwise.
func placeTaken(words []string, i int) string {
	if wordAt(words, i+1) != "place" {
		return ""
	}
	switch words[i] {
	case "takes":
		return "is"
	case "take":
		if i > 0 && (words[i-1] == "will" || words[i-1] == "to") {
			// "will take place", "is due to take place".
			return "be"
		}
		return "are"
	case "took":
		return "was"
	}
	return ""
}

// visitFrame returns how many words at words[i] say a visit in other
// words than "been to", 0 when none: "set foot in" or "on", and
// "visited" after a denial ("has never visited Lisbon"), so that the
// denial reads as "has never been to", whose trips [judgeNegation]
// knows.
func visitFrame(words []string, i int) int {
	switch words[i] {
	case "set":
		if wordAt(words, i+1) == "foot" && (wordAt(words, i+2) == "in" || wordAt(words, i+2) == "on") {
			return 3
		}
	case "visited":
		if i > 0 && (words[i-1] == "never" || words[i-1] == "not") {
			return 1
		}
	}
	return 0
}

// rivalAt returns how many words at words[i] name the rival of a
// preference: "over", "to", "rather than" or "instead of", then the
// words up to a conjunction or the end; 0 when none opens there.
func rivalAt(words []string, i int) int {
	k := i + 1
	switch words[i] {
	case "over", "to":
	case "rather", "instead":
		if w := wordAt(words, k); w != "than" && w != "of" {
			return 0
		}
		k++
	default:
		return 0
	}
	for k < len(words) && !stopsSwitch(words[k]) {
		k++
	}
	return k - i
}

// wordAt returns words[k], "" past the end.
func wordAt(words []string, k int) string {
	if k < len(words) {
		return words[k]
	}
	return ""
}

// A frame function reads the frame opening at words[i]. It reports
// whether the opening matched (ok) and, when it rewrites, the n words
// it consumes (at least 1) and the words that replace them (repl); n is
// 0 when the word stays as written.

// hasFrame reports whether a word of words may start a frame: most
// sentences have none and are not copied.
func hasFrame(words []string) bool {
	for _, w := range words {
		if rawLex[w]&lexFrame != 0 {
			return true
		}
	}
	return false
}

// Bits of [rawLex].
const (
	lexFrame  = 1 << iota // a word that may start a frame of [rewrite]
	lexChange             // a word of [changeWords], or "longer" of "no longer"
	lexAdd                // a word that may add to what else is said
)

// rawLex flags the words of the lexicons read on every word of a
// sentence, so that each word costs one lookup.
var rawLex map[string]uint8

func newRawLex() map[string]uint8 {
	m := make(map[string]uint8)
	for _, set := range []map[string]bool{changeVerbs, frameWords} {
		for w := range set {
			m[w] |= lexFrame
		}
	}
	for _, set := range []map[string]string{numberWords, passiveRole, periodWords} {
		for w := range set {
			m[w] |= lexFrame
		}
	}
	for w := range changeWords {
		m[w] |= lexChange
	}
	m["longer"] |= lexChange
	for w := range changeVerbs {
		m[w] |= lexChange
	}
	for _, w := range strings.Fields(`also additionally another both too well addition`) {
		m[w] |= lexAdd
	}
	return m
}

var frameWords map[string]bool

func newFrameWords() map[string]bool {
	return setOf(`prefer prefers preferred preferring replaced swapped substituted traded ditched a an is are was were been since took takes take taken stepped belongs belong belonged became becomes appointed named promoted half every each per one
once twice thrice times no not at up minimum maximum or capped limited always allows allow permits permit over under than before after celebrates celebrate ceo executive visited`)
}

// periodWords are adverbs of a period: "daily" is once a day.
var periodWords map[string]string

func newPeriodWords() map[string]string {
	return map[string]string{
		"hourly": "hour", "daily": "day", "nightly": "day", "weekly": "week", "monthly": "month",
		"yearly": "year", "annually": "year",
	}
}

// irregular maps the participles of [verbForms] to their verb, read
// after "is" or "are" ("the docs are kept on Drive": "keep"). One that
// names a state keeps its form: "the migration is done", "the build is
// broken", "the account is frozen" (see [statusPhase], [antonymOf]).
var irregular map[string]string

func newIrregular() map[string]string {
	state := setOf(`been done gone lost broken frozen hidden fallen worn torn`)
	m := map[string]string{}
	for _, verb := range strings.Split(verbForms, "|") {
		f := strings.Fields(verb)
		if p := f[len(f)-1]; !state[p] {
			m[p] = f[0]
		}
	}
	return m
}

// timeOfWeek reports whether ts names a part of the day or a day of the
// week: the time a routine recurs.
func timeOfWeek(ts []token) bool {
	for _, t := range ts {
		if c := classOf[t.w]; c == "daypart" || c == "weekday" {
			return true
		}
	}
	return false
}

// ta1 counts the words of ts that name a part of the day or a day of the
// week.
func ta1(ts []token) int {
	n := 0
	for _, t := range ts {
		if c := classOf[t.w]; c == "daypart" || c == "weekday" {
			n++
		}
	}
	return n
}

// written returns t as its claim c wrote it.
func written(c *claim, t token) string {
	if t.show > 0 {
		return c.shows[t.show-1]
	}
	return t.w
}

// heldVerb reports whether w, a folded word, is a verb of a role, of
// ownership or of a policy ("leads", "owns", "allows", "bans"): one
// value at a time.
func heldVerb(w string) bool {
	for _, set := range [2]map[string]bool{roleVerbs, ownVerbs} {
		for v := range set {
			if lemma(stem(v)) == w {
				return true
			}
		}
	}
	for _, v := range [...]string{"allows", "permits", "blocks", "bans", "forbids", "denies", "accepts", "rejects",
		"refuses", "requires", "supports", "prefers", "uses"} {
		if lemma(stem(v)) == w {
			return true
		}
	}
	return false
}

// verbParticle reports whether w is the particle of a phrasal verb
// kept as a content word ("drops off"; [particle] reads those of the
// phrasal nouns).
func verbParticle(w string) bool {
	switch w {
	case "off", "out", "over", "down", "back", "away", "up", "in", "on":
		return true
	}
	return false
}

// isStop reports whether w is a stop word.
func isStop(w string) bool { return tokenize.IsStopWord(w) }
