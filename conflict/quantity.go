package conflict

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// This file reads two claims that state one quantity each of the same
// subject words in another order: "the request timeout of the search
// API is 2 seconds" and "search API request timeout is now 1500 ms".
// The alignment of [judge] follows word order, so such a pair aligns
// too little to be judged there.

// slotWords are the words of a claim that say a value changed or when,
// not what it is of: left out of its subject.
var slotWords map[string]bool

func newSlotWords() map[string]bool {
	m := map[string]bool{}
	for _, set := range []map[string]bool{filler, changeWords, changeVerbs} {
		for w := range set {
			m[w] = true
			m[stem(w)] = true
			m[lemma(stem(w))] = true
		}
	}
	return m
}

// sameSlotQuantity judges two claims each with one quantity, of one
// unit and different amounts, whose other words are the same set, one
// of them saying the value changed: one subject's measure before and
// after. A claim negated, scoped to another
// time, anchored to one, adding to others or naming an old value is
// left to the other rules.
func sameSlotQuantity(a, b *claim, why bool) (Verdict, bool) {
	qa, sa, oka := quantitySlot(a)
	qb, sb, okb := quantitySlot(b)
	if !oka || !okb || !a.changed && !b.changed || qa.w == qb.w || unitOf(qa.w) != unitOf(qb.w) || len(sa) < 2 || !slices.Equal(sa, sb) {
		return Verdict{}, false
	}
	return Verdict{Likely, say(why, func() string {
		return fmt.Sprintf("different value: %q vs %q", show(a, []token{qa}), show(b, []token{qb}))
	})}, true
}

// sameQuantity reports whether two claims state one quantity each, of
// the same amount, with the same other words in any order: one fact
// said twice ("the request timeout of the search API is 2 seconds",
// "search API request timeout is now 2000 ms"), whatever their
// alignment makes of the reordered words.
func sameQuantity(a, b *claim) bool {
	qa, sa, oka := quantitySlot(a)
	qb, sb, okb := quantitySlot(b)
	return oka && okb && qa.w == qb.w && len(sa) >= 2 && slices.Equal(sa, sb)
}

// quantitySlot returns c's one quantity and its other words, sorted and
// without repeats or [slotWords]; false when c has no quantity or more
// than one, or is negated, scoped, anchored, additive or a switch.
func quantitySlot(c *claim) (token, []string, bool) {
	if c.neg != "" || c.scoped || c.when != 0 || c.additive || len(c.old) > 0 ||
		!slices.ContainsFunc(c.toks, func(t token) bool { return t.kind == quantity }) {
		return token{}, nil, false
	}
	var q token
	var words []string
	for _, t := range c.toks {
		switch {
		case t.kind == quantity:
			if q.w != "" {
				return token{}, nil, false
			}
			q = t
		case t.name:
			// "Search API" is the words "search" and "API" in another
			// order of the same subject.
			words = append(words, strings.Split(t.w, "_")...)
		case !slotWords[t.w]:
			words = append(words, t.w)
		}
	}
	slices.Sort(words)
	return q, slices.Compact(words), q.w != ""
}

