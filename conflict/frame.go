package conflict

import (
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/memweave/memweave-go/tokenize"
)

// This file holds the frames: ways of saying one fact that differ in
// words but not in meaning. [rewrite] turns them into one form before a
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
// The status lexicon ([statusPhase]) sorts the words of a state (paused,
// shipped, deprecated) into phases: two claims that differ in a status
// word of different phases disagree, synonyms do not. The exclusive
// classes ([classOf]) are values of which a subject holds one at a time
// (a diet, a part of the day, a day of the week).

// changeVerbs are verbs that state a change of value; followed by "to"
// within a few words, the words up to "to" (less the old value after
// "from") are the slot, and what follows is its new value.
var changeVerbs map[string]bool

func newChangeVerbs() map[string]bool {
	return setOf(`changed change changes switched switch switches moved migrated upgraded downgraded
updated bumped raised lowered increased decreased reduced cut extended shortened grew grown shrank
dropped fell rose went gone scaled expanded doubled halved set reset transferred converted adjusted
shifted pushed postponed delayed rescheduled relocated lifted resized ported transitioned slipped slid`)
}

// locChange are the change verbs that state a new place: their "to"
// becomes a location predicate ([locMark]).
var locChange map[string]bool

// passiveRole maps the participles of the role verbs ([roleVerbs]) to
// their active form.
var passiveRole map[string]string

func newPassiveRole() map[string]string {
	return map[string]string{
		"led": "leads", "owned": "owns", "managed": "manages", "run": "runs", "headed": "heads",
		"chaired": "chairs", "maintained": "maintains", "coordinated": "coordinates", "overseen": "oversees",
		"handled": "handles", "approved": "approves",
	}
}

// numberWords maps number words to digits.
var numberWords map[string]string

func newNumberWords() map[string]string {
	return map[string]string{
		"two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8",
		"nine": "9", "ten": "10", "eleven": "11", "twelve": "12", "fifteen": "15", "twenty": "20",
		"thirty": "30", "forty": "40", "fifty": "50", "sixty": "60", "ninety": "90", "hundred": "100",
		"dozen": "12",
	}
}

// determiners open a noun phrase: skipped before the holder of a role.
var determiners map[string]bool

