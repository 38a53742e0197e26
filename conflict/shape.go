package conflict

import (
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memweave/memweave-go/internal/monthname"
)

// Token kinds beyond plain words and numbers, set by [normalise].
const (
	plain    byte = iota
	quantity      // a number with a unit, in base units: "5 minutes" is "300s"
	date          // a calendar date: "March 3" is "x-03-03"
	ident         // the number of a numbered thing: the "41" of "Incident 41"
)

// locMark stands for a location predicate ("is in", "lives in", "moved
// to"): "Maria is in Berlin" and "Maria moved to Lisbon" align on it.
const locMark = "@in"

// rawTok is one word of a sentence after [normalise], before stop words
// and negations are handled.
type rawTok struct {
	w    string
	kind byte
	// show is how the value was written, for reasons ("5 minutes").
	show string
	// name: the word is capitalised inside the sentence.
	name bool
	// keep: a marker that is never a stop word.
	keep bool
	// approx: a number said to be about so much ("roughly 3 GB").
	approx bool
	// age: the number is an age in years ("41 years old").
	age bool
}

// normalise rewrites the lower-cased words of sentence s: a number and
// its unit become one quantity, a day and a month (and a year) one date,
// the number after an identifying noun ("incident", "ticket", "step")
// or after "#" an identifier, and a location predicate the marker
// [locMark].
func normalise(s string, words []string) []rawTok {
	names := capitalised(s)
	hashed := hashNumbers(s)
	out := make([]rawTok, 0, len(words))
	for i := 0; i < len(words); i++ {
		w := words[i]
		if st, n := statusAt(words, i); n > 0 {
			out = append(out, rawTok{w: st, keep: true})
			i += n - 1
			continue
		}
		if n := locPredicate(words, i); n > 0 {
			out = append(out, rawTok{w: locMark, keep: true})
			i += n - 1
			continue
		}
		if d, n := dateAt(words, i); n > 0 {
			out = append(out, rawTok{w: d, kind: date, show: strings.Join(words[i:i+n], " "), keep: true})
			i += n - 1
			continue
		}
		if c, n := clockAt(words, i); n > 0 {
			out = append(out, rawTok{w: c, show: strings.Join(words[i:i+n], " "), keep: true})
			i += n - 1
			continue
		}
		if !startsRange(w) {
		} else if r, kind, n := rangeAt(words, i); n > 0 {
			out = append(out, rawTok{w: r, kind: kind, show: strings.Join(words[i:i+n], " "), keep: true})
			i += n - 1
			continue
		}
		if ageAt(words, i) {
			// "41 years old" is the age "41", as "Alice is 41" says it.
			out = append(out, rawTok{w: w, approx: i > 0 && approxWord(words[i-1]), age: true})
			i += 2
			continue
		}
		if q, n := quantityAt(words, i); n > 0 && !shiftDay(words, i+n-1) {
			// "a day nurse" is no quantity: see [shiftDay].
			// "about 200", "roughly 3 GB": marked approx; [claim.readTokens]
			// drops the word.
			approx := i > 0 && approxWord(words[i-1])
			out = append(out, rawTok{w: q, kind: quantity, show: strings.Join(words[i:i+n], " "), keep: true, approx: approx})
			i += n - 1
			continue
		}
		t := rawTok{w: w, name: names[w]}
		switch {
		case isValue(w) && (hashed[w] || (i > 0 && idNouns[words[i-1]])):
			t.kind = ident
		case isIdentWord(w):
			t.kind = ident
		}
		if t.kind == plain && w != "" && w[0] >= '0' && w[0] <= '9' && allDigits(w) {
			t.approx = i > 0 && approxWord(words[i-1])
		}
		out = append(out, t)
	}
	return out
}

// ageAt reports whether words[i:] open with an age in years, "41 years
// old": a number, "years" (or "year") and "old".
func ageAt(words []string, i int) bool {
	if !allDigits(words[i]) || wordAt(words, i+2) != "old" {
		return false
	}
	n := wordAt(words, i+1)
	return n == "years" || n == "year" || n == "yrs"
}

// approxWord reports whether w says that the number after it is about
// so much.
func approxWord(w string) bool {
	switch w {
	case "about", "around", "roughly", "approximately", "nearly", "almost", "circa", "some":
		return true
	}
	return false
}