// judgeValues judges a replaced span that holds a location predicate, an
// identifier or values: only values on both sides that are not
// refinements of each other conflict. done reports that the verdict (ok
// or not) is final: h holds none of these.
func judgeValues(a, b *claim, h hunk, why bool) (v Verdict, ok, done bool) {
	switch {
	case hasLoc(h.a) || hasLoc(h.b):
		// "runs" vs "moved to": a location predicate is not a value.
		return Verdict{}, false, true
	case clockBounds(a, b, h):
		// "got home before ten", "before eleven": two bounds one way
		// may both hold; "before ten", "after eleven" may not.
		if x, y := h.a, h.b; len(x) == 2 && len(y) == 2 && x[0].w != y[0].w && clockOrder(x, y) {
			return Verdict{Likely, say(why, func() string {
				return fmt.Sprintf("outside the bound: %q vs %q", show(a, h.a), show(b, h.b))
			})}, true, true
		}
		return Verdict{}, false, true
	case roomsApart(a, b, h):
		if otherTime(a, b) || otherTime(b, a) {
			return Verdict{}, false, true
		}
		return Verdict{Likely, say(why, func() string { return fmt.Sprintf("different place: %q vs %q", show(a, h.a), show(b, h.b)) })}, true, true
	case anyIdent(h.a) || anyIdent(h.b):
		// Different numbered things are different subjects: "Incident
		// 41" and "Incident 57".
		return Verdict{}, false, true
	case boundHunk(h.a, h.b) || boundHunk(h.b, h.a):
		x, y := h.a, h.b
		if !boundHunk(x, y) {
			x, y = y, x
		}
		if !outsideBound(x[0].w, x[1].w, y[0].w) || otherTime(a, b) || otherTime(b, a) {
			return Verdict{}, false, true
		}
		return Verdict{Likely, say(why, func() string {
			return fmt.Sprintf("outside the bound: %q vs %q", show(a, h.a), show(b, h.b))
		})}, true, true
	case yearBesideNow(a, b, h.a, h.b) || yearBesideNow(b, a, h.b, h.a):
		// "The book cost $12 in 2020", "The book costs $15 now": a
		// value of a year beside today's.
		return Verdict{}, false, true
	case allValues(h.a) && allValues(h.b):
		if x, y, ok := withUnits(a, b, h); ok {
			// "180 cm" and "1.80 m": the units differ after one number
			// each; their lengths are compared, not the numbers.
			if !measuredApart(x, y) || otherTime(a, b) || otherTime(b, a) {
				return Verdict{}, false, true
			}
			return Verdict{Likely, say(why, func() string {
				return fmt.Sprintf("different quantity: %q vs %q", show(a, x), show(b, y))
			})}, true, true
		}
		if compatible(h.a, h.b) || otherMeasure(h.a, h.b) || otherPeriod(h.a, h.b) || max(len(h.a), len(h.b)) > 3 || otherTime(a, b) || otherTime(b, a) {
			return Verdict{}, false, true
		}
		return Verdict{Likely, say(why, func() string {
			return fmt.Sprintf("different %s: %q vs %q", valueKind(h.a, h.b), show(a, h.a), show(b, h.b))
		})}, true, true
	case oneNumberUnits(a, b, h):
		// "10 miles" and "10 km": one number, in two units of one
		// measure; the lengths are compared.
		x, y := []token{a.toks[h.at-1], h.a[0]}, []token{b.toks[h.bt-1], h.b[0]}
		if !measuredApart(x, y) || otherTime(a, b) || otherTime(b, a) {
			return Verdict{}, false, true
		}
		return Verdict{Likely, say(why, func() string {
			return fmt.Sprintf("different quantity: %q vs %q", show(a, x), show(b, y))
		})}, true, true
	case measuredApart(h.a, h.b):
		if otherTime(a, b) || otherTime(b, a) {
			return Verdict{}, false, true
		}
		return Verdict{Likely, say(why, func() string {
			return fmt.Sprintf("different quantity: %q vs %q", show(a, h.a), show(b, h.b))
		})}, true, true
	case anyValue(h.a) || anyValue(h.b):
		return Verdict{}, false, true
	}
	return Verdict{}, false, false
}

// yearBesideNow reports whether a's replaced words x give a value with a
// year ("$12 in 2020") and b's y one with none, which says it holds now
// ("$15 now"): two times.
func yearBesideNow(a, b *claim, x, y []token) bool {
	year := func(ts []token) bool {
		return slices.ContainsFunc(ts, func(t token) bool { return yearOf(t.w) != 0 })
	}
	return b.changed && !a.changed && year(x) && !year(y) && !year(b.toks)
}

