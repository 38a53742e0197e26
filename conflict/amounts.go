package conflict

import (
	"slices"
	"strconv"
	"strings"
)

// This file reads amounts inside a sentence as claims are built: verbs
// before an amount (of duration, of count, of change), number words,
// amounts and bounds framed in words ("no more than 30"), clock bounds,
// and the words of bounds and units.

// durationVerbs say that a duration follows: "lasts 10 days".
var durationVerbs map[string]bool

// countVerbs say, before a number, that it counts or measures what the
// subject has: "includes 10 seats", "comes with 15 seats", "holds 8
// people", "runs to 80 pages", "stretches for 12 km".
var countVerbs map[string]bool

// amountWord reads the word raws[i], before an amount: a verb of change
// by that amount marks c delta ("dropped 20%"); it reports whether the
// word is to be dropped, a word of approximation ("about 200", the
// number marked approx) or a verb of [countVerbs] ("includes 10 seats",
// "comes with 15 seats", "runs to 80 pages": the count alone).
func (c *claim) amountWord(raws []rawTok, i int) bool {
	w := raws[i].w
	switch {
	case changeVerbs[w] && byAmount(raws, i):
		c.delta = true
	case approxWord(w) && raws[i+1].approx:
		return true
	case countVerbs[w] && countFollows(raws, i):
		c.counted = lemma(spelling(stem(w)))
		return true
	}
	return false
}

// beforeAmount reports whether a number or a quantity follows raws[i],
// after at most one particle ("by", "to", "with", "for", "on", "over"):
// only then may raws[i] be a verb of change by an amount, a word of
// approximation or a verb of [countVerbs].
func beforeAmount(raws []rawTok, i int) bool {
	j := i + 1
	if j < len(raws) {
		switch raws[j].w {
		case "by", "to", "with", "for", "on", "over", "minimum", "maximum":
			j++
		}
	}
	return j < len(raws) && (raws[j].kind == quantity || raws[j].w != "" && raws[j].w[0] >= '0' && raws[j].w[0] <= '9')
}

// byAmount reports whether the verb of change at raws[i] is followed by
// the amount of the change ("dropped 20%", "raised by 10 seconds")
// rather than by a new value ("to 35 dollars" is framed before).
func byAmount(raws []rawTok, i int) bool {
	j := i + 1
	if j < len(raws) && raws[j].w == "by" {
		j++
	}
	return j < len(raws) && (raws[j].kind == quantity || raws[j].kind == plain && allDigits(raws[j].w))
}

// countFollows reports whether a bare number follows the verb at
// raws[i], after at most one particle ("comes with 15", "runs to 80").
// A quantity with a unit keeps the verb: "backups run every six hours"
// needs it to align with "backups run once a day".
func countFollows(raws []rawTok, i int) bool {
	j := i + 1
	if j < len(raws) {
		switch raws[j].w {
		case "to", "with", "for", "on", "over", "minimum", "maximum":
			// "runs to 80 pages", "holds more than 200 guests".
			j++
		}
	}
	return j < len(raws) && raws[j].kind == plain && allDigits(raws[j].w)
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