// rewrite returns words with the frames above in their one form. It
// returns words itself when no frame applies.
func rewrite(words []string) []string {
	if !hasFrame(words) {
		return words
	}
	words = roleNoun(passive(birthplace(words)))
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
		if habitual(words, i) {
			// "always books an aisle seat" is a preference: "prefers
			// an aisle seat".
			out = append(out, "prefers")
			prefer = len(out) - 1
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

// birthplace rewrites a birthplace said with its noun into the verb,
// as [roleNoun] does for a role: "Kofi's birthplace is Kumasi" and
// "Kofi's place of birth was Kumasi" are "Kofi was born in Kumasi". It
// returns words itself when no such frame follows an owner.
func birthplace(words []string) []string {
	for j := 1; j+2 < len(words) && j <= 4; j++ {
		n := 0
		switch {
		case words[j] == "birthplace":
			n = 1
		case words[j] == "place" && wordAt(words, j+1) == "of" && wordAt(words, j+2) == "birth":
			n = 3
		}
		owner, ok := strings.CutSuffix(words[j-1], "'s")
		if n == 0 || !ok || owner == "" {
			continue
		}
		if v := wordAt(words, j+n); v != "is" && v != "was" || j+n+1 >= len(words) {
			return words
		}
		return slices.Concat(words[:j-1], []string{owner, "was", "born", "in"}, words[j+n+1:])
	}
	return words
}

// preferVerbs are the forms of "prefer", whose object may be followed
// by its rival ("over coffee", "to written updates").
var preferVerbs map[string]bool

// habitual reports whether words[i] is "always" before a verb that
// chooses one of several things: "Nadia always books an aisle seat" says
// what she prefers, as "Nadia prefers aisle seats" does.
func habitual(words []string, i int) bool {
	if words[i] != "always" {
		return false
	}
	switch wordAt(words, i+1) {
	case "books", "book", "orders", "order", "picks", "pick", "chooses", "choose", "requests", "request",
		"selects", "select", "buys", "buy":
		return true
	}
	return false
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

// roleFrame rewrites a role taken ("took over as", "became", "was
// appointed") into "is the".
func roleFrame(words []string, i int) (repl []string, n int, ok bool) {
	w := words[i]
	switch {
	case (w == "took" || w == "takes" || w == "take" || w == "taken" || w == "stepped") &&
		(wordAt(words, i+1) == "over" || wordAt(words, i+1) == "in") && wordAt(words, i+2) == "as":
		return []string{"is", "the"}, 3, true
	case (w == "took" || w == "takes") && wordAt(words, i+1) == "over" && determiners[wordAt(words, i+2)] && !amountAt(words, i+2):
		// "the CFO took over the security budget": the CFO owns it
		// now.
		return []string{"now", "owns"}, 2, true
	case w == "became" || w == "becomes" || w == "appointed" || w == "named" || w == "promoted":
		repl, k := []string{"is"}, i
		if wordAt(words, k+1) == "as" || wordAt(words, k+1) == "to" {
			k++
		}
		if !determiners[wordAt(words, k+1)] {
			repl = append(repl, "the")
		}
		return repl, k - i + 1, true
	}
	return nil, 0, false
}

// quantityFrame rewrites a number word, a frequency or "half an hour"
// into a number and a unit.
func quantityFrame(words []string, i int) (repl []string, n int, ok bool) {
	w, next := words[i], wordAt(words, i+1)
	switch {
	case (w == "a" || w == "an" || w == "one") && units[next] > 0 && wordAt(words, i+2) == "and" && wordAt(words, i+3) == "a" && wordAt(words, i+4) == "half":
		// "a minute and a half".
		return []string{"1.5", next}, 5, true
	case w == "one" && next == "and" && wordAt(words, i+2) == "a" && wordAt(words, i+3) == "half" && units[wordAt(words, i+4)] > 0:
		// "one and a half hours".
		return []string{"1.5", wordAt(words, i+4)}, 5, true
	case w == "half" && (next == "an" || next == "a") && units[wordAt(words, i+2)] > 0:
		return []string{"0.5", wordAt(words, i+2)}, 3, true
	case w == "every" && (next == "other" || next == "second" || next == "alternate") && alternate(wordAt(words, i+2)) != nil:
		// "every other week" is every 2 weeks, "every second Monday"
		// every 2 weeks on Mondays.
		return alternate(wordAt(words, i+2)), 3, true
	case (w == "every" || w == "each" || w == "per" || w == "a" || w == "an") && units[next] > 0:
		// "every week", "takes an hour": one of the unit.
		return []string{"1", next}, 2, true
	case w == "every" || w == "each":
		// "every two weeks" is the quantity "2 weeks".
		return nil, 1, true
	case periodWords[w] != "":
		// "daily", "weekly": once a day, a week.
		return []string{"1", periodWords[w]}, 1, true
	case (w == "once" || w == "twice" || w == "thrice" || ((isValue(w) || numberWords[w] != "") && next == "times")) &&
		(perWords[next] || next == "times"):
		// "twice a week" is every half week; "four times a day" every
		// six hours.
		times, k := map[string]float64{"once": 1, "twice": 2, "thrice": 3}[w], i+1
		if times == 0 {
			n := w
			if numberWords[w] != "" {
				n = numberWords[w]
			}
			times, _ = strconv.ParseFloat(n, 64)
			k++
		}
		if u := wordAt(words, k+1); times > 0 && perWords[wordAt(words, k)] && units[u] > 0 {
			if timeUnit(u) && times != 1 {
				// "12 times an hour" is every 300 seconds, exactly:
				// a rounded fraction of an hour is not "5 minutes".
				return []string{plainNumber(units[u] / times), "seconds"}, k - i + 2, true
			}
			return []string{strconv.FormatFloat(1/times, 'g', 4, 64), u}, k - i + 2, true
		}
		return nil, 0, true
	case numberWords[w] != "":
		return []string{numberWords[w]}, 1, true
	case w == "one" && units[next] > 0:
		return []string{"1"}, 1, true
	}
	return nil, 0, false
}

// alternate returns what "every other" and a unit or a day of the week
// u are: 2 of the unit, or every 2 weeks on that day; nil for other
// words.
func alternate(u string) []string {
	switch {
	case units[u] > 0 && !strings.HasPrefix(u, "second"):
		return []string{"2", u}
	case classOf[u] == "weekday" && u != "weekday":
		return []string{"2", "weeks", u}
	}
	return nil
}

// plainNumber writes x rounded to six significant digits without an
// exponent: "twice a month" is every 1296000 seconds, a number
// [quantityAt] reads, not "1.296e+06".
func plainNumber(x float64) string {
	r, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 6, 64), 64)
	return strconv.FormatFloat(r, 'f', -1, 64)
}

// boundFrame rewrites a bound into the word "minimum" or "maximum"
// before its value: "at least 12", "no fewer than 12", "a minimum of
// 12" and "12 or more" are "minimum 12"; "at most", "no more than", "up
// to 5" and "5 or fewer" are "maximum". "No more than" denies nothing,
// and a minimum is not a maximum of the same subject. A deadline ("no
// later than Friday") is its date alone.
func boundFrame(words []string, i int) (repl []string, n int, ok bool) {
	w, next, then := words[i], wordAt(words, i+1), wordAt(words, i+2)
	switch {
	case w == "at" && next == "least":
		return []string{"minimum"}, 2, true
	case w == "at" && next == "most":
		return []string{"maximum"}, 2, true
	case (w == "no" || w == "not") && then == "than" && boundWord[next] != "":
		// "no more than 8" is at most 8: the bound of "8 or more"
		// turned round.
		return []string{boundOpposite[boundWord[next]]}, 3, true
	case (w == "a" || w == "the") && (next == "minimum" || next == "maximum") && then == "of":
		return []string{next}, 3, true
	case (w == "minimum" || w == "maximum") && next == "of":
		return []string{w}, 2, true
	case (w == "over" || w == "under") && amountAt(words, i+1),
		(boundWord[w] == "minimum" || boundWord[w] == "maximum") && next == "than" && amountAt(words, i+2) && (i == 0 || words[i-1] != "no" && words[i-1] != "not"):
		// "takes over an hour", "more than 40 people", "under 2 kg":
		// a bound, not the amount itself.
		k, b := 2, "minimum"
		if w == "over" || w == "under" {
			k = 1
		}
		if w == "under" || boundWord[w] == "maximum" {
			b = "maximum"
		}
		return []string{b}, k, true
	case (w == "before" || w == "after") && slices.ContainsFunc(words[:i], pastWord):
		// "got home before ten", "arrived after 2 pm": a past event
		// bounded by a time of day, not the time itself.
		t, n := clockBound(words, i+1)
		if n == 0 {
			return nil, 0, false
		}
		b := "maximum"
		if w == "after" {
			b = "minimum"
		}
		return []string{b, t}, 1 + n, true
	case w == "less" && then == "than" && boundWord[next] == "" && !amountAt(words, i+1):
		// "less expensive than": one word, not "expensive", which
		// a dropped "less" would leave.
		return []string{"less-" + next}, 2, true
	case w == "up" && next == "to" && (isValue(then) || numberWords[then] != ""):
		return []string{"maximum"}, 2, true
	case allowVerb(w) && (isValue(next) || numberWords[next] != ""):
		// "the plan allows 5 seats": at most 5.
		return []string{"maximum"}, 1, true
	case capVerb(w) && (next == "at" || next == "to") && (isValue(then) || numberWords[then] != ""):
		// "capped at 500", "limited to 20 MB": the maximum the noun
		// "cap" or "limit" states ([shortForms]).
		return []string{"maximum"}, 2, true
	case (next == "or" || then == "or") && (isValue(w) || numberWords[w] != ""):
		k := i + 1
		if units[next] > 0 {
			k++
		}
		if b := boundWord[wordAt(words, k+1)]; wordAt(words, k) == "or" && (b == "minimum" || b == "maximum") {
			return append([]string{b}, words[i:k]...), k + 2 - i, true
		}
	}
	return nil, 0, false
}

// amountAt reports whether words[i] opens an amount: a number, a
// number word, or "a"/"an" before a unit ("an hour").
func amountAt(words []string, i int) bool {
	w := wordAt(words, i)
	if w == "a" || w == "an" {
		return units[wordAt(words, i+1)] > 0
	}
	return w != "" && (isValue(w) && isDigit(w[0]) || numberWords[w] != "")
}

// clockBound reads a time of day at words[i] after "before" or "after"
// ("noon", "midnight", "6 pm", "18:30", or an hour of 1 to 12 in digits
// or a word that no unit follows: "before ten", not "after 10 seconds")
// and returns it as [clockAt] does, with the words it spans; 0 words
// when there is none.
func clockBound(words []string, i int) (string, int) {
	w := wordAt(words, i)
	switch {
	case w == "noon" || w == "midday" || w == "midnight":
		return clockAt([]string{"at", w}, 1)
	case w == "":
		return "", 0
	}
	if t, n := clockAt(words, i); n > 0 {
		return t, n
	}
	if nw := numberWords[w]; nw != "" {
		w = nw
	}
	h, err := strconv.Atoi(w)
	next := wordAt(words, i+1)
	if err != nil || h < 1 || h > 12 || units[next] != 0 || currencies[next] != "" || months[next] != 0 {
		return "", 0
	}
	return w + ":00", 1
}

// pastWord reports whether w is a past form of a verb ([pastForm], or
// "got", "left", "came", "woke").
func pastWord(w string) bool {
	switch w {
	case "got", "left", "came", "woke":
		return true
	}
	return pastForm(rawTok{w: w})
}

// capVerb reports whether w sets a maximum before "at" or "to" and a
// value ("capped at 500"). A switch: no table built at init.
func capVerb(w string) bool { return w == "capped" || w == "limited" }

// allowVerb reports whether w sets a maximum before a value ("allows 5
// seats").
func allowVerb(w string) bool {
	switch w {
	case "allows", "allow", "permits", "permit":
		return true
	}
	return false
}

// boundWord maps a comparative to the bound it sets after "or": "3 or
// more" sets a minimum, "3 or fewer" a maximum, "Friday or later" a
// start; [boundOpposite] turns it round for "no more than".
var boundWord map[string]string

func newBoundWord() map[string]string {
	return map[string]string{
		"more": "minimum", "older": "minimum", "newer": "minimum", "higher": "minimum", "greater": "minimum", "above": "minimum", "larger": "minimum", "bigger": "minimum", "longer": "minimum",
		"heavier": "minimum", "taller": "minimum", "wider": "minimum", "deeper": "minimum", "lighter": "maximum", "narrower": "maximum",
		"fewer": "maximum", "less": "maximum", "below": "maximum", "lower": "maximum", "younger": "maximum", "smaller": "maximum", "shorter": "maximum",
		"later": "from", "earlier": "by", "sooner": "by",
	}
}

// boundOpposite maps each bound of [boundWord] to the other way round.
var boundOpposite map[string]string

// perWords join a count of times to its period: "twice a week", "12
// times an hour", "3 times per day".
var perWords map[string]bool

// timeUnit reports whether u is a unit of time in [units], not of size.
func timeUnit(u string) bool {
	return units[u] > 0 && !strings.HasSuffix(u, "b") && !strings.HasPrefix(u, "byte")
}

// changeFrame rewrites a change into the value it states: "replaced
// Trello with Asana" says Asana, "moved the team to Lisbon" that it is
// there.
func changeFrame(words []string, i int) (repl []string, n int, ok bool) {
	w := words[i]
	switch {
	case replaceVerbs[w]:
		return nil, replacedWith(words, i), true
	case changeVerbs[w] && locPredicate(words, i) == 0:
		n, from := changeTo(words, i)
		if n == 0 {
			return nil, 0, true
		}
		repl = words[i+1 : from : from]
		if len(repl) == 0 {
			// "the release party slipped to June 3" says what the
			// release party is now: its subject ends before the verb,
			// as before a copula (claim.copAt).
			repl = append(repl, "is")
		}
		if locChange[w] && !valueAfter(words, i+n) {
			// "moved to Lisbon" is a place, "moved to 10:00" or "to
			// port 6380" a value.
			repl = append(repl, "moved", "to")
		}
		return repl, n, true
	}
	return nil, 0, false
}

// valueAfter reports whether a value follows at words[k]: a number, a
// number word, a frequency or a month, or a noun and a number ("port 6380"; but "Berlin 2 years
// ago" is a place and a time).
func valueAfter(words []string, k int) bool {
	w := wordAt(words, k)
	if _, ok := months[w]; ok || hasDigit(w) || numberWords[w] != "" || periodWords[w] != "" || w == "once" || w == "twice" {
		return true
	}
	_, unit := units[wordAt(words, k+2)]
	return hasDigit(wordAt(words, k+1)) && !unit
}

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
once twice thrice times no not at up minimum maximum or capped limited always allows allow permits permit over under than before after`)
}

// periodWords are adverbs of a period: "daily" is once a day.
var periodWords map[string]string

func newPeriodWords() map[string]string {
	return map[string]string{
		"hourly": "hour", "daily": "day", "nightly": "day", "weekly": "week", "monthly": "month",
		"yearly": "year", "annually": "year",
	}
}

// replaceVerbs replace one thing by another: "replaced X with Y".
var replaceVerbs map[string]bool

// replacedWith returns how many words at words[i], a verb of
// [replaceVerbs], say what was replaced, through "with", "for" or "by"
// within five words, or 0.
func replacedWith(words []string, i int) int {
	for j := i + 2; j < len(words) && j <= i+5; j++ {
		switch words[j] {
		case "with", "for", "by":
			return j - i + 1
		case "and", "but", "because", "so", "which":
			return 0
		}
	}
	return 0
}

// changeTo reads a change frame at words[i], a change verb: "grew to",
// "bumped the pool size to", "switched from X to". It returns the words
// the frame spans through "to" and where the slot's words end (at
// "from" or "to"), or 0 when no "to" follows within six words.
func changeTo(words []string, i int) (n, from int) {
	if changeNoun(words, i) {
		return 0, 0
	}
	from = -1
	for j := i + 1; j < len(words) && j <= i+6; j++ {
		switch words[j] {
		case "from":
			if from < 0 {
				from = j
			}
		case "to", "until", "till":
			// "extended until 2026-10-31" moves an end to that date.
			if words[j] != "to" && !valueAfter(words, j+1) {
				return 0, 0
			}
			if from < 0 {
				from = j
			}
			return j - i + 1, from
		case "and", "but", "because", "so", "which":
			return 0, 0
		}
	}
	return 0, 0
}

// changeNoun reports whether the change verb at i is a noun: a bare
// form after "a" or "an", next to it or one word on ("a change to the
// plan", "an oil change before the trip to Vigo", "a price cut"), names
// an event, not a new value.
func changeNoun(words []string, i int) bool {
	if strings.HasSuffix(words[i], "ed") || strings.HasSuffix(words[i], "s") {
		return false
	}
	for j := i - 1; j >= 0 && j >= i-2; j-- {
		if words[j] == "a" || words[j] == "an" {
			return true
		}
	}
	return false
}

// passive rewrites "X is led by Y ..." as "Y leads X ...": the holder
// of a role first, as [roleHolder] reads it. Y is the words after "by"
// (less a determiner) up to the next stop word.
func passive(words []string) []string {
	for i := 1; i+1 < len(words); i++ {
		j := i + 1
		switch words[i] {
		case "is", "are", "was", "were", "been":
		case "belongs", "belong", "belonged":
			// "the budget belongs to the CTO" is "owned by the CTO".
			j = i
		default:
			continue
		}
		if filler[words[j]] {
			j++
		}
		if j >= len(words) {
			continue
		}
		verb, by := passiveRole[words[j]], "by"
		if j == i {
			verb, by = "owns", "to"
		}
		if verb == "" && j < len(words) && irregular[words[j]] != "" && irregular[words[j]] != words[j] {
			// "the docs are kept on" says the verb of "we keep the docs
			// on"; [lemma] folds the regular ones ("hosted", "host").
			out := slices.Clone(words)
			out[j] = irregular[words[j]]
			words = out
			continue
		}
		if verb == "" || j+1 >= len(words) || words[j+1] != by {
			continue
		}
		y := j + 2
		for y < len(words) && determiners[words[y]] {
			y++
		}
		e := y
		for e < len(words) && !isStop(words[e]) && !filler[words[e]] {
			e++
		}
		if e == y {
			return words
		}
		out := make([]string, 0, len(words))
		out = append(out, words[y:e]...)
		out = append(out, verb)
		out = append(out, words[:i]...)
		return append(out, words[e:]...)
	}
	return words
}

// roleNouns maps the nouns of the roles one holds at a time to the
// verbs of [roleVerbs]: "the maintainer of the CLI is Kim" says "Kim
// maintains the CLI".
var roleNouns map[string]string

func newRoleNouns() map[string]string {
	return map[string]string{
		"lead": "leads", "leader": "leads", "owner": "owns", "maintainer": "maintains", "manager": "manages",
		"head": "heads", "chair": "chairs", "coordinator": "coordinates",
	}
}

// rolePast are the simple pasts of the verbs of [roleNouns].
var rolePast = sync.OnceValue(func() map[string]string {
	return map[string]string{"leads": "led", "owns": "owned", "maintains": "maintained", "manages": "managed",
		"heads": "headed", "chairs": "chaired", "coordinates": "coordinated"}
})

// roleNoun rewrites a role said with its noun into its verb, the holder
// first, as [roleHolder] reads it: "X is (now) the lead of Y" and "the
// lead of Y is X" are "X leads Y", and "X took ownership of Y" is "X
// owns Y". It returns words itself when no such frame opens the
// sentence.
func roleNoun(words []string) []string {
	for i := 1; i+3 < len(words) && i <= 3; i++ {
		if (words[i] == "took" || words[i] == "takes" || words[i] == "taken") && words[i+1] == "ownership" && words[i+2] == "of" {
			return slices.Concat(words[:i], []string{"owns"}, words[i+3:])
		}
	}
	// The lead of Y is X.
	k := 0
	if determiners[wordAt(words, 0)] {
		k = 1
	}
	q, k := roleQualifier(words, k)
	if verb := roleNouns[wordAt(words, k)]; verb != "" && (wordAt(words, k+1) == "of" || wordAt(words, k+1) == "for") {
		for j := k + 3; j < len(words) && j <= k+8; j++ {
			if words[j] != "is" && words[j] != "are" && words[j] != "was" {
				continue
			}
			x := j + 1
			for x < len(words) && filler[words[x]] {
				x++
			}
			if x == len(words) {
				break
			}
			return slices.Concat(words[x:], []string{verb}, q, words[k+2:j])
		}
	}
	// X is (now) the lead of Y; X is release manager for Y.
	for i := 1; i <= 2 && i+3 < len(words); i++ {
		if words[i] != "is" && words[i] != "was" {
			continue
		}
		j := i + 1
		for j < len(words) && filler[words[j]] {
			j++
		}
		if d := wordAt(words, j); d == "a" || d == "an" {
			// "Ravi is a team lead": one of many.
			break
		} else if determiners[d] {
			j++
		}
		q, j := roleQualifier(words, j)
		if verb := roleNouns[wordAt(words, j)]; verb != "" && (wordAt(words, j+1) == "of" || wordAt(words, j+1) == "for") {
			if words[i] == "was" {
				// "X was the lead of Y": "X led Y", a past holder.
				verb = rolePast()[verb]
			}
			return slices.Concat(words[:i], []string{verb}, q, words[j+2:])
		}
		break
	}
	return words
}

// roleQualifier reads the word at words[k] that qualifies a role noun
// after it ("product owner", "release manager", "tech lead"): it
// returns that word, kept with what the holder holds ("Mei owns product
// search"), and the index of the role noun; nil and k when there is
// none.
func roleQualifier(words []string, k int) ([]string, int) {
	if w := wordAt(words, k); w != "" && roleNouns[w] == "" && roleNouns[wordAt(words, k+1)] != "" && !tokenize.IsStopWord(w) {
		return words[k : k+1], k + 1
	}
	return nil, k
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

// Status phases: the stages of a thing's life that status words name.
const (
	phaseNone byte = iota
	phasePlanned
	phasePrerelease
	phaseActive
	phasePaused
	phaseDone
	phaseEnded
	phaseAccepted
	phaseRejected
	phaseDeprecated
	phaseSupported
)

// statusPhase maps status words and phrases to their phase.
var statusPhase map[string]byte

func newStatusPhase() map[string]byte {
	m := make(map[string]byte)
	for phase, words := range map[byte]string{
		phasePlanned:    `planned proposed draft drafted pending scheduled under-review in-review backlog todo queued not-started in-draft`,
		phasePrerelease: `in-beta in-alpha beta alpha preview experimental early-access in-preview`,
		phaseActive:     `active in-progress ongoing underway on-track running in-effect resumed restarted started open reopened wip in-development in-production maintained actively-maintained`,
		phasePaused:     `paused on-hold suspended blocked frozen stalled halted`,
		phaseDone:       `generally-available shipped launched released done finished completed complete fixed resolved closed submitted merged delivered deployed`,
		phaseEnded:      `expired lapsed cancelled canceled abandoned dropped scrapped killed shut-down decommissioned retired sunset sunsetted lifted withdrawn ended discontinued terminated archived`,
		phaseAccepted:   `accepted approved adopted`,
		phaseRejected:   `rejected declined denied refused`,
		phaseDeprecated: `deprecated obsolete unsupported`,
		phaseSupported:  `supported`,
	} {
		for _, w := range strings.Fields(words) {
			if strings.Contains(w, "-") {
				m[strings.ReplaceAll(w, "-", " ")] = phase
			} else {
				m[lemma(stem(w))] = phase
			}
		}
	}
	return m
}

// statusFirst are the first words of the status phrases of two words.
var statusFirst map[string]bool

func newStatusFirst() map[string]bool {
	m := make(map[string]bool)
	for p := range statusPhase {
		if first, _, ok := strings.Cut(p, " "); ok {
			m[first] = true
		}
	}
	return m
}

// statusAt returns the status phrase of two words at words[i] ("on
// hold", "shut down", "in progress"), or 0 words.
func statusAt(words []string, i int) (string, int) {
	if i+1 >= len(words) || !statusFirst[words[i]] || i == 0 && words[i] == "in" {
		// "In production, requests time out after 30 seconds": a
		// sentence that opens with "in" states its scope first.
		return "", 0
	}
	p := words[i] + " " + words[i+1]
	if statusPhase[p] != phaseNone {
		return p, 2
	}
	return "", 0
}

// statusConflict reports, for the replaced spans x and y, whether each
// holds a status word and their phases differ (ok true), or whether
// they are status words of one phase, synonyms (same true). a and b are
// the status words.
func statusConflict(x, y []token) (a, b []token, ok, same bool) {
	px, i := phaseOf(x)
	py, j := phaseOf(y)
	if px == phaseNone || py == phaseNone {
		return nil, nil, false, false
	}
	return x[i : i+1], y[j : j+1], px != py, px == py
}

func phaseOf(ts []token) (byte, int) {
	for i, t := range ts {
		if p := statusPhase[t.w]; p != phaseNone {
			return p, i
		}
	}
	return phaseNone, 0
}

// classOf maps the values of exclusive classes to their class: a
// subject has one diet, does a routine at one part of the day, on given
// days or in a season, and goes to work one way.
var classOf map[string]string

func newClassOf() map[string]string {
	m := make(map[string]string)
	for class, words := range map[string]string{
		"diet":    `vegetarian vegan pescatarian keto paleo omnivore carnivore flexitarian`,
		"daypart": `morning afternoon evening night midnight noon lunchtime bedtime`,
		"weekday": `monday tuesday wednesday thursday friday saturday sunday weekend weekday`,
		"season":  `summer winter autumn`,
		"holiday": `holiday holidays`,
		"ordinal": `second third fourth fifth sixth seventh eighth ninth tenth`,
		"commute": `cycle cycles bike bikes drive drives walk walks train bus subway metro tram scooter carpool`,
		// Occupations, one word each (the head of "bank clerk",
		// "family doctor"): titles of ISCO-08 unit groups, each a trade
		// or profession of its own. Left out: titles over others
		// ("manager", "director", "consultant", "owner"), states
		// ("student", "volunteer"), and a title that names a kind or a
		// synonym of another ("surgeon", "solicitor", "developer",
		// "cook", "lecturer", "midwife", "courier").
		"occupation": `nurse doctor dentist pharmacist paramedic physiotherapist optician veterinarian teacher
librarian lawyer judge notary accountant auditor architect engineer analyst economist actuary journalist translator
photographer designer illustrator musician actor dancer painter sculptor chef baker butcher waiter bartender barista
cashier clerk receptionist secretary plumber electrician carpenter mechanic welder bricklayer roofer plasterer tiler
locksmith gardener farmer fisherman miner pilot firefighter policeman soldier hairdresser barber beautician tailor
cleaner nanny psychologist psychiatrist biologist chemist physicist geologist surveyor`,
		// The positions of association football.
		"position": `goalkeeper goalie defender midfielder striker winger`,
	} {
		for _, w := range strings.Fields(words) {
			m[lemma(stem(w))] = class
		}
	}
	return m
}

// sameClass reports whether x and y name values of one exclusive class,
// none in common, with at most two other words, all on one side ("in
// the evening" vs "first thing in the morning").
func sameClass(x, y []token) bool {
	class := ""
	var seen [2]bool
	var other [2]int
	for side, ts := range [][]token{x, y} {
		for _, t := range ts {
			c := classOf[t.w]
			switch {
			case c == "" && t.kind == quantity:
				// How often, beside the day: "every other Wednesday"
				// and "every Thursday" differ in the day.
				continue
			case c == "":
				other[side]++
				continue
			case class != "" && c != class:
				return false
			}
			class, seen[side] = c, true
		}
	}
	if !seen[0] || !seen[1] || other[0]+other[1] > 2 || (other[0] > 0 && other[1] > 0) {
		// Other words on both sides are another attribute: "coffee in
		// the morning", "tea in the evening".
		return false
	}
	for _, t := range x {
		if classOf[t.w] != "" && hasWord(y, t.w) {
			return false
		}
	}
	return true
}

// slotKey is a set key shared by the claims that hold a status word, a
// value of one exclusive class, or a name after a copula; 0 for other
// words.
func slotKey(t token) uint64 {
	if t.cop && isName(t) {
		return copulaKey
	}
	return slotOf[t.w]
}

var copulaKey uint64

// durationKey is a set key shared by the claims that state a duration
// ([claim.duration]).
var durationKey uint64

// ageKey is a set key shared by the claims that give an age in years
// ([claim.age]).
var ageKey uint64

// slotOf maps status words and the values of exclusive classes to their
// slot key.
var slotOf map[string]uint64

func newSlotOf() map[string]uint64 {
	m := make(map[string]uint64)
	for w, c := range classOf {
		m[w] = wordKey("~class:" + c)
	}
	status := wordKey("~status")
	for w := range statusPhase {
		m[w] = status
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

// changeWords say that a fact changed.
var changeWords map[string]bool

func newChangeWords() map[string]bool {
	return setOf(`now instead anymore nowadays switched changed moved replaced became become
migrated relocated since started stopped quit rebuilt rewritten reimplemented`)
}

// changeAndAddition reports whether words say that something changed
// ("now", "instead", "switched", "no longer"), and whether they add to
// what else is said rather than replace it ("also", "too", "as well",
// "in addition", "another").
func changeAndAddition(words []string) (changed, added bool) {
	for i, w := range words {
		f := rawLex[w]
		if f&(lexChange|lexAdd) == 0 {
			continue
		}
		prev := ""
		if i > 0 {
			prev = words[i-1]
		}
		switch {
		case changeWords[w] || (w == "longer" && prev == "no"):
			changed = true
		case changeVerbs[w]:
			// "raised to", "was cut to": a new value.
			if n, _ := changeTo(words, i); n > 0 {
				changed = true
			}
		case w == "too":
			added = added || i == len(words)-1
		case w == "well":
			added = added || prev == "as"
		case w == "addition":
			added = added || prev == "in"
		case f&lexAdd != 0:
			added = true
		}
	}
	return changed, added
}

// multiValued are the verbs of relations a subject holds with many
// objects at once: "practices yoga" and "practices piano" are two
// hobbies unless a claim says that one replaced the other; one dislikes
// many things too, and is allergic or intolerant to many.
var multiValued map[string]bool

func newMultiValued() map[string]bool {
	m := make(map[string]bool)
	for _, w := range strings.Fields(`practices plays enjoys likes loves reads watches learns speaks visits
knows collects studies attends dislikes hates detests teaches sings cooks grows paints sells serves stocks bakes
allergic intolerant`) {
		m[lemma(stem(w))] = true
	}
	return m
}

// manyValued reports whether the words c shares outside the hunk h hold
// a verb of [multiValued], active.
func manyValued(c *claim, h []token) bool {
	for i, t := range c.toks {
		if w := strings.ToLower(written(c, t)); i > 0 && i == int(c.copAt) && (strings.HasSuffix(w, "ed") || irregularLemma[w] != "") {
			// A participle right after the copula: "the final is
			// played in Rotterdam" says where the subject is played,
			// one place ("is allergic to" stays many-valued).
			continue
		}
		if multiValued[t.w] && !hasWord(h, t.w) {
			return true
		}
	}
	return false
}

// kinWords are the ties of family: one person is one of them to another
// ("Felix is Anna's brother" / "cousin" conflict), but a tie of family
// and a tie of another kind ("brother" / "flatmate", "colleague",
// "neighbour") may both hold, and so may a tie and a word for its kind
// ("husband" / "partner", "brother" / "sibling", "twin"), left out.
var kinWords map[string]bool

func newKinWords() map[string]bool {
	m := make(map[string]bool)
	for _, w := range strings.Fields(`mother father mum mom dad brother sister son daughter
husband wife fiance fiancee uncle aunt nephew niece cousin grandmother grandfather grandma
grandpa granny grandad grandson granddaughter stepfather stepmother stepson
stepdaughter stepbrother stepsister godfather godmother godson goddaughter`) {
		m[lemma(stem(w))] = true
	}
	return m
}

// kinAndOther reports whether h replaces, after the copula and closing
// both claims, one word of [kinWords] by a plain word of another kind:
// "Ivo is Petra's uncle" and "Ivo is Petra's neighbour" may both hold.
func kinAndOther(a, b *claim, h hunk) bool {
	if len(h.a) != 1 || len(h.b) != 1 || a.copAt < 0 || b.copAt < 0 || h.at < int(a.copAt) || h.bt < int(b.copAt) ||
		h.at+1 != len(a.toks) || h.bt+1 != len(b.toks) {
		return false
	}
	x, y := h.a[0], h.b[0]
	if x.value || y.value || x.name || y.name {
		return false
	}
	return kinWords[x.w] != kinWords[y.w]
}

// actVerbs are acts done to a thing by whoever handles it, of which one
// subject does many to one object: "Aisha writes the changelog" and
// "Aisha reviews the changelog" may both hold, and so do ways of keeping
// in touch: "Ana calls her mother", "Ana visits her mother" ("calls" is
// read as "requests", [shortForms]). Built on first use: most
// processes never judge a pair.
var actVerbs map[string]bool

func newActVerbs() map[string]bool {
	m := make(map[string]bool)
	for _, w := range strings.Fields(`writes reviews drafts edits approves publishes reads prints signs
sends receives uploads downloads tests builds scans audits checks updates archives translates
prepares presents formats files tracks monitors deploys packages documents measures collects
proofreads summarizes summarises verifies validates reconciles submits annotates
requests phones emails texts messages visits meets contacts`) {
		m[lemma(stem(w))] = true
	}
	return m
}

// otherAct reports whether h replaces one verb of [actVerbs] by another,
// a different act on one object, not a different value.
func otherAct(h hunk) bool {
	return len(h.a) == 1 && len(h.b) == 1 && actVerbs[h.a[0].w] && actVerbs[h.b[0].w]
}

// twoActs reports whether h replaces the verb of two claims that have no
// copula, after a short shared subject and before a shared rest: one
// subject does many things to one object or at one time ("Gemma helps
// her aunt", "Gemma visits her aunt"; "Noor picks up the kids", "Noor
// drops off the kids"; "the club meets on Sundays", "the club picks
// the next book on Sundays"). Each side is a verb as written with a
// third person "-s", alone or with its particle, or, when the claims
// differ in nothing else (extra is 0), with an object of its own. Verbs of a role, of
// ownership or of a policy, one held at a time, are not acts ("owns",
// "allows", "blocks"); opposites and exclusive values are read before
// ([judgeSlot]).
func twoActs(a, b *claim, h hunk, extra int) bool {
	if a.copAt >= 0 || b.copAt >= 0 || !h.context || h.at != h.bt || h.at > 3 ||
		h.at+len(h.a) >= len(a.toks) || h.bt+len(h.b) >= len(b.toks) {
		return false
	}
	for k, ts := range [2][]token{h.a, h.b} {
		c := [2]*claim{a, b}[k]
		for _, t := range ts {
			if t.value || t.name || t.kind != plain {
				return false
			}
		}
		if extra > 0 && (len(ts) > 2 || len(ts) == 2 && !verbParticle(ts[1].w)) {
			// A verb with an object of its own only when nothing else
			// differs.
			return false
		}
		if w := written(c, ts[0]); !strings.HasSuffix(w, "s") || strings.HasSuffix(w, "ss") || heldVerb(ts[0].w) {
			return false
		}
	}
	return true
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

// thousands removes the separators of a number written with them
// ("1,450" is "1450"), so that it stays one number.
func thousands(s string) string {
	if strings.IndexByte(s, ',') < 0 {
		return s
	}
	b := []byte(s)
	out := b[:0]
	for i := 0; i < len(b); i++ {
		if b[i] == ',' && i > 0 && i+3 < len(b) && isDigit(b[i-1]) && isDigit(b[i+1]) && isDigit(b[i+2]) &&
			isDigit(b[i+3]) && (i+4 == len(b) || !isDigit(b[i+4])) {
			continue
		}
		out = append(out, b[i])
	}
	return string(out)
}

// keyValue reads a line that opens with a key of at most five words and
// a colon as a statement: "Home: Seattle" says "Home is Seattle", so
// the value follows a copula as in prose.
func keyValue(s string) string {
	i := strings.Index(s, ": ")
	if i <= 0 || strings.Count(s[:i], " ") > 4 {
		return s
	}
	return s[:i] + " is" + s[i+1:]
}

// joinNames joins with "_" the words of a name of several capitalised
// words written with one space between ("Google Cloud Storage", "Helen
// Park"): one value, as a tokenizer keeps "t-mobile" one word. Stop
// words ("The", "Of") end a name.
func joinNames(s string) string {
	var b []byte
	prevOpen, prevEnd := false, -1
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j] != ' ' {
			j++
		}
		if j == i {
			i++
			continue
		}
		w := s[i:j]
		trimmed := strings.TrimRight(w, ".,;:!?)\"'")
		isCap := trimmed != "" && w[0] >= 'A' && w[0] <= 'Z'
		if isCap {
			// A unit or an abbreviation is no part of a name: "32 GB
			// RAM" is a quantity of RAM, "Staging DB" the staging
			// database.
			lower := strings.ToLower(trimmed)
			_, unit := units[lower]
			_, short := shortForms[lower]
			isCap = !isStop(lower) && !unit && !short
		}
		if isCap && prevOpen && prevEnd == i-1 {
			if b == nil {
				b = []byte(s)
			}
			b[i-1] = '_'
		}
		// A name goes on only past a word with no punctuation after it.
		prevOpen, prevEnd = isCap && len(trimmed) == len(w), j
		i = j
	}
	if b == nil {
		return s
	}
	return string(b)
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// abbreviations end with a dot that does not end a sentence.
var abbreviations map[string]bool

// spellNumbers writes a sum of money with its currency after the
// number, as a quantity reads it ("$75" is "75 usd", "€8" is "8 eur"),
// and a number in thousands in full ("30k" is "30000").
func spellNumbers(s string) string {
	if !needsSpelling(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		cur := ""
		for _, c := range currencySymbols {
			if strings.HasPrefix(s[i:], c.sym) && i+len(c.sym) < len(s) && isDigit(s[i+len(c.sym)]) {
				cur, i = c.code, i+len(c.sym)
				break
			}
		}
		j := i
		for j < len(s) && (isDigit(s[j]) || (s[j] == '.' && j+1 < len(s) && isDigit(s[j+1]) && j > i)) {
			j++
		}
		if j == i || (i > 0 && cur == "" && (isAlnum(s[i-1]) || s[i-1] == '.' || s[i-1] == ':')) {
			// Not a number, or the inside of a word, version or time.
			b.WriteByte(s[i])
			i++
			continue
		}
		num := s[i:j]
		if j < len(s) && (s[j] == 'k' || s[j] == 'K') && (j+1 == len(s) || !isAlnum(s[j+1])) {
			if f, err := strconv.ParseFloat(num, 64); err == nil {
				num, j = strconv.FormatFloat(f*1000, 'f', -1, 64), j+1
			}
		}
		b.WriteString(num)
		if cur != "" {
			b.WriteString(" " + cur)
		}
		i = j
	}
	return b.String()
}

// needsSpelling reports whether s has a currency symbol before a digit
// or a "k" after one: most sentences have neither and are not copied.
func needsSpelling(s string) bool {
	for i := 1; i < len(s); i++ {
		if isDigit(s[i]) && (s[i-1] == '$' || s[i-1] == 0xAC || s[i-1] == 0xA3) ||
			(s[i] == 'k' || s[i] == 'K') && isDigit(s[i-1]) {
			// 0xAC and 0xA3 end the UTF-8 of "€" and "£".
			return true
		}
	}
	return false
}

// currencySymbols are the symbols of currencies written before a sum,
// with the codes [quantityAt] reads after one.
var currencySymbols = []struct{ sym, code string }{{"$", "usd"}, {"€", "eur"}, {"£", "gbp"}}

// shortForms maps abbreviations of memory notes to the word they stand
// for, so that "DB" and "database" align, and the nouns of a few pairs
// that name one thing to one of them ("vehicle" is "car", "employees"
// "staff", "kids" and "children" a "child" (a count is in the number);
// a "cap", "ceiling", "limit" or "quota" is a "maximum", a
// "TTL" the time after which things "expire", an API "call" a
// "request"). One lookup serves both:
// a second table would cost a lookup per word. Not "invoice" and
// "bill": in accounts they are what one sends and what one owes.
var shortForms map[string]string

func newShortForms() map[string]string {
	return map[string]string{
		"db": "database", "dbs": "databases", "k8s": "kubernetes", "req": "requests", "reqs": "requests",
		"prod": "production", "env": "environment", "envs": "environments", "repo": "repository",
		"repos": "repositories", "config": "configuration", "msg": "message", "msgs": "messages",
		"auth": "authentication", "authn": "authentication", "eng": "engineering", "mgmt": "management",
		"infra": "infrastructure", "perf": "performance", "cfg": "configuration", "max": "maximum",
		// Synonyms, folded to the second word of each pair.
		"vehicle": "car", "vehicles": "cars", "employee": "staff",
		"employees": "staff", "documentation": "docs", "apartment": "flat", "apartments": "flats",
		"cap": "maximum", "ceiling": "maximum", "limit": "maximum", "quota": "maximum", "ttl": "expire",
		"call": "request", "calls": "requests", "kid": "child", "kids": "child", "children": "child",
	}
}

// dimension reports whether w is an adjective that says a length is
// measured: "1.80 m tall", "25 m long".
func dimension(w string) bool {
	switch w {
	case "tall", "long", "high", "wide", "deep", "thick", "away":
		return true
	}
	return false
}

// expanded are the words [shortForms] writes: one capitalised
// ("Kubernetes", "Production") is the word, not a name, so that it
// folds as the expansion of "k8s" folds.
var expanded map[string]bool

func newExpanded() map[string]bool {
	m := make(map[string]bool, len(shortForms))
	for _, full := range shortForms {
		m[full] = true
	}
	return m
}

// boundAbbrevs are the abbreviations of [shortForms] that shorten
// "maximum" ("max", not the synonym "cap"), written with one capital as
// a name would be ("Max"): [boundNames] reads only a sentence that holds
// one.
var boundAbbrevs []string

func newBoundAbbrevs() []string {
	var out []string
	for short, full := range shortForms {
		if full == "maximum" && strings.HasPrefix(full, short) {
			out = append(out, strings.ToUpper(short[:1])+short[1:])
		}
	}
	return out
}

// phrasalNouns maps the forms of a verb whose particle makes it a noun
// written as one word to that noun: "requests time out after 30
// seconds" and "the request timeout is 30 seconds" speak of one
// "timeout"; [phrasalParticle] is the particle.
var phrasalNouns map[string]string

func newPhrasalNouns() map[string]string {
	m := make(map[string]string)
	for noun, forms := range map[string]string{
		"timeout": "time times timed", "backup": "back backs backed", "login": "log logs logged",
		"signup": "sign signs signed", "setup": "set sets", "rollout": "roll rolls rolled",
		"shutdown": "shut shuts", "failover": "fail fails failed", "cleanup": "clean cleans cleaned",
		"lockout": "lock locks locked",
	} {
		for _, f := range strings.Fields(forms) {
			m[f] = noun
		}
	}
	return m
}

// particle reports whether w is a particle of [phrasalParticle], read
// first: most words are followed by none, and a switch costs less than
// a map.
func particle(w string) bool {
	switch w {
	case "out", "up", "in", "down", "over":
		return true
	}
	return false
}

// phrasalParticle is the particle of each noun of [phrasalNouns].
var phrasalParticle map[string]string

func newPhrasalParticle() map[string]string {
	return map[string]string{
		"timeout": "out", "backup": "up", "login": "in", "signup": "up", "setup": "up", "rollout": "out",
		"shutdown": "down", "failover": "over", "cleanup": "up", "lockout": "out",
	}
}

// openUntil reports whether words[i], "open", is followed by "until"
// and a time of day ("open until 8", "until 6 pm", "until midnight").
func openUntil(words []string, i int) bool {
	if i+2 >= len(words) || words[i+1] != "until" {
		return false
	}
	w := words[i+2]
	if i+3 < len(words) && months[words[i+3]] > 0 {
		// "open until 12 May": an end date.
		return false
	}
	return w == "noon" || w == "midnight" || w == "midday" || w != "" && isDigit(w[0]) && (len(w) <= 2 || strings.Contains(w, ":") || strings.HasSuffix(w, "m"))
}

// expand writes abbreviations in full ([shortForms]) but the names in
// names (words after a space each, from [boundNames]), a verb and its
// particle as their noun ([phrasalNouns]), a rate such as "req/min"
// as "requests per min" and "open until" a time as "closes at" it. It
// returns words itself when nothing changes.
func expand(words []string, names string) []string {
	var out []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		repl := []string(nil)
		if i+1 < len(words) && particle(words[i+1]) && phrasalParticle[phrasalNouns[w]] == words[i+1] {
			// "times out" is the "timeout" of the noun.
			if out == nil {
				out = append(make([]string, 0, len(words)+2), words[:i]...)
			}
			out = append(out, phrasalNouns[w])
			i++
			continue
		}
		if w == "open" && openUntil(words, i) {
			// "the pharmacy is open until 8" says when it closes: "the
			// pharmacy is open, closes at 8"; still open, as "the
			// clinic is open on Saturdays" says.
			if out == nil {
				out = append(make([]string, 0, len(words)+2), words[:i]...)
			}
			out = append(out, "open", "closes", "at")
			i++
			continue
		}
		if (w == "can't" || w == "cannot" || w == "can’t") && i+1 < len(words) && words[i+1] == "stand" {
			// "can't stand cilantro" is an aversion, "hates", not a
			// negation of standing.
			repl = []string{"hates"}
			if out == nil {
				out = append(make([]string, 0, len(words)+2), words[:i]...)
			}
			out = append(out, repl...)
			i++
			continue
		}
		if w == "m" && i > 0 && i+1 < len(words) && hasDigit(words[i-1]) && dimension(words[i+1]) {
			// "1.80 m tall": metres, where "m" alone may be a minute
			// or a million.
			repl = []string{"metres"}
		} else if names != "" && strings.Contains(names+" ", " "+strings.TrimSuffix(w, "'s")+" ") {
			// "Max is 52": a name, not a maximum.
		} else if full, ok := shortForms[w]; ok {
			repl = []string{full}
		} else if base, ok := strings.CutSuffix(w, "'s"); ok && shortForms[base] != "" {
			// "the apartment's rent" is the "flat's".
			repl = []string{shortForms[base] + "'s"}
		} else if x, y, ok := strings.Cut(w, "/"); ok && x != "" && !hasDigit(x) && units[y] > 0 && units[y] < 1<<10 && !strings.HasSuffix(y, "b") {
			if full, ok := shortForms[x]; ok {
				x = full
			}
			repl = []string{x, "per", y}
		}
		if repl == nil {
			if out != nil {
				out = append(out, w)
			}
			continue
		}
		if out == nil {
			out = append(make([]string, 0, len(words)+2), words[:i]...)
		}
		out = append(out, repl...)
	}
	if out == nil {
		return words
	}
	return out
}