// roomsApart reports whether h replaces the number of a room the
// subject is in by another, in what each claim says of its subject:
// after the copula, or closing a claim that has none ("the standup is
// in room 4", "takes place in Room 310"). A numbered room in the
// subject ("the printer in room 4 is broken") names which thing.
func roomsApart(a, b *claim, h hunk) bool {
	inPredicate := func(c *claim, at int) bool {
		if at == 0 || c.toks[at-1].w != "room" {
			return false
		}
		if c.copAt >= 0 {
			return at > int(c.copAt)
		}
		return at == len(c.toks)-1
	}
	return len(h.a) == 1 && len(h.b) == 1 && h.a[0].kind == ident && h.b[0].kind == ident &&
		inPredicate(a, h.at) && inPredicate(b, h.bt)
}

// conversionSlack is how far apart two lengths or masses in other units
// may be and be one measure rounded: "5 km" is "3.1 miles" (4989 m).
const conversionSlack = 1.02

// measuredApart reports whether x and y are each a number and a unit
// of [measures], of one kind (length, mass) and written in other units,
// that differ by more than rounding: "12 miles" against "40 km", not
// "about 50 lb" against "23 kg".
func measuredApart(x, y []token) bool {
	amount := func(ts []token) (float64, measure, bool) {
		if len(ts) != 2 || !ts[0].value || ts[0].kind != plain {
			return 0, measure{}, false
		}
		m, ok := measures[ts[1].w]
		f, err := strconv.ParseFloat(ts[0].w, 64)
		return f, m, ok && err == nil && f > 0
	}
	fx, mx, okx := amount(x)
	fy, my, oky := amount(y)
	if !okx || !oky || mx.code != my.code || x[1].w == y[1].w {
		return false
	}
	slack := conversionSlack
	if x[0].approx || y[0].approx {
		slack = 1.2
	}
	// A unit of two sizes (a gallon, US or imperial) is apart only when
	// neither size agrees.
	for _, sx := range []float64{mx.size, mx.alt} {
		for _, sy := range []float64{my.size, my.alt} {
			if sx == 0 || sy == 0 {
				continue
			}
			if vx, vy := fx*sx, fy*sy; max(vx, vy) < slack*min(vx, vy) {
				return false
			}
		}
	}
	return true
}

// withUnits returns the number each side of h replaces with the word
// after it in its claim, when h is one number each and those words
// differ, one of them a unit of [measures]: "180 cm" against "1.80 m", "40 litres" against "10 gallons".
// Numbers in other units are no two values of one unit; [measuredApart]
// compares the ones it can convert.
func withUnits(a, b *claim, h hunk) (x, y []token, ok bool) {
	if len(h.a) != 1 || len(h.b) != 1 || h.a[0].kind != plain || h.b[0].kind != plain {
		return nil, nil, false
	}
	ia, ib := h.at+1, h.bt+1
	if ia >= len(a.toks) || ib >= len(b.toks) {
		return nil, nil, false
	}
	ua, ub := a.toks[ia], b.toks[ib]
	_, ma := measures[ua.w]
	_, mb := measures[ub.w]
	if ua.w == ub.w || !ma && !mb || ua.value || ub.value {
		return nil, nil, false
	}
	return []token{h.a[0], ua}, []token{h.b[0], ub}, true
}

// oneNumberUnits reports whether h replaces only the unit after one
// number both claims give, by another unit of one measure ([measures]):
// "the trail is 10 miles long" and "the trail is 10 km long".
func oneNumberUnits(a, b *claim, h hunk) bool {
	if len(h.a) != 1 || len(h.b) != 1 || h.at == 0 || h.bt == 0 || h.a[0].value || h.b[0].value {
		return false
	}
	na, nb := a.toks[h.at-1], b.toks[h.bt-1]
	ma, oka := measures[h.a[0].w]
	mb, okb := measures[h.b[0].w]
	return oka && okb && ma.code == mb.code && na.value && na.kind == plain && na.w == nb.w && allDigits(strings.ReplaceAll(na.w, ".", ""))
}