// idNouns are the nouns whose following number names one of many
// numbered things: "Incident 41" and "Incident 57" are two incidents.
var idNouns map[string]bool

func newIdNouns() map[string]bool {
	return setOf(`incident incidents ticket tickets issue issues bug bugs pr prs step steps sprint sprints
room rooms build builds case cases order orders invoice invoices migration migrations item items
task tasks story stories epic epics milestone milestones phase phases chapter chapters section
sections day week episode episodes lesson lessons exercise question questions rfc adr`)
}

// isIdentWord reports whether w is a code made of letters and digits
// joined by a dash, such as "proj-1234" or "jira-88".
func isIdentWord(w string) bool {
	before, after, ok := strings.Cut(w, "-")
	return ok && before != "" && after != "" && !hasDigit(before) && allDigits(after) &&
		unicode.IsLetter(rune(before[0]))
}

func allDigits(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < '0' || w[i] > '9' {
			return false
		}
	}
	return w != ""
}

// titleNext reports whether the first word of rest is an officer's title
// ("CEO", "chief").
func titleNext(rest string) bool {
	f := strings.Fields(rest)
	return len(f) > 0 && (chiefTitle(strings.ToLower(f[0])) || strings.EqualFold(f[0], "chief"))
}

// capitalised returns the lower-cased words written with a capital
// letter after the sentence's first word: names, as far as the text
// tells, and the owner of an officer's title ("Brightline's CEO"),
// first word or not.
func capitalised(s string) map[string]bool {
	var m map[string]bool
	start, first := -1, true
	for i, r := range s + " " {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_' || r == '\'' ||
			(r == '.' && start >= 0 && i+1 < len(s) && isAlnum(s[i+1])) {
			// A dot inside a word ("Fly.io") is part of it.
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			f := s[start:i]
			// A first word joined to the next ("Google_Cloud") is a name
			// too: see [joinNames].
			if c, _ := utf8.DecodeRuneInString(f); (!first || strings.IndexByte(f, '_') > 0) && unicode.IsUpper(c) {
				if m == nil {
					m = make(map[string]bool)
				}
				m[strings.ToLower(f)] = true
			} else if owner, ok := strings.CutSuffix(f, "'s"); ok && first && unicode.IsUpper(c) && titleNext(s[i:]) {
				// "Brightline's CEO is ...": the owner of an officer's
				// title is a name, first or not ([ceoFrame]).
				if m == nil {
					m = make(map[string]bool)
				}
				m[strings.ToLower(owner)] = true
			}
			start, first = -1, false
		}
	}
	return m
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// hashNumbers returns the numbers written right after "#" in s ("#4521").
func hashNumbers(s string) map[string]bool {
	var m map[string]bool
	for i := strings.IndexByte(s, '#'); i >= 0; {
		j := i + 1
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j > i+1 {
			if m == nil {
				m = make(map[string]bool)
			}
			m[s[i+1:j]] = true
		}
		k := strings.IndexByte(s[j:], '#')
		if k < 0 {
			break
		}
		i = j + k
	}
	return m
}

// locVerbs are the words of a location predicate, each with the
// prepositions that complete it ("out" stands for "out of").
var locVerbs map[string]string

func newLocVerbs() map[string]string {
	return map[string]string{
		"is": "in under behind inside beneath", "are": "in under behind inside beneath", "lives": "in near", "live": "in near", "living": "in near", "based": "in out",
		"located": "in", "hosted": "in", "sits": "on in", "sit": "on in", "resides": "in", "stationed": "in",
		"works": "from out", "work": "from out", "working": "from out", "runs": "in", "run": "in", "running": "in",
		"moved": "to", "move": "to", "moving": "to", "relocated": "to", "relocate": "to", "migrated": "to",
		"transferred": "to",
	}
}

// placeWithin reports whether one of the three words at words[k:] is a
// noun of [placeNouns]: "under the front doormat".
func placeWithin(words []string, k int) bool {
	for _, w := range words[min(k, len(words)):min(k+3, len(words))] {
		if placeNouns[lemma(spelling(stem(w)))] {
			return true
		}
	}
	return false
}

// locPredicate returns how many words at words[i] form a location
// predicate ("lives in", "works remotely from", "is based out of",
// "moved to", "moved from X to"), 0 when none. A status phrase after
// the verb ("is in progress") is not a place.
func locPredicate(words []string, i int) int {
	preps, ok := locVerbs[words[i]]
	if !ok || i+1 >= len(words) {
		return 0
	}
	j := i + 1
	if a := words[j]; j+1 < len(words) && (strings.HasSuffix(a, "ly") || filler[a]) && a != "only" {
		// One adverb between: "works remotely from", "is now in".
		j++
	}
	next := words[j]
	if strings.Contains(" "+preps+" ", " "+next+" ") {
		if _, n := statusAt(words, j); n > 0 || (next == "in" && j+1 < len(words) && words[j+1] == "charge") {
			// "is in progress", "is in charge of": not a place.
			return 0
		}
		if next != "in" && copula(words[i]) && !placeWithin(words, j+1) {
			// "is under review", "is behind schedule": no place.
			return 0
		}
		if next == "out" {
			if j+1 >= len(words) || words[j+1] != "of" {
				return 0
			}
			j++
		}
		if valueAfter(words, j+1) || j+1 < len(words) && (classOf[words[j+1]] == "weekday" || months[words[j+1]] > 0) {
			// "moved to 10:00", "moved to port 6380", "moved to
			// Friday", "moved to June": a value, not a place.
			return 0
		}
		return j - i + 1
	}
	if strings.HasSuffix(preps, "to") && next == "from" {
		// "moved from Berlin to Lisbon": the old place is not a claim.
		for k := j + 1; k < len(words) && k <= j+4; k++ {
			if words[k] == "to" {
				return k - i + 1
			}
		}
	}
	return 0
}

// months maps month names and abbreviations to their number.
var months map[string]int

func newMonths() map[string]int {
	m := make(map[string]int)
	for _, w := range monthname.Words() {
		m[w] = monthname.Number(w)
	}
	return m
}

// dayOf returns the day of month w writes ("3", "3rd", "14th"), or 0.
func dayOf(w string) int {
	for _, suf := range []string{"st", "nd", "rd", "th"} {
		w = strings.TrimSuffix(w, suf)
	}
	if !allDigits(w) || len(w) > 2 {
		return 0
	}
	d, _ := strconv.Atoi(w)
	if d < 1 || d > 31 {
		return 0
	}
	return d
}

// yearOf returns the year w writes (1900 to 2199), or 0.
func yearOf(w string) int {
	if len(w) != 4 || !allDigits(w) {
		return 0
	}
	y, _ := strconv.Atoi(w)
	if y < 1900 || y > 2199 {
		return 0
	}
	return y
}

// dateAt reads a date at words[i]: "March 3", "3 March", "the 4th of
// August", each with an optional year after it, or a month alone
// ("march" and "may", which are also verbs, only after a word that
// opens a time: "in May", "since March"). It returns the date
// as "YYYY-MM-DD", with "x" for an unknown year and the day left out
// when unknown, and the words it spans; 0 words when there is none.
func dateAt(words []string, i int) (string, int) {
	at := func(k int) string {
		if k < len(words) {
			return words[k]
		}
		return ""
	}
	month, day, n := 0, 0, 0
	if m, ok := months[words[i]]; ok {
		if d := dayOf(at(i + 1)); d > 0 {
			month, day, n = m, d, 2
		} else if verb := words[i] == "march" || words[i] == "may"; !verb && len(words[i]) > 3 || verb && i > 0 && opensTime(words[i-1]) {
			month, n = m, 1
		}
	} else if d := dayOf(words[i]); d > 0 {
		if m, ok := months[at(i+1)]; ok {
			month, day, n = m, d, 2
		} else if m, ok := months[at(i+2)]; ok && at(i+1) == "of" {
			month, day, n = m, d, 3
		}
	}
	if n == 0 {
		return "", 0
	}
	year := "x"
	if y := yearOf(at(i + n)); y > 0 {
		year, n = strconv.Itoa(y), n+1
	}
	s := year + "-" + twoDigits(month)
	if day > 0 {
		s += "-" + twoDigits(day)
	}
	return s, n
}

// opensTime reports whether w is a preposition after which a month
// name is a time, not a verb: "in May", "until March".
func opensTime(w string) bool {
	switch w {
	case "in", "since", "until", "till", "by", "from", "during", "before", "after", "early", "late", "mid":
		return true
	}
	return false
}

func twoDigits(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// units maps unit words to their size in base units: seconds for time,
// bytes for data.
var units map[string]float64

func newUnits() map[string]float64 {
	return map[string]float64{
		"ms": 1e-3, "millisecond": 1e-3, "milliseconds": 1e-3,
		"s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1,
		"min": 60, "mins": 60, "minute": 60, "minutes": 60,
		"h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600,
		"day": 86400, "days": 86400, "week": 604800, "weeks": 604800,
		"month": 2592000, "months": 2592000, "year": 31536000, "years": 31536000,
		"b": 1, "byte": 1, "bytes": 1,
		"kb": 1 << 10, "kib": 1 << 10, "mb": 1 << 20, "mib": 1 << 20,
		"gb": 1 << 30, "gib": 1 << 30, "tb": 1 << 40, "tib": 1 << 40,
	}
}

// bareHour reports whether the number at words[i] is an hour written
// alone: after "at", ending the sentence or followed by a word that
// carries no noun ("now", "on Mondays", "in the morning", "every day").
func bareHour(words []string, i int) bool {
	if i == 0 || words[i-1] != "at" || len(words[i]) > 2 || !allDigits(words[i]) {
		return false
	}
	if i+1 == len(words) {
		return true
	}
	next := words[i+1]
	return filler[next] || classOf[next] != "" || next == "on" || next == "in" || next == "every" || next == "each" || next == "sharp"
}

// clockAt reads a time of day at words[i] ("9:30", "02:00", "6 pm",
// "4PM", "11:15 am"; "noon", "midday" and "midnight" after "at",
// "until" or "by", or closing the words after a copula) and returns it as hours and minutes on a 24-hour
// clock without a leading zero ("18:00"), with the words it spans; 0
// words when there is none.
func clockAt(words []string, i int) (string, int) {
	w, n := words[i], 1
	switch {
	case (w == "noon" || w == "midday" || w == "midnight") && i > 0 && (words[i-1] == "at" || words[i-1] == "until" || words[i-1] == "by" || copula(words[i-1]) && i+1 == len(words)):
		// "checkout is at noon", "open until midnight", "feeding time
		// is noon" (closing the claim): a clock time.
		if w == "midnight" {
			return "0:00", 1
		}
		return "12:00", 1
	case w == "" || !isDigit(w[0]):
		return "", 0
	}
	suffix := ""
	for _, p := range []string{"am", "pm"} {
		if strings.HasSuffix(w, p) && len(w) > 2 && isDigit(w[len(w)-3]) {
			w, suffix = strings.TrimSuffix(w, p), p
		}
	}
	if suffix == "" && i+1 < len(words) && (words[i+1] == "am" || words[i+1] == "pm") {
		suffix, n = words[i+1], 2
	}
	hh, mm, colon := strings.Cut(w, ":")
	if !colon {
		mm = "00"
	}
	if !colon && suffix == "" && bareHour(words, i) {
		// "standup is at 10 now": an hour alone after "at".
		suffix = "h"
	}
	if (!colon && suffix == "") || len(hh) == 0 || len(hh) > 2 || len(mm) != 2 || !allDigits(hh) || !allDigits(mm) {
		return "", 0
	}
	h, _ := strconv.Atoi(hh)
	m, _ := strconv.Atoi(mm)
	switch {
	case m > 59, (suffix == "" || suffix == "h") && h > 23, (suffix == "am" || suffix == "pm") && (h == 0 || h > 12):
		return "", 0
	case suffix == "pm" && h < 12:
		h += 12
	case suffix == "am" && h == 12:
		h = 0
	}
	return strconv.Itoa(h) + ":" + twoDigits(m), n
}

// currencies maps the names and codes of currencies to one code: a sum
// of money is a quantity in its currency ("12 EUR", "12 euros").
var currencies map[string]string

func newCurrencies() map[string]string {
	return map[string]string{
		"usd": "usd", "dollar": "usd", "dollars": "usd", "eur": "eur", "euro": "eur", "euros": "eur",
		"gbp": "gbp", "pound": "gbp", "pounds": "gbp",
	}
}

// measure is a unit of length, mass, speed or volume: its size in
// metres, grams, metres per second or litres, and that base unit's
// code. alt, when not 0, is a second size the unit's word also names
// (the US and the imperial gallon and pint).
type measure struct {
	size, alt float64
	code      string
}

// measures maps the words for units of length, mass, speed and volume
// to their size, for [measuredApart] to compare "12 miles" with "40
// km". They stay words in a claim's tokens. ("Pounds" are money,
// [currencies], unless the sentence weighs something ([massPounds]); "m"
// alone may be a minute or a million.)
var measures map[string]measure

func newMeasures() map[string]measure {
	m := map[string]measure{}
	for _, u := range []struct {
		words     string
		size, alt float64
		code      string
	}{
		{"mm millimetre millimetres millimeter millimeters", 1e-3, 0, "m"},
		{"cm centimetre centimetres centimeter centimeters", 1e-2, 0, "m"},
		{"metre metres meter meters", 1, 0, "m"},
		{"km kms kilometre kilometres kilometer kilometers", 1e3, 0, "m"},
		{"inch inches", 0.0254, 0, "m"},
		{"ft foot feet", 0.3048, 0, "m"},
		{"yard yards", 0.9144, 0, "m"},
		{"mile miles", 1609.344, 0, "m"},
		{"mg milligram milligrams", 1e-3, 0, "g"},
		{"g gram grams", 1, 0, "g"},
		{"kg kgs kilo kilos kilogram kilograms", 1e3, 0, "g"},
		{"oz ounce ounces", 28.349523125, 0, "g"},
		{"lb lbs pound pounds", 453.59237, 0, "g"},
		{"mph", 0.44704, 0, "m/s"},
		{"km/h kmh kph", 1 / 3.6, 0, "m/s"},
		{"ml millilitre millilitres milliliter milliliters", 1e-3, 0, "l"},
		{"l litre litres liter liters", 1, 0, "l"},
		{"gallon gallons", 3.785411784, 4.54609, "l"},
		{"pint pints", 0.473176473, 0.56826125, "l"},
	} {
		for _, w := range strings.Fields(u.words) {
			// A claim's tokens are stemmed: "metres" is "metr".
			for _, f := range []string{w, stem(w), lemma(stem(w))} {
				m[f] = measure{u.size, u.alt, u.code}
			}
		}
	}
	return m
}

// massPounds reports whether "pounds" after the number at words[i] weighs
// something: a word of weight opens the sentence's words before it ("the
// suitcase weighs 20 pounds", "a weight of 20 pounds", "lost 5 pounds"
// is left to money).
func massPounds(words []string, i int) bool {
	for _, w := range words[:i] {
		switch w {
		case "weigh", "weighs", "weighed", "weighing", "weight", "weights", "heavy", "heavier", "lighter":
			return true
		}
	}
	return false
}

// quantityAt reads a number and its unit at words[i] ("5 minutes",
// "300ms", "1.5 GB") and returns it in base units, such as "300s" or
// "1073741824b", with the words it spans; 0 words when there is none.
func quantityAt(words []string, i int) (string, int) {
	w := words[i]
	j := 0
	for j < len(w) && (w[j] >= '0' && w[j] <= '9' || (w[j] == '.' && j > 0)) {
		j++
	}
	if j == 0 {
		return "", 0
	}
	num, err := strconv.ParseFloat(strings.TrimSuffix(w[:j], "."), 64)
	if err != nil {
		return "", 0
	}
	unit, n := w[j:], 1
	if unit == "" && i+1 < len(words) {
		unit, n = words[i+1], 2
	}
	if code, ok := currencies[unit]; ok && !(code == "gbp" && strings.HasPrefix(unit, "pound") && massPounds(words, i)) {
		return strconv.FormatFloat(num, 'f', -1, 64) + code, n
	}
	if unit == "percent" {
		return strconv.FormatFloat(num, 'f', -1, 64) + "%", n
	}
	size, ok := units[unit]
	if !ok {
		return "", 0
	}
	suffix := "s"
	if size >= 1 && (strings.HasSuffix(unit, "b") || strings.HasPrefix(unit, "byte")) {
		suffix = "b"
	}
	return strconv.FormatFloat(num*size, 'g', 10, 64) + suffix, n
}

// percents writes a percent sign after a digit as the word "percent"
// ("40%" is "40 percent"), which the words of a sentence would drop: a
// percentage is a quantity of its own, not the count "40".
func percents(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
			b.WriteString(" percent")
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// rangeAt reads a range of two numbers at words[i] and the unit after
// it, if any: "between 50 and 70 minutes", "2 to 4 days", "20-30
// euros". It returns the range as its two bounds joined by "..", in
// base units when a unit follows ("3000s..4200s"), its kind, and the
// number of words read. A change ("grew from 8 to 16") is no range.
func rangeAt(words []string, i int) (string, byte, int) {
	lo, hi, n := "", "", 0
	w := words[i]
	switch {
	case w == "between" && allDigits(wordAt(words, i+1)) && wordAt(words, i+2) == "and" && allDigits(wordAt(words, i+3)):
		lo, hi, n = words[i+1], words[i+3], 4
	case w == "between":
		return unitRange(words, i)
	case allDigits(w) && (wordAt(words, i+1) == "to" || wordAt(words, i+1) == "-") && allDigits(wordAt(words, i+2)):
		if i >= 2 && words[i-1] == "from" && (changeVerbs[words[i-2]] || filler[words[i-2]]) {
			return "", 0, 0
		}
		lo, hi, n = w, words[i+2], 3
	default:
		x, y, ok := strings.Cut(w, "-")
		if !ok || !allDigits(x) || !allDigits(y) || len(x) > 4 || len(y) > 4 || i > 0 && idNouns[words[i-1]] {
			return "", 0, 0
		}
		lo, hi, n = x, y, 1
	}
	if atoi(lo) >= atoi(hi) {
		// A range ascends: "2024-117" names a thing.
		return "", 0, 0
	}
	if unit := wordAt(words, i+n); unit != "" {
		ql, nl := quantityAt([]string{lo, unit}, 0)
		qh, nh := quantityAt([]string{hi, unit}, 0)
		if nl == 2 && nh == 2 {
			return ql + ".." + qh, quantity, n + 1
		}
	}
	return lo + ".." + hi, plain, n
}

// unitRange reads a range whose bounds each carry a unit at
// words[i] == "between": "between 90 minutes and 3 hours" is
// "5400s..10800s". Bounds in other units or not ascending are no range.
func unitRange(words []string, i int) (string, byte, int) {
	if i+1 >= len(words) {
		return "", 0, 0
	}
	lo, nl := quantityAt(words, i+1)
	if nl != 2 || wordAt(words, i+1+nl) != "and" || i+2+nl >= len(words) {
		return "", 0, 0
	}
	hi, nh := quantityAt(words, i+2+nl)
	if nh != 2 || unitOf(lo) != unitOf(hi) || !inRange(lo+".."+hi, lo) {
		return "", 0, 0
	}
	return lo + ".." + hi, quantity, 2 + nl + nh
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// startsRange reports whether a range may start at the word w: a
// number or "between". Most words do not, and skip [rangeAt].
func startsRange(w string) bool {
	return w != "" && (w[0] >= '0' && w[0] <= '9' || w == "between")
}

// inRange reports whether r is a range ("3000s..4200s") in the unit of
// the value v and holds it, or a range of hours ("8..18") that opens or
// closes at the time of day v ("8:00").
func inRange(r, v string) bool {
	lo, hi, ok := strings.Cut(r, "..")
	if !ok || strings.Contains(v, "..") {
		return false
	}
	if h, m, ok := strings.Cut(v, ":"); ok && allDigits(lo) && allDigits(hi) {
		return m == "00" && (atoi(h) == atoi(lo) || atoi(h) == atoi(hi))
	}
	u := unitOf(lo)
	if unitOf(hi) != u || unitOf(v) != u {
		return false
	}
	num := func(x string) float64 {
		f, err := strconv.ParseFloat(strings.TrimSuffix(x, u), 64)
		if err != nil {
			return math.NaN()
		}
		return f
	}
	l, h, x := num(lo), num(hi), num(v)
	return l <= x && x <= h
}