// otherMeasure reports whether one of two single values is a percentage
// and the other is not: "40% of users" and "4,000 users" count in
// other measures.
func otherMeasure(a, b []token) bool {
	pct := func(ts []token) bool {
		return len(ts) == 1 && ts[0].kind == quantity && strings.HasSuffix(ts[0].w, "%")
	}
	return len(a) == 1 && len(b) == 1 && pct(a) != pct(b)
}

// countedApart reports whether the replaced span h is a bare number and
// the words after it on one side, a quantity with a unit and nothing
// else on the other: "covers 25 developers" counts things where
// "covers 3 years" measures a time.
func countedApart(h hunk) bool {
	counted := func(x, y []token) bool {
		return len(x) >= 2 && x[0].value && x[0].kind == plain && allDigits(x[0].w) && !x[1].value &&
			len(y) == 1 && y[0].kind == quantity
	}
	return counted(h.a, h.b) || counted(h.b, h.a)
}

// sameAmount reports whether each claim states one amount, the same in
// both and next to the replaced span h (or one unit word the unit
// table does not know apart), which names its measure: one amount with
// its measure named in other words ("CI jobs are killed after an
// hour", "the CI job timeout is 60 minutes"), another measure of the
// same amount ("64 GB of RAM", "64 GB of disk"; "5 mg of ramipril", "5
// mg of amlodipine"), or a count of other things ("allows 5 seats",
// "allows 5 projects"). Neither is a
// different value. An amount apart from h qualifies the subject
// ("nightly backups are stored in ...") and is no such amount; nor is
// the year of a birth ([yearAfterWord]).
func sameAmount(a, b *claim, h hunk) bool {
	qa, qb := onlyAmount(a.toks), onlyAmount(b.toks)
	if qa < 0 || qb < 0 || a.toks[qa].w != b.toks[qb].w || births(a, b) && yearAfterWord(a, qa) && yearAfterWord(b, qb) {
		return false
	}
	if qa == h.at-2 && qb == h.bt-2 && a.toks[qa+1].w == b.toks[qb+1].w && !a.toks[qa+1].value {
		// A unit the table does not know between: "5 mg of ramipril",
		// "5 mg of amlodipine".
		return true
	}
	return (qa == h.at-1 || qa == h.at+len(h.a)) && (qb == h.bt-1 || qb == h.bt+len(h.b))
}

// yearAfterWord reports whether c.toks[i] is a year after a word the
// tokens leave out ("born in Kumasi in 1979"): when a thing was, not an
// amount of it. [sameAmount] reads it so of births only: "worked in
// Faro in 1993" and "worked in Braga in 1993" may both hold.
func yearAfterWord(c *claim, i int) bool {
	return i < 32 && c.bare>>i&1 == 0 && c.toks[i].kind == plain && yearOf(c.toks[i].w) > 0
}

// onlyAmount returns the index of the one amount of ts, a quantity, a
// bare number or "one" (left a word, not 1, by [normalise]), -1 when it
// has none or more.
func onlyAmount(ts []token) int {
	at := -1
	for i, t := range ts {
		if t.kind == quantity || t.kind == plain && (t.value && allDigits(t.w) || t.w == "one") {
			if at >= 0 {
				return -1
			}
			at = i
		}
	}
	return at
}

// pronounCounts reports whether a and b open with one personal pronoun
// and say, of one shared word, nothing but two counts: "we have two
// cats", "we have three cats". The pronoun is the subject the words do
// not name (see [minShared]).
func pronounCounts(a, b *claim, h hunk, extra int) bool {
	return a.pronoun != 0 && a.pronoun == b.pronoun && extra == 0 && onlyAmount(h.a) == 0 && onlyAmount(h.b) == 0 &&
		len(h.a) == 1 && len(h.b) == 1 && !a.scoped && !b.scoped
}

// bareQuantities reports whether each claim is one subject word and one
// duration, that h replaces: "sprints last 10 days" and "the sprint is
// two weeks long" say nothing else. "Retros are weekly" says how often,
// not how long.
func bareQuantities(a, b *claim, h hunk) bool {
	one := len(h.a) == 1 && len(h.b) == 1 || boundHunk(h.a, h.b) || boundHunk(h.b, h.a)
	return a.duration && b.duration && len(a.toks) == len(h.a)+1 && len(b.toks) == len(h.b)+1 && one &&
		h.a[len(h.a)-1].kind == quantity && h.b[len(h.b)-1].kind == quantity && unitOf(h.a[len(h.a)-1].w) == unitOf(h.b[len(h.b)-1].w)
}

// trimValues drops the words that follow the values on one side only:
// "17 since the release" replacing "16" is the value "17" and an added
// "release".
func trimValues(h hunk) hunk {
	h = trimMeasure(h)
	lead := func(ts []token) int {
		n := 0
		for n < len(ts) && ts[n].value {
			n++
		}
		return n
	}
	na, nb := lead(h.a), lead(h.b)
	switch {
	case na == 0 || nb == 0:
	case na == len(h.a) && nb < len(h.b):
		h.b = h.b[:nb]
	case nb == len(h.b) && na < len(h.a):
		h.a = h.a[:na]
	}
	return h
}

// trimMeasure drops a noun naming the measure ("length", "size",
// "count") before a value on one side of h when the other side is
// values only: "the minimum password length is 12 characters" and
// "passwords must be at least 8 characters" state one measure.
func trimMeasure(h hunk) hunk {
	measured := func(x, y []token) bool {
		return len(x) == 2 && measureNoun(x[0].w) && x[1].value && len(y) > 0 && allValues(y)
	}
	switch {
	case measured(h.a, h.b):
		h.a = h.a[1:]
	case measured(h.b, h.a):
		h.b = h.b[1:]
	}
	return h
}

// measureNoun reports whether w names the measure of a value.
func measureNoun(w string) bool {
	switch w {
	case "length", "size", "count", "number", "total", "amount", "duration":
		return true
	}
	return false
}

// sameValueKind reports whether the values a and b lead with measure one
// thing: quantities of one unit ("86400s", "7200s"), or values that are
// not quantities of one kind (two times of day, two dates, two versions,
// two numbers). A claim that words its verb otherwise and states a value
// of another kind ("is backed up nightly", "now listens on 6543") speaks
// of another attribute.
func sameValueKind(a, b []token) bool {
	qa, qb := a[0].kind == quantity, b[0].kind == quantity
	switch {
	case qa && qb:
		return unitOf(a[0].w) == unitOf(b[0].w)
	case qa || qb:
		return false
	}
	clock := func(w string) bool { return strings.Contains(w, ":") }
	return valueKind(a, b) == valueKind(b, a) && clock(a[0].w) == clock(b[0].w)
}

// unitOf returns the unit of a quantity written as its amount in base
// units then the unit ("86400s": "s", "12000eur": "eur").
func unitOf(w string) string {
	return strings.TrimLeft(w, "0123456789.,-")
}

func allValues(ts []token) bool {
	for _, t := range ts {
		if !t.value {
			return false
		}
	}
	return true
}

func anyValue(ts []token) bool {
	for _, t := range ts {
		if t.value {
			return true
		}
	}
	return false
}

// compatible reports whether every value of a refines or is refined by
// the value of b at the same place: "15" and "15.4", "2025" and
// "2025-09-30", "v1.2" and "1.2", "March" and "March 3", "March 3" and
// "2026-03-03". Quantities are compatible only when equal in base units
// ("60 minutes" and "1 hour").
func compatible(a, b []token) bool {
	for i := range min(len(a), len(b)) {
		if (a[i].approx || b[i].approx) && near(a[i].w, b[i].w) || inRange(a[i].w, b[i].w) || inRange(b[i].w, a[i].w) ||
			clockSpanEnd(a[i].w, b[i].w) || clockSpanEnd(b[i].w, a[i].w) {
			continue
		}
		if a[i].kind == quantity || b[i].kind == quantity {
			if a[i].w != b[i].w && !sameSize(a[i].w, b[i].w) && !sameSpan(a[i].w, b[i].w) {
				return false
			}
			continue
		}
		if swappedDate(a[i].w, b[i].w) || numericDate(a[i].w, b[i].w) || numericDate(b[i].w, a[i].w) {
			continue
		}
		pa, pb := valueParts(a[i].w), valueParts(b[i].w)
		n := min(len(pa), len(pb))
		for k := 0; k < n; k++ {
			if pa[k] != pb[k] && (!isDate(a[i]) || !isDate(b[i]) || (pa[k] != "x" && pb[k] != "x")) {
				return false
			}
		}
	}
	return true
}

// clockSpanEnd reports whether span is two times of day joined by a
// hyphen ("02:00-04:00") and clock one of its ends ("2:00"): "the window
// is 02:00-04:00" and "the window starts at 2 am" agree.
func clockSpanEnd(span, clock string) bool {
	lo, hi, ok := strings.Cut(span, "-")
	if !ok || !strings.Contains(lo, ":") || !strings.Contains(hi, ":") || !strings.Contains(clock, ":") {
		return false
	}
	trim := func(s string) string {
		t := strings.TrimLeft(s, "0")
		if strings.HasPrefix(t, ":") {
			return "0" + t // "00:30" is "0:30"
		}
		return t
	}
	return trim(clock) == trim(lo) || trim(clock) == trim(hi)
}

func near(x, y string) bool {
	ux, uy := strings.TrimLeft(x, "0123456789."), strings.TrimLeft(y, "0123456789.")
	if ux != uy {
		return false
	}
	fx, errx := strconv.ParseFloat(strings.TrimSuffix(x, ux), 64)
	fy, erry := strconv.ParseFloat(strings.TrimSuffix(y, uy), 64)
	return errx == nil && erry == nil && fx > 0 && fy > 0 && max(fx, fy) < 1.2*min(fx, fy)
}

// sameSize reports whether two quantities of data ("10 GB", "10,000
// MB") are one size read in decimal or in binary units: they differ by
// less than the 2.4% between a kilobyte of 1000 and of 1024 bytes, per
// unit step.
func sameSize(x, y string) bool {
	fx, fy, ok := amounts(x, y, "b")
	if !ok || fx <= 0 || fy <= 0 {
		return false
	}
	r := max(fx, fy) / min(fx, fy)
	return r < 1.1 && r != 1 && isBinaryRatio(r)
}

// amounts reads x and y as numbers in unit ("31104000s", "10000b"):
// ok only when both carry the unit and parse.
func amounts(x, y, unit string) (fx, fy float64, ok bool) {
	xs, okx := strings.CutSuffix(x, unit)
	ys, oky := strings.CutSuffix(y, unit)
	if !okx || !oky {
		return 0, 0, false
	}
	fx, errx := strconv.ParseFloat(xs, 64)
	fy, erry := strconv.ParseFloat(ys, 64)
	return fx, fy, errx == nil && erry == nil
}

// isBinaryRatio reports whether r is a power of 1024/1000 (one to four
// unit steps), within rounding.
func isBinaryRatio(r float64) bool {
	step := 1.024
	for p := step; p < 1.11; p *= step {
		if math.Abs(r-p) < 0.002 {
			return true
		}
	}
	return false
}

func valueParts(w string) []string {
	w = strings.TrimPrefix(w, "v")
	return strings.FieldsFunc(w, func(r rune) bool { return r == '.' || r == '-' || r == '/' || r == ':' })
}

// valueKind names the kind of the differing values.
func valueKind(a, b []token) string {
	w := a[0].w
	switch {
	case strings.Contains(w, "..") || strings.Contains(b[0].w, ".."):
		return "range"
	case a[0].kind == quantity || b[0].kind == quantity:
		return "quantity"
	case a[0].kind == date || b[0].kind == date:
		return "date"
	case len(valueParts(w)) == 3 && len(w) == 10 && strings.Count(w, "-") == 2:
		return "date"
	case strings.Contains(w, ".") || strings.HasPrefix(w, "v"):
		return "version"
	}
	return "number"
}
