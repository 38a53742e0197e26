package conflict

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Kind is how sure a conflict is.
type Kind string

// Conflict kinds.
const (
	// Likely: a different value, an antonym or a negation in claims
	// that otherwise align.
	Likely Kind = "likely"
	// Possible: a replaced word in claims that share less context.
	Possible Kind = "possible"
)

// Verdict is what [Judge] found.
type Verdict struct {
	Kind Kind
	// Reason is a short explanation naming the differing parts, such as
	// `different value: "15" vs "16"`.
	Reason string
}

// rank orders verdicts: a likely one beats a possible one.
func (v Verdict) rank() int {
	switch v.Kind {
	case Likely:
		return 2
	case Possible:
		return 1
	}
	return 0
}

// Judge compares every claim of a with every claim of b and returns the
// strongest disagreement, or false when they do not disagree. It is pure
// and deterministic. Judge(a, b) is JudgeParsed(Parse(a), Parse(b)).
func Judge(a, b string) (Verdict, bool) {
	return JudgeParsed(Parse(a), Parse(b))
}

// Parsed is a text split into claims, ready for [JudgeParsed]: parse a
// text once to compare it with many.
type Parsed struct{ claims []claim }

// Parse splits text into claims.
func Parse(text string) Parsed {
	loadTables()
	return Parsed{claims(text)}
}

// JudgeParsed is [Judge] on parsed texts.
func JudgeParsed(a, b Parsed) (Verdict, bool) {
	loadTables()
	var best Verdict
	for i := range a.claims {
		for j := range b.claims {
			if otherPerson(&a.claims[i], &b.claims[j]) || sharedWords(&a.claims[i], &b.claims[j]) < minShared(&a.claims[i], &b.claims[j]) {
				continue
			}
			if v, ok, _ := judge(&a.claims[i], &b.claims[j], true); ok && v.rank() > best.rank() {
				best = v
			}
		}
	}
	return best, best.Kind != ""
}

// Minimum alignment between two claims: shared content words, and shared
// words over the longer claim's words for a likely and a possible
// conflict.
const (
	minCommon     = 2
	minRatio      = 0.3
	likelyRatio   = 0.6
	possibleRatio = 0.5
	negationRatio = 0.6
	// maxExtra is how many words a claim pair may add or drop besides a
	// replaced word span for the replacement to count.
	maxExtra = 1
)

// judge compares two claims. The reason is left out unless why is true;
// the hunks of their alignment come with a verdict.
func judge(a, b *claim, why bool) (Verdict, bool, []hunk) {
	a, b = firstAsWord(a, b), firstAsWord(b, a)
	b = respelled(b, a)
	a, b = countedOne(a, b), countedOne(b, a)
	a, b = likedAsPreferred(a, b), likedAsPreferred(b, a)
	a, b = asKind(a, b), asKind(b, a)
	if v, ok := switchedFrom(a, b, why); ok {
		return v, true, nil
	}
	if v, ok := switchedFrom(b, a, why); ok {
		return v, true, nil
	}
	if v, ok := judgeWhatIs(a, b, why); ok {
		return v, true, nil
	}
	if v, ok, done := judgeStage(a, b, why); done {
		return v, ok, nil
	}
	if v, ok, done := judgeResult(a, b, why); done {
		return v, ok, nil
	}
	if v, ok, done := judgeTurned(a, b, why); done {
		return v, ok, nil
	}
	if v, ok, done := judgeExcepted(a, b, why); done {
		return v, ok, nil
	}
	if sameQuantity(a, b) || exceptedApart(a, b) || exceptedApart(b, a) {
		return Verdict{}, false, nil
	}
	common, hunks, ok := alignClaims(a, b)
	if !ok {
		v, ok := sameSlotQuantity(a, b, why)
		return v, ok, nil
	}
	ratio := float64(common) / float64(max(len(a.toks), len(b.toks)))
	var reps []hunk
	for _, h := range hunks {
		if len(h.a) > 0 && len(h.b) > 0 {
			reps = append(reps, h)
		}
	}
	var v Verdict
	switch {
	case (a.neg == "") != (b.neg == ""):
		if !narrowedDenial(a, b, hunks) {
			v, ok = judgeNegation(a, b, len(reps), common, ratio, why)
		}
	case onlyAdded(a, b) || onlyAdded(b, a):
		v, ok = Verdict{Likely, say(why, func() string { return "only one value, the other adds one" })}, true
	case len(reps) == 1 && len(hunks) == 1 && (dailyOnly(a, b, reps[0].a, reps[0].b) || dailyOnly(b, a, reps[0].b, reps[0].a)):
		v, ok = Verdict{Likely, say(why, func() string { return "every day, the other only some days" })}, true
	case twoFacts(a, b, hunks) || modifiedHead(a, b, hunks):
		ok = false
	default:
		if v, ok = judgeWhole(a, b, why); !ok && common >= 1 && len(reps) == 1 && !recurringOnOneSide(reps[0]) && !countedApart(reps[0]) {
			v, ok = judgeSpan(a, b, trimValues(reps[0]), common, ratio, why)
		} else if !ok && len(reps) == 0 {
			if v, ok = judgeOnly(a, b, hunks, common, why); !ok {
				v, ok = movedAntonym(a, b, hunks, common, why)
			}
			if !ok {
				v, ok = alternateWeeks(a, b, hunks, common, why)
			}
			if !ok {
				v, ok = monthlyDay(a, b, hunks, common, why)
			}
			if !ok && len(hunks) == 0 && a.order != "" && b.order != "" && a.order != b.order && common >= minCommon {
				// "Take the tablet before breakfast", "... after
				// breakfast": all else alike, the order differs.
				v, ok = Verdict{Likely, say(why, func() string { return fmt.Sprintf("antonyms: %q vs %q", a.order, b.order) })}, true
			}
		}
	}
	if !ok {
		v, ok := sameSlotQuantity(a, b, why)
		return v, ok, nil
	}
	return v, true, hunks
}

// modifiedHead reports whether one claim opens with a word the other
// lacks before the subject both open with: "the analytics service
// runs on port 9090" speaks of another service than "the service runs
// on port 8080", "the night bus" of another bus.
func modifiedHead(a, b *claim, hunks []hunk) bool {
	long, short := a, b
	if len(b.toks) > len(a.toks) {
		long, short = b, a
	}
	if len(hunks) < 2 || a.changed || b.changed || len(short.toks) < 2 || len(long.toks) != len(short.toks)+1 {
		return false
	}
	h, m := hunks[0], long.toks[0]
	if h.at != 0 || h.bt != 0 || len(h.a)+len(h.b) != 1 || m.value || m.name || m.kind != plain || leadWords[m.w] ||
		long.toks[1].w != short.toks[0].w || hasWord(short.toks, m.w) {
		return false
	}
	// Nothing else is added or moved: the rest is one claim's words in
	// place, values aside.
	return !slices.ContainsFunc(hunks[1:], func(h hunk) bool { return len(h.a) == 0 || len(h.b) == 0 })
}

// leadWords open a claim without naming its subject: "Correction: the
// repo is hosted on GitHub".
var leadWords = map[string]bool{"correction": true, "update": true, "note": true, "fyi": true}

// firstAsWord returns c, or a copy of it whose capitalised first word
// is folded by [lemma] when the other claim has that folded form and
// not the word as written: "Cache host Redis" opens with the word of
// "the cache host", "Alice reviews" with the name of "Alice reviews".
func firstAsWord(c, other *claim) *claim {
	if len(c.toks) == 0 || !c.toks[0].first {
		return c
	}
	w, l := c.toks[0].w, lemma(c.toks[0].w)
	if hasWord(other.toks, w) || !hasWord(other.toks, l) {
		return c
	}
	cp := *c
	cp.toks = slices.Clone(c.toks)
	cp.toks[0].w, cp.toks[0].first = l, false
	return &cp
}

// countedOne returns c, or a copy of it whose word "one" before a noun
// is the number 1 when the other claim counts that noun with a number
// ("Ben has one car", "Ben has two cars"): "one" stays a word
// otherwise ("one daughter" beside "one son").
func countedOne(c, other *claim) *claim {
	for i, t := range c.toks {
		if t.w != "one" || i+1 >= len(c.toks) || c.toks[i+1].value || i > 0 && c.toks[i-1].w == "minimum" {
			// "at least one approval" asks for no count that another
			// minimum could contradict.
			continue
		}
		noun := c.toks[i+1].w
		j := slices.IndexFunc(other.toks, func(u token) bool { return u.w == noun })
		if j < 1 || !other.toks[j-1].value || other.toks[j-1].kind != plain || !allDigits(other.toks[j-1].w) {
			continue
		}
		cp := *c
		cp.toks = slices.Clone(c.toks)
		cp.toks[i].w, cp.toks[i].value = "1", true
		if v := i - 1; v >= 0 && countVerbs[strings.ToLower(written(c, c.toks[v]))] && !hasWord(other.toks, c.toks[v].w) {
			// "holds one cookie" beside "holds 12 cookies", whose
			// verb of [countVerbs] was dropped before the number.
			cp.toks = slices.Delete(cp.toks, v, i)
		}
		return &cp
	}
	return c
}

// likedAsPreferred returns c, or a copy of it whose "likes", "loves"
// or "wants" is "prefers" when the other claim says what its subject
// prefers and c does not: "Ian likes window seats" beside "Ian prefers
// aisle seats" names the preference ("likes tea" beside "likes coffee"
// names two tastes, and stays).
func likedAsPreferred(c, other *claim) *claim {
	if !hasWord(other.toks, "prefer") || hasWord(c.toks, "prefer") {
		return c
	}
	for i, t := range c.toks {
		if t.w == "like" || t.w == "love" || t.w == "want" {
			cp := *c
			cp.toks = slices.Clone(c.toks)
			cp.toks[i].w = "prefer"
			return &cp
		}
	}
	return c
}

// asKind returns c, or a copy of it whose word for a thing of a kind
// ("dog", "beer", "chicken") is the kind's word ("pet", "alcohol",
// "meat") when the other claim denies that kind after its negation and
// c, not negated, does not name the kind: "Paul has no pets" beside
// "Paul walks his dog" denies what the other asserts, as "no dog"
// would.
func asKind(c, other *claim) *claim {
	if c.neg != "" || other.neg == "" || other.negExcept {
		return c
	}
	for i, t := range c.toks {
		for _, k := range kindOf[t.w] {
			if t.name || strings.HasSuffix(written(c, t), "s") || hasWord(c.toks, k) ||
				!slices.ContainsFunc(other.toks[other.negAt:], func(u token) bool { return u.w == k }) {
				// A plural names the kind, not one the subject has:
				// "walks dogs for a living", "is allergic to cats".
				continue
			}
			cp := *c
			cp.toks = slices.Clone(c.toks)
			cp.toks[i].w = k
			return &cp
		}
	}
	return c
}

// respelled returns c, or a copy of it whose misspelt words are spelt
// as in other: a word of five letters or more that other lacks, and
// that is a word of other, which c lacks, with two neighbouring letters
// swapped ("recieving", "receiving"; not the first letter) or a doubled
// letter single ("occured", "occurred"). Names, values and words with
// digits ("zone12", "zone21") keep their form.
func respelled(c, other *claim) *claim {
	var cp *claim
	for i, t := range c.toks {
		if t.name || t.value || t.kind != plain || len(t.w) < 5 || hasDigit(t.w) || hasWord(other.toks, t.w) {
			continue
		}
		for _, u := range other.toks {
			if u.name || u.value || u.kind != plain || !typo(t.w, u.w) || hasWord(c.toks, u.w) {
				continue
			}
			if cp == nil {
				cp = &claim{}
				*cp = *c
				cp.toks = slices.Clone(c.toks)
			}
			cp.toks[i].w = u.w
			break
		}
	}
	if cp == nil {
		return c
	}
	cp.fillKeys()
	return cp
}

// typo reports whether x and y are one word with two neighbouring
// letters swapped, after the first, or with a doubled letter single.
func typo(x, y string) bool {
	if len(x) < len(y) {
		x, y = y, x
	}
	switch {
	case len(x) == len(y):
		i := 0
		for i < len(x) && x[i] == y[i] {
			i++
		}
		return i >= 1 && i+1 < len(x) && x[i] == y[i+1] && x[i+1] == y[i] && x[i+2:] == y[i+2:]
	case len(x) == len(y)+1:
		i := 0
		for i < len(y) && x[i] == y[i] {
			i++
		}
		return i >= 1 && x[i] == x[i-1] && x[i+1:] == y[i:]
	}
	return false
}

// alignClaims aligns the words of two claims, counting words that moved
// as common. It reports false, without aligning, when the distinct words
// they share are too few for a conflict.
func alignClaims(a, b *claim) (common int, hunks []hunk, ok bool) {
	longer := float64(max(len(a.toks), len(b.toks)))
	if n, ms := sharedWords(a, b), minShared(a, b); n < ms || (ms == minCommon && float64(n) < minRatio*longer) {
		// The distinct shared words bound the alignment: skip it.
		return 0, nil, false
	}
	common, hunks = align(a.toks, b.toks)
	if len(hunks) > 1 && len(hunks) <= 3 {
		// Words that moved, in claims that nearly align: more hunks are
		// more than one difference however they move.
		var moved int
		moved, hunks = transposed(hunks)
		common += moved
		hunks = movedValue(hunks)
	}
	return common, hunks, true
}

// movedValue joins into one replaced span a value only a has and a value
// only b has at another place, when nothing else is replaced: "the
// allowance is 50 dollars per person" and "the allowance per person
// was raised to $75" state the one slot's value before and after
// "per person".
func movedValue(hunks []hunk) []hunk {
	ia, ib := -1, -1
	for i, h := range hunks {
		switch {
		case len(h.a) > 0 && len(h.b) > 0:
			return hunks
		case anyValue(h.a):
			if ia >= 0 {
				return hunks
			}
			ia = i
		case anyValue(h.b):
			if ib >= 0 {
				return hunks
			}
			ib = i
		}
	}
	if ia < 0 || ib < 0 {
		return hunks
	}
	ha, hb := hunks[ia], hunks[ib]
	joined := hunk{a: ha.a, b: hb.b, at: ha.at, bt: hb.bt, context: ha.context || hb.context}
	out := make([]hunk, 0, len(hunks)-1)
	for i, h := range hunks {
		switch i {
		case min(ia, ib):
			out = append(out, joined)
		case max(ia, ib):
		default:
			out = append(out, h)
		}
	}
	return out
}

// judgeNegation judges two claims of which exactly one is negated: a
// conflict when nothing is replaced besides the negation, or when the
// negated claim denies what the other asserts.
func judgeNegation(a, b *claim, reps, common int, ratio float64, why bool) (Verdict, bool) {
	side, word, neg, pos := "a", a.neg, a, b
	if word == "" {
		side, word, neg, pos = "b", b.neg, b, a
	}
	if removal(word) && slices.ContainsFunc(neg.toks[:neg.negAt], func(t token) bool {
		return !hasWord(pos.toks, t.w)
	}) {
		// What was removed is the subject before "was removed": all of
		// it must be what the other claim asserts ("legacy exports were
		// removed" says nothing of "CSV exports").
		return Verdict{}, false
	}
	if int(neg.negAt) < len(neg.toks) && slices.ContainsFunc(pos.toks, func(t token) bool { return opposite(neg.toks[neg.negAt].w, t.w) }) {
		// "is not allowed" beside "forbids": the denial of a word
		// asserts its opposite, which the other claim says.
		return Verdict{}, false
	}
	if deniedManner(neg, pos) || historyBeside(neg, pos) || otherThanImplied(neg, pos) || (a.when != 0 && b.when != 0 && a.when != b.when) {
		return Verdict{}, false
	}
	if reps == 0 && common >= minCommon && ratio >= negationRatio || implicitNegation(a, b) || namedOwned(neg, pos) || subjectGone(neg, pos) {
		return Verdict{Likely, say(why, func() string { return fmt.Sprintf("negation: %s says %q", side, word) })}, true
	}
	return Verdict{}, false
}

// historyBeside reports whether the positive claim tells a past event
// ("Felix played in the brass band in 2019", "Elif smoked in
// college") and the negated one denies only the present ("Felix no
// longer plays in the brass band", "doesn't play ... anymore") or says
// the habit stopped ("Elif gave up smoking"): both hold. A past change
// ("moved to Berlin", "took over as lead") still states the present. A
// plan beside a past event, either way round ("Tom won't pay the
// invoice", "Tom paid the invoice"; "Kim should have sent the form",
// "Kim didn't send the form"), is no conflict either, nor is a claim
// for another time ("Jana had steak in 2015") beside a denial of the
// present.
func historyBeside(neg, pos *claim) bool {
	return (pos.past || pos.scoped) && !pos.changed && (neg.negNow || stopped(neg.neg) || neg.plan) || pos.plan && pastDenial(neg.neg)
}

// pastDenial reports whether the negation word neg denies a past
// event ("didn't", "wasn't").
func pastDenial(neg string) bool {
	switch neg {
	case "didn't", "wasn't", "weren't", "hadn't":
		return true
	}
	return false
}

// deniedManner reports whether the negated claim denies a way of
// travelling ("Kim didn't drive to the meeting") that the other claim
// does not name: it says nothing of whether she went ("Kim went to the
// meeting"). The same way named on both sides is still denied ("did not
// cycle" beside "cycled").
func deniedManner(neg, pos *claim) bool {
	if int(neg.negAt) >= len(neg.toks) {
		return false
	}
	way := mannerVerbs[neg.toks[neg.negAt].w]
	return way != "" && !slices.ContainsFunc(pos.toks, func(t token) bool { return mannerVerbs[t.w] == way })
}

// narrowedDenial reports whether the negated claim of a and b, aligned
// into hunks, adds words at its end, after the negation, that the other
// lacks, with nothing else replaced and neither saying that something
// changed: "the API does not require a token for the health check"
// denies in a narrower scope, not "the API requires a token".
func narrowedDenial(a, b *claim, hunks []hunk) bool {
	neg, side := a, 0
	if b.neg != "" {
		neg, side = b, 1
	}
	if a.changed || b.changed || len(hunks) != 1 {
		return false
	}
	h := hunks[0]
	mine, theirs, at := h.a, h.b, h.at
	if side == 1 {
		mine, theirs, at = h.b, h.a, h.bt
	}
	if stopped(neg.neg) && !slices.ContainsFunc(mine, func(t token) bool { return !timeWord(t) }) {
		// "Elif gave up smoking two years ago": when the habit
		// stopped, no narrower habit.
		return false
	}
	return len(theirs) == 0 && len(mine) > 0 && at > int(neg.negAt) && at+len(mine) == len(neg.toks)
}

// dailyOnly reports whether x, the one word claim a has where claim
// b, which says its value is the only one, has y, is "every day"
// (daily) and y a day of the week, weekdays or weekends: "I run
// daily" and "I run only on weekdays" conflict; "the shop opens on
// Mondays", with no "only", may add to the daily rule.
func dailyOnly(a, b *claim, x, y []token) bool {
	return b.only && !a.only && !a.changed && !b.changed && a.neg == "" && b.neg == "" && len(x) == 1 && len(y) == 1 &&
		x[0].kind == quantity && x[0].w == "86400s" && classOf[y[0].w] == "weekday"
}

// twoFacts reports whether two claims state two facts that may both
// hold: a fact for another time ("from 2015 to 2019", "will",
// "yesterday" beside "today") beside one for now, a fact added to others
// ("also"), or a subject that differs by its owner ("the user's
// partner's").
func twoFacts(a, b *claim, hunks []hunk) bool {
	return a.scoped != b.scoped || a.additive || b.additive || possessive(hunks) || otherEntity(a, b, hunks) ||
		(a.when != 0 && b.when != 0 && a.when != b.when) || daysApart(a, b) || a.delta != b.delta || pastBesidePresent(a, b) ||
		pastBesidePlace(a, b) || pastBesidePlace(b, a)
}

// pastBesidePlace reports whether a tells where its subject is now
// ([locMark]: "Aki lives in Sapporo") and b a past event of another
// verb at another place ("Aki grew up in Osaka", "studied in Graz")
// that says nothing changed: both hold, "now" or not ("moved to
// Lisbon" is a change, and still conflicts).
func pastBesidePlace(a, b *claim) bool {
	// "was born" is a past passive pastTense leaves out.
	return !a.past && (b.past || hasWord(b.toks, "born")) && !b.changed && !a.plan && !b.plan && locIndex(a.toks) >= 0 && locIndex(b.toks) < 0
}

// pastBesidePresent reports whether one claim tells a past event and
// the other the present with the same verb, neither saying that
// something changed: "Tom drove a Ford" and "Tom drives a Volvo" may
// both hold ("Tom took over as lead", with a verb of its own, is a
// change).
func pastBesidePresent(a, b *claim) bool {
	if a.past == b.past || a.plan || b.plan || a.changed || b.changed {
		return false
	}
	if b.past {
		a, b = b, a
	}
	for _, t := range a.toks {
		if w := written(a, t); t.kind == plain && !t.value && pastForms[w] &&
			slices.ContainsFunc(b.toks, func(u token) bool { return u.w == t.w && u.kind == plain && written(b, u) != w }) {
			return true
		}
	}
	return false
}

// exceptedApart reports whether a leaves out a case ("except on
// Fridays", "excluding weekends") that b names as its own: "the pool is
// open until 9 pm except on Fridays" is the rule for the other days,
// beside "on Fridays the pool closes at 6 pm", which gives the case a
// value of its own ("open on Sundays" against "open every day except
// Sundays" gives none: judged as usual).
func exceptedApart(a, b *claim) bool {
	i := slices.IndexFunc(a.toks, func(t token) bool { return t.w == "except" || t.w == "excluding" })
	if i < 0 || i+1 >= len(a.toks) {
		return false
	}
	w := a.toks[i+1].w
	return !slices.ContainsFunc(b.toks, func(t token) bool { return t.w == "except" || t.w == "excluding" }) &&
		hasWord(b.toks, w) &&
		slices.ContainsFunc(b.toks, func(t token) bool {
			return t.value && !hasWord(a.toks, t.w)
		})
}

// judgeExcepted judges a claim that leaves out a case ("every day
// except Sunday", "everyone except Tom") against one that says no
// more than the first besides a case. The case left out, asserted
// ("open on Sundays", "Tom came"), conflicts; denied ("not open on
// Sundays") agrees; another day ("open on Saturdays") is one the rule
// covers. done reports that the verdict (ok or not) is final.
func judgeExcepted(a, b *claim, why bool) (v Verdict, ok, done bool) {
	for _, x := range [2][2]*claim{{a, b}, {b, a}} {
		rule, c := x[0], x[1]
		i := slices.IndexFunc(rule.toks, func(t token) bool { return t.w == "except" || t.w == "excluding" })
		if i < 0 || i+1 >= len(rule.toks) || rule.neg != "" ||
			slices.ContainsFunc(c.toks, func(t token) bool { return t.w == "except" || t.w == "excluding" }) {
			continue
		}
		w := rule.toks[i+1].w
		var others []token
		for _, t := range c.toks {
			if !hasWord(rule.toks, t.w) {
				others = append(others, t)
			}
		}
		named := hasWord(c.toks, w)
		switch {
		case named && len(others) == 0 && c.neg == "":
			return Verdict{Likely, say(why, func() string {
				return fmt.Sprintf("exception: %q is left out, then said", show(rule, rule.toks[i+1:i+2]))
			})}, true, true
		case named && len(others) == 0,
			!named && len(others) == 1 && c.neg == "" && classOf[w] == "weekday" && classOf[others[0].w] == "weekday":
			return Verdict{}, false, true
		}
	}
	return Verdict{}, false, false
}

// daysApart reports whether one claim names days of the week, holidays
// or a season and the other none, neither saying that something
// changed: "on weekends the gym opens at 8" and "in winter the ferry
// leaves at 7" are facts for those days, beside the rule for the
// others.
func daysApart(a, b *claim) bool {
	return a.days != b.days && !a.changed && !b.changed
}

// otherTime reports whether a is anchored to a time past or to come
// ("last year", "yesterday", "next quarter") and b to none, and a says
// nothing changed: "last year the cluster had a limit of 30 pods" is
// another time than "the cluster has a limit of 50 pods", but "last
// week the limit was raised to 30" is a change.
func otherTime(a, b *claim) bool {
	if a.when == 0 || b.when != 0 || a.changed {
		return false
	}
	switch anchors[a.when-1] {
	case "today", "tonight", "this morning", "this week", "this month", "this year", "this quarter":
		return false
	}
	return true
}

// judgeWhole judges two claims, neither or both negated, as wholes: one
// subject put in places named differently, or a thing said to have
// switched to a name the other claim does not give it.
func judgeWhole(a, b *claim, why bool) (Verdict, bool) {
	if a.neg != "" || b.neg != "" {
		return Verdict{}, false
	}
	if x, y, ok := otherPlace(a, b); ok {
		return Verdict{Likely, say(why, func() string { return fmt.Sprintf("different place: %q vs %q", x, y) })}, true
	}
	if a.changed || b.changed {
		if x, y, ok := switchedName(a, b); ok {
			return Verdict{Likely, say(why, func() string { return fmt.Sprintf("different value: %q vs %q", x, y) })}, true
		}
	}
	return Verdict{}, false
}

// judgeSpan judges two claims that differ by the one replaced span h,
// its values trimmed, with common words aligned of which ratio is the
// share of the longer claim's.
func judgeSpan(a, b *claim, h hunk, common int, ratio float64, why bool) (Verdict, bool) {
	extra := len(a.toks) + len(b.toks) - 2*common - len(h.a) - len(h.b)
	if recurringOnOneSide(h) || alikeSubjects(a, b, h, extra) || stateScope(a, b, h) || headGained(a, b, h) {
		return Verdict{}, false
	}
	if a.neg != "" && b.neg != "" {
		return twoDenials(a, b, h, common, why)
	}
	if otherDayKind(h) || dayPartsApart(a, b, h) {
		return Verdict{}, false
	}
	if a.order != b.order && (a.order != "" && b.order != "" || len(h.a) == 1 && len(h.b) == 1 && !h.a[0].value && !h.b[0].value) {
		// "before sunset", "after breakfast": a window between two
		// events, not two values; "before meals", "with water": the
		// order to one thing beside another relation.
		return Verdict{}, false
	}
	if v, ok, done := judgeSlot(a, b, h, common, extra, why); done {
		return v, ok
	}
	if v, ok, done := judgeComparison(a, b, h, why); done {
		return v, ok
	}
	if a.changed || b.changed || closing(a, b, h) || bareQuantities(a, b, h) {
		h = trimPredicate(h)
		if common == 1 && extra == 0 && (len(h.a) == 1 && len(h.b) == 1 || bareQuantities(a, b, h)) && ratio >= minRatio {
			// A short claim of one subject word and a value, restated
			// with a new value: "retros happen every two weeks",
			// "we moved retros to once a month".
			v, ok, _ := judgeValues(a, b, h, why)
			return v, ok
		}
	}
	if bareStatements(a, b) || pronounCounts(a, b, h, extra) {
		// "Breakfast is at 7:30", "breakfast is at 8:15": the one
		// subject word and a value each, which only values decide.
		v, ok, _ := judgeValues(a, b, h, why)
		return v, ok
	}
	if common < minCommon || ratio < minRatio {
		return Verdict{}, false
	}
	if v, ok, done := judgeValues(a, b, h, why); done {
		return v, ok
	}
	return judgeAttribute(a, b, h, ratio, extra, why)
}

// judgeComparison judges two comparisons that differ in one word that
// is no value: comparatives of opposite bounds ([boundWord]: "bigger",
// "smaller") conflict, while another measure ("bigger than the old
// one", "cheaper than the old one") or another thing compared with
// ("taller than Ben", "taller than Carl") may both hold. Opposites of
// the antonym list ("faster", "slower") are read before ([judgeSlot]).
// done reports that the verdict (ok or not) is final.
func judgeComparison(a, b *claim, h hunk, why bool) (v Verdict, ok, done bool) {
	if !a.than || !b.than || len(h.a) != 1 || len(h.b) != 1 || h.a[0].value || h.b[0].value {
		return Verdict{}, false, false
	}
	if oppositeComparatives(h.a[0].w, h.b[0].w) {
		return Verdict{Likely, say(why, func() string { return fmt.Sprintf("antonyms: %q vs %q", show(a, h.a), show(b, h.b)) })}, true, true
	}
	return Verdict{}, false, true
}

// comparedAntonyms reports whether x and y, compared with one thing
// ("than"), are opposites once a comparative's "-er" is dropped:
// "cheaper" and "(more) expensive", "safer" and "(more) dangerous".
func comparedAntonyms(x, y string) bool {
	base := func(w string) string {
		if b, ok := strings.CutSuffix(w, "er"); ok && len(b) >= 3 {
			return lemma(stem(b))
		}
		return w
	}
	bx, by := base(x), base(y)
	return (bx != x || by != y) && antonymOf[bx] != "" && (antonymOf[bx] == by || antonymOf[bx] == y)
}

// oppositeComparatives reports whether x and y compare in opposite
// directions: comparatives of opposite bounds ([boundWord]: "bigger",
// "smaller"), or of antonyms as comparatives ("cheaper", "more
// expensive"; [opposite] reads listed antonyms as written, "faster",
// "slower").
func oppositeComparatives(x, y string) bool {
	bx := boundWord[x]
	return bx != "" && boundOpposite[bx] == boundWord[y] || comparedAntonyms(x, y)
}

// judgeTurned judges two comparisons of the same two things, each
// the other's subject ("Rosa is faster than Jan", "Jan is faster than
// Rosa"): one comparative conflicts, opposite ones ("Jan is slower
// than Rosa") agree. done reports that the verdict (ok or not) is
// final.
func judgeTurned(a, b *claim, why bool) (v Verdict, ok, done bool) {
	n, at := len(a.toks), int(a.copAt)
	if !a.than || !b.than || a.neg != "" || b.neg != "" || n != len(b.toks) || at < 1 || at != int(b.copAt) || at+1 >= n ||
		a.changed || b.changed || a.scoped || b.scoped {
		return Verdict{}, false, false
	}
	subjA, objA := tokenWords(a.toks[:at]), tokenWords(a.toks[at+1:])
	if subjA == objA || subjA != tokenWords(b.toks[at+1:]) || objA != tokenWords(b.toks[:at]) {
		return Verdict{}, false, false
	}
	x, y := a.toks[at].w, b.toks[at].w
	switch {
	case x == y:
		return Verdict{Likely, say(why, func() string { return fmt.Sprintf("turned comparison: %q vs %q", subjA, objA) })}, true, true
	case oppositeComparatives(x, y) || opposite(x, y):
		return Verdict{}, false, true
	}
	return Verdict{}, false, false
}

// otherDayKind reports whether h replaces a day of the week by a
// holiday or a season, or the other way: "closed on Mondays" and
// "closed on bank holidays" name two kinds of days that may both hold.
func otherDayKind(h hunk) bool {
	kind := func(ts []token) string {
		k := ""
		for _, t := range ts {
			switch c := classOf[t.w]; c {
			case "weekday", "season", "holiday":
				if k != "" {
					return ""
				}
				k = c
			}
		}
		return k
	}
	ka, kb := kind(h.a), kind(h.b)
	return ka != "" && kb != "" && ka != kb
}

// dayPartsApart reports whether h replaces one part of the day with
// another and, on one side, adds a thing with "and": "serves only tea
// in the morning" and "serves tea and cake in the afternoon" are facts
// of two times, where "opens in the morning" and "opens in the
// afternoon", or "meditates in the evening" and "first thing in the
// morning", are two values of one.
func dayPartsApart(a, b *claim, h hunk) bool {
	part := func(ts []token) (string, bool) {
		p := ""
		for _, t := range ts {
			if classOf[t.w] == "daypart" {
				if p != "" {
					return "", false
				}
				p = t.w
			}
		}
		return p, p != ""
	}
	joined := func(c *claim, ts []token, at int) bool {
		return len(ts) > 1 && int(c.andAt)-1 >= at && int(c.andAt)-1 < at+len(ts)
	}
	pa, oka := part(h.a)
	pb, okb := part(h.b)
	return oka && okb && pa != pb && (joined(a, h.a, h.at) || joined(b, h.b, h.bt))
}

// twoDenials judges two negated claims that differ by the one replaced
// span h: denying one thing and denying another both hold ("Jun never
// eats meat", "Jun never eats fish"; "the shop is not open on Mondays",
// "... on Tuesdays"), unless the two denied words are opposites ("the
// gate is not locked", "the gate is not unlocked").
func twoDenials(a, b *claim, h hunk, common int, why bool) (Verdict, bool) {
	if x, y, ok := antonyms(h.a, h.b); ok && h.context && common >= minCommon && len(h.a) == 1 && len(h.b) == 1 {
		return Verdict{Likely, say(why, func() string { return fmt.Sprintf("antonyms: %q vs %q", show(a, x), show(b, y)) })}, true
	}
	return Verdict{}, false
}

// headGained reports whether one claim, saying that its subject
// changed, names that subject with a head noun more than the other
// claim, which says what it is: the one word of h before its copula (a
// change verb's "to" counts, see [changeFrame]) follows the other's whole
// subject. "The release party slipped to June 3" and "the release is on
// May 4" speak of two things; not when the noun names the time or
// measure of the value ("the release date", "the proposal deadline",
// "the node version") or what a name is ("the new_checkout flag").
func headGained(a, b *claim, h hunk) bool {
	gained := func(c, o *claim, at, ot int) bool {
		if !c.changed || o.changed || c.copAt < 2 || at != int(c.copAt)-1 || ot != int(o.copAt) || at != ot || at >= len(c.toks) {
			return false
		}
		t, before := c.toks[at], c.toks[at-1]
		return t.kind == plain && !t.value && !t.name && !before.name && !measureNoun(t.w) && !timeNoun(t.w)
	}
	return gained(a, b, h.at, h.bt) || gained(b, a, h.bt, h.at)
}

// timeNoun reports whether w names when a thing is, or which version:
// "the release date slipped to June 3" is of the release, "the node
// version was bumped to 22" of node.
func timeNoun(w string) bool {
	for _, n := range [...]string{"date", "deadline", "day", "time", "timing", "schedule", "version"} {
		if w == n || w == lemma(stem(n)) {
			return true
		}
	}
	return false
}

// closing reports whether the replaced span h closes both claims, after
// a shared opening of at least two words that holds the whole subject
// before a copula: "the metrics exporter runs on port 9100" and "the
// metrics exporter listens on 9200" say the subject first and its value
// last, whatever verb leads the value; "the planning meeting is on
// March 3" and "the planning doc is due on March 1" differ in the
// subject.
//
// Times of day and dates are left out: one subject has many ("the
// backup starts at 02:00", "the backup finishes at 04:00").
func closing(a, b *claim, h hunk) bool {
	if !h.context || h.at < minCommon || h.at != h.bt || h.at < int(a.copAt) || h.bt < int(b.copAt) ||
		h.at+len(h.a) != len(a.toks) || h.bt+len(h.b) != len(b.toks) {
		return false
	}
	for _, t := range [2]token{h.a[len(h.a)-1], h.b[len(h.b)-1]} {
		if t.kind == date || isDate(t) || strings.Contains(t.w, ":") {
			return false
		}
	}
	return true
}

// addedBeforeWeekday reports whether two claims that align (at least
// minCommon tokens in common) differ only by one token that one claim adds
// right before a day of the week: that token (a one-token slice) and the
// claim holding it. [alternateWeeks] and [monthlyDay] judge what it is.
func addedBeforeWeekday(a, b *claim, hunks []hunk, common int) ([]token, *claim, bool) {
	if len(hunks) != 1 || common < minCommon {
		return nil, nil, false
	}
	h := hunks[0]
	x, c, at := h.a, a, h.at
	if len(x) == 0 {
		x, c, at = h.b, b, h.bt
	}
	if len(x) != 1 || len(h.a)+len(h.b) != 1 || at+1 >= len(c.toks) || classOf[c.toks[at+1].w] != "weekday" {
		return nil, nil, false
	}
	return x, c, true
}

// alternateWeeks judges two claims that align but for a period of two
// weeks or more that one claim adds before a day of the week both name:
// "the market runs every other Saturday" against "the market runs every
// Saturday" (or "on Saturdays"), where a day alone recurs weekly.
func alternateWeeks(a, b *claim, hunks []hunk, common int, why bool) (Verdict, bool) {
	x, c, ok := addedBeforeWeekday(a, b, hunks, common)
	if !ok || x[0].kind != quantity || unitOf(x[0].w) != "s" {
		return Verdict{}, false
	}
	secs, err := strconv.ParseFloat(strings.TrimSuffix(x[0].w, "s"), 64)
	if err != nil || secs < 2*units["week"] {
		return Verdict{}, false
	}
	return Verdict{Likely, say(why, func() string { return fmt.Sprintf("different frequency: %q vs weekly", show(c, x)) })}, true
}

// monthlyDay judges two claims that align but for a place in the month
// that one claim adds before a day of the week both name: "the team
// meets every Friday" (or "on Fridays") against "the team meets on the
// last Friday of the month", monthly where a day alone recurs weekly
// (as in [alternateWeeks]). [monthPosition] keeps the place a word.
func monthlyDay(a, b *claim, hunks []hunk, common int, why bool) (Verdict, bool) {
	x, c, ok := addedBeforeWeekday(a, b, hunks, common)
	if !ok {
		return Verdict{}, false
	}
	switch x[0].w {
	case "first", "second", "third", "fourth", "last":
		return Verdict{Likely, say(why, func() string { return fmt.Sprintf("different frequency: %q of the month vs weekly", show(c, x)) })}, true
	}
	return Verdict{}, false
}

// movedAntonym judges two claims that align but for one word each side
// has at another place, the two words antonyms: "force pushes to
// release branches are forbidden" and "we allow force pushes to release
// branches" say the policy before and after its subject.
func movedAntonym(a, b *claim, hunks []hunk, common int, why bool) (Verdict, bool) {
	if len(hunks) != 2 || common < minCommon {
		return Verdict{}, false
	}
	var x, y []token
	for _, h := range hunks {
		h.a, h.b = turned(h.a), turned(h.b)
		switch {
		case len(h.a) == 1 && len(h.b) == 0 && x == nil:
			x = h.a
		case len(h.b) == 1 && len(h.a) == 0 && y == nil:
			y = h.b
		default:
			return Verdict{}, false
		}
	}
	if x == nil || y == nil || !opposite(x[0].w, y[0].w) {
		return Verdict{}, false
	}
	return Verdict{Likely, say(why, func() string { return fmt.Sprintf("antonyms: %q vs %q", show(a, x), show(b, y)) })}, true
}

// onlyAdded reports whether o says its value is the only one and x
// adds another to it ("also", "too", "as well as", "and"), all else
// alike: "the cafe accepts only cash" and "the cafe accepts cards as
// well as cash", "only Ana has a key to the shed" and "Ben also has a
// key to the shed", "the hotel allows only small dogs" and "the hotel
// allows dogs and cats". At most the word after "only" is missing from
// x (it must be when "only" opens o: "only members can use the sauna"
// says nothing of what members also use), and x adds at most three
// words (one, right after "and", when nothing else says it adds).
func onlyAdded(o, x *claim) bool {
	if !o.only || x.only || !x.additive && x.andAt == 0 || o.neg != "" || x.neg != "" || o.scoped || x.scoped || o.when != x.when || o.changed || x.changed {
		return false
	}
	in := func(t token, c *claim) bool {
		return hasWord(c.toks, t.w)
	}
	missing, added := -1, 0
	for i, t := range o.toks {
		if !in(t, x) {
			if missing >= 0 || i != int(o.onlyAt)-1 {
				return false
			}
			missing = i
		}
	}
	if o.onlyFirst && missing != 0 {
		return false
	}
	for i, t := range x.toks {
		if !in(t, o) && t.w != "well" {
			if !x.additive && (i != int(x.andAt)-1 || t.value) {
				// Only "and" adds, so what it joins must be the one word
				// added: "sells newspapers and magazines", not
				// "sells newspapers and closes at noon".
				return false
			}
			added++
		}
	}
	shared := len(o.toks)
	if missing >= 0 {
		shared--
	}
	return added >= 1 && added <= 3 && shared >= minCommon
}

// judgeOnly judges two claims of which one says its value is the only
// one and the other, otherwise aligned word for word, lists more names
// beside it: "the app is available only in English" and "the app is
// available in English and Spanish". The added names follow a shared
// word, at most three of them; an added word that is not a name ("only
// the API is public" beside "the API is public and documented") is
// another attribute.
func judgeOnly(a, b *claim, hunks []hunk, common int, why bool) (Verdict, bool) {
	if a.only == b.only || len(hunks) != 1 || common < minCommon {
		return Verdict{}, false
	}
	h := hunks[0]
	more := h.b
	if b.only {
		more = h.a
	}
	if len(h.a) > 0 && len(h.b) > 0 || len(more) == 0 || len(more) > 3 || !h.context {
		return Verdict{}, false
	}
	at, first, listed := h.bt, a.onlyFirst, int(b.andAt) == h.bt+1
	if b.only {
		at, first, listed = h.at, b.onlyFirst, int(a.andAt) == h.at+1
	}
	for _, t := range more {
		if !isName(t) && !(first && at == 1 && len(more) <= 2) && !(listed && !first && len(more) == 1 && !t.value) {
			// Words added beside the value are another attribute,
			// unless "only" opened the claim and they join its
			// subject: "only admins" vs "admins and owners", or
			// "and" adds them to the value: "treats only adults" vs
			// "treats adults and children".
			return Verdict{}, false
		}
	}
	return Verdict{Likely, say(why, func() string {
		c := b
		if b.only {
			c = a
		}
		return fmt.Sprintf("only one value, the other adds %q", show(c, more))
	})}, true
}

// turned drops the verb of a switch before its state: "turned off" is
// "off", as "is off" is.
func turned(ts []token) []token {
	if len(ts) == 2 && (ts[0].w == "turn" || ts[0].w == "switch") && (ts[1].w == "on" || ts[1].w == "off") {
		return ts[1:]
	}
	return ts
}

// acrossCopula reports whether the antonyms or status words x (of h.a)
// and y (of h.b) sit on two sides of a copula: one says what the
// subject is ("sign-ups are open"), the other names another subject by
// it ("sign-ups for the closed beta are full").
func acrossCopula(a, b *claim, h hunk, x, y []token) bool {
	if a.copAt < 0 || b.copAt < 0 {
		return false
	}
	i, j := h.at+indexOf(h.a, x), h.bt+indexOf(h.b, y)
	return (i < int(a.copAt)) != (j < int(b.copAt))
}

// indexOf returns the index in ts of the first token of sub, a
// subslice of ts.
func indexOf(ts, sub []token) int {
	for i := range ts {
		if &ts[i] == &sub[0] {
			return i
		}
	}
	return 0
}

// recurringOnOneSide reports whether a recurring time qualifies a value
// on one side of h only: "works from home on Fridays" beside "lives in
// Berlin" is another time scope. A time that is the value ("in the
// morning" vs "at 10:00") is not.
func recurringOnOneSide(h hunk) bool {
	ta, tb := timeOfWeek(h.a), timeOfWeek(h.b)
	return ta != tb && (ta && len(h.a) > ta1(h.a) || tb && len(h.b) > ta1(h.b))
}

// stateScope reports whether h replaces what follows one switch state
// both claims give ("on", "enabled", "off"), with no state of its own:
// the scopes of one state ("the flag is on in staging", "on in
// production"), not two values.
func stateScope(a, b *claim, h hunk) bool {
	if !h.context || h.at == 0 || h.bt == 0 || switchPole[a.toks[h.at-1].w] == 0 || a.toks[h.at-1].w != b.toks[h.bt-1].w {
		return false
	}
	pole := func(t token) bool { return switchPole[t.w] != 0 }
	return !slices.ContainsFunc(h.a, pole) && !slices.ContainsFunc(h.b, pole)
}

// alikeSubjects reports whether h replaces words before "is" with all
// after it the same, or one word more: two subjects said to be alike
// ("the onboarding flow is live", "the billing flow is live"), or two
// attributes of one subject ("Eva's favourite colour is green", "Eva's
// favourite fruit is the green apple").
func alikeSubjects(a, b *claim, h hunk, extra int) bool {
	return a.copAt > 0 && b.copAt > 0 && a.holder == 0 && b.holder == 0 && extra <= 1 &&
		h.at+len(h.a) <= int(a.copAt) && h.bt+len(h.b) <= int(b.copAt) && !anyValue(h.a) && !anyValue(h.b)
}

// judgeSlot judges a short replaced span read through the lexicons: a
// status ("paused" vs "resumed"), antonyms, or a value of an exclusive
// class ("vegetarian" vs "pescatarian"). Such a claim may be its subject
// and the slot alone. done reports that the verdict (ok or not) is
// final.
func judgeSlot(a, b *claim, h hunk, common, extra int, why bool) (v Verdict, ok, done bool) {
	// One subject pronoun opening both claims is context the tokens
	// leave out: "I enabled dark mode", "I disabled dark mode".
	opened := h.at == 0 && h.bt == 0 && a.pronoun != 0 && a.pronoun == b.pronoun
	if (h.context || opened) && max(len(h.a), len(h.b)) <= 3 && (common >= minCommon || extra == 0) {
		one := min(len(h.a), len(h.b)) == 1 && !scopedApart(a, b, extra)
		if x, y, ok := antonyms(h.a, h.b); ok && one && !acrossCopula(a, b, h, x, y) {
			return Verdict{Likely, say(why, func() string { return fmt.Sprintf("antonyms: %q vs %q", show(a, x), show(b, y)) })}, true, true
		}
		if x, y, ok, same := statusConflict(h.a, h.b); ok && one && !acrossCopula(a, b, h, x, y) {
			return Verdict{Likely, say(why, func() string { return fmt.Sprintf("different status: %q vs %q", show(a, x), show(b, y)) })}, true, true
		} else if same {
			return Verdict{}, false, true
		}
		if sameClass(h.a, h.b) && !wasAndIs(a, b) && !verbJobs(a, b, h) || (copNamed(h.a) && copNamed(h.b) && extra == 0) {
			// An exclusive class, or a name said to be the subject ("our
			// accountant is Helen Park"): one value at a time.
			return Verdict{Likely, say(why, func() string { return fmt.Sprintf("different value: %q vs %q", show(a, h.a), show(b, h.b)) })}, true, true
		}
	}
	if !h.context && max(len(h.a), len(h.b)) <= 3 && extra == 0 && sameClass(h.a, h.b) && !ordinalAt(h.a) && !verbJobs(a, b, h) {
		// A value of an exclusive class opens a claim whose subject is a
		// pronoun: "I cycle to the office", "I drive to the office".
		return Verdict{Likely, say(why, func() string { return fmt.Sprintf("different value: %q vs %q", show(a, h.a), show(b, h.b)) })}, true, true
	}
	return Verdict{}, false, false
}

// ordinalAt reports whether ts holds an ordinal ("third"): opening a
// claim, it names which of many things is the subject ("the third
// train"), not a value.
func ordinalAt(ts []token) bool {
	return slices.ContainsFunc(ts, func(t token) bool { return classOf[t.w] == "ordinal" })
}

// copNamed reports whether ts is a name after a copula, in one word
// or two ("Sister Adeyemi", "Mr. Kowalczyk": a title is its own word).
func copNamed(ts []token) bool {
	return len(ts) >= 1 && len(ts) <= 2 && ts[0].cop && !slices.ContainsFunc(ts, func(t token) bool { return !isName(t) })
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
		return f * m.size, m, ok && err == nil && f > 0
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
	return max(fx, fy) >= slack*min(fx, fy)
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

// clockBounds reports whether h replaces the time of day of a bound
// ("minimum 14:00", from "arrived after 2 pm") by another: the same
// bound before one time each, or two bounds and their times.
func clockBounds(a, b *claim, h hunk) bool {
	isBound := func(t token) bool { return t.w == "minimum" || t.w == "maximum" }
	isClock := func(t token) bool { return t.value && strings.Contains(t.w, ":") }
	switch {
	case len(h.a) == 1 && len(h.b) == 1:
		return h.at > 0 && h.bt > 0 && isBound(a.toks[h.at-1]) && a.toks[h.at-1].w == b.toks[h.bt-1].w && isClock(h.a[0]) && isClock(h.b[0])
	case len(h.a) == 2 && len(h.b) == 2:
		return isBound(h.a[0]) && isBound(h.b[0]) && isClock(h.a[1]) && isClock(h.b[1])
	}
	return false
}

// clockOrder reports whether the maximum of the bounds x and y ("maximum
// 10:00", "minimum 11:00") is no later than their minimum: no time of
// day meets both.
func clockOrder(x, y []token) bool {
	if x[0].w == "minimum" {
		x, y = y, x
	}
	mins := func(s string) int {
		hh, mm, _ := strings.Cut(s, ":")
		h, _ := strconv.Atoi(hh)
		m, _ := strconv.Atoi(mm)
		return 60*h + m
	}
	return mins(x[1].w) <= mins(y[1].w)
}

// boundHunk reports whether x is a bound and its amount ("minimum
// 3600s", from "at least an hour", "over an hour", "more than 40") and y
// one amount or range.
func boundHunk(x, y []token) bool {
	return len(x) == 2 && len(y) == 1 && (x[0].w == "minimum" || x[0].w == "maximum") && x[1].value && y[0].value &&
		x[1].kind != date && y[0].kind != date
}

// outsideBound reports whether the amount or range v ("1200s",
// "1200s..1500s") lies wholly beyond the bound ("minimum", "maximum")
// of the amount q in the same unit: "takes 20 to 25 minutes" is under
// "over an hour"; "90 minutes" within it.
func outsideBound(bound, q, v string) bool {
	lo, hi, isRange := strings.Cut(v, "..")
	if !isRange {
		hi = lo
	}
	u := unitOf(q)
	if unitOf(lo) != u || unitOf(hi) != u {
		return false
	}
	num := func(x string) (float64, bool) {
		f, err := strconv.ParseFloat(strings.TrimSuffix(x, u), 64)
		return f, err == nil
	}
	b, ok1 := num(q)
	l, ok2 := num(lo)
	h, ok3 := num(hi)
	if !ok1 || !ok2 || !ok3 {
		return false
	}
	if bound == "minimum" {
		return h < b
	}
	return l > b
}

// otherPeriod reports whether two rates, each an amount and a period,
// are per other periods ("3 euros an hour", "20 euros a day"): a rate
// is compared only with a rate per the same period.
func otherPeriod(a, b []token) bool {
	per := func(ts []token) string {
		if len(ts) == 2 && ts[1].kind == quantity && unitOf(ts[1].w) == "s" {
			return ts[1].w
		}
		return ""
	}
	pa, pb := per(a), per(b)
	return pa != "" && pb != "" && pa != pb
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

// judgeAttribute judges a replaced span of words that are not values: a
// holder of a role, antonyms, or another attribute of one subject, likely
// or possible by how well the claims align.
func judgeAttribute(a, b *claim, h hunk, ratio float64, extra int, why bool) (Verdict, bool) {
	if !h.context {
		// A replaced first span is the subject, not the attribute:
		// "Alice lives in Berlin" vs "Bob lives in Berlin"; unless it is
		// the holder of a role one holds at a time, now on both sides
		// ("Lars was the CEO of Nordwind" is a past holder).
		if a.holder > 0 && len(h.a) <= int(a.holder) && b.holder > 0 && len(h.b) <= int(b.holder) && extra == 0 && !wasAndIs(a, b) {
			return Verdict{Likely, say(why, func() string { return fmt.Sprintf("different holder: %q vs %q", show(a, h.a), show(b, h.b)) })}, true
		}
		return Verdict{}, false
	}
	if min(len(h.a), len(h.b)) != 1 || max(len(h.a), len(h.b)) > 3 {
		// Two replaced words on each side: more than one attribute.
		return Verdict{}, false
	}
	if x, y, ok := antonyms(h.a, h.b); ok && !acrossCopula(a, b, h, x, y) && !scopedApart(a, b, extra) {
		return Verdict{Likely, say(why, func() string { return fmt.Sprintf("antonyms: %q vs %q", show(a, x), show(b, y)) })}, true
	}
	if extra > maxExtra || hasPath(h.a) || hasPath(h.b) {
		// Words replaced inside long, loosely aligned sentences, or paths
		// and addresses: prose that merely looks alike.
		return Verdict{}, false
	}
	if sameAmount(a, b, h) || heldThing(a, b, h) || namedWithin(h.a, h.b) || namedWithin(h.b, h.a) || sameValueAfter(a, b, h) || kinAndOther(a, b, h) ||
		likingBeside(h) || countryBeside(a, h) {
		return Verdict{}, false
	}
	if !a.changed && !b.changed && (manyValued(a, h.a) || otherAct(h) || twoActs(a, b, h, extra)) {
		// "practices yoga", "practices piano": both, unless one says
		// it replaced the other.
		return Verdict{}, false
	}
	reason := say(why, func() string { return fmt.Sprintf("different value: %q vs %q", show(a, h.a), show(b, h.b)) })
	switch {
	case ratio >= likelyRatio:
		return Verdict{Likely, reason}, true
	case ratio >= possibleRatio:
		return Verdict{Possible, reason}, true
	}
	return Verdict{}, false
}

// likingBeside reports whether h replaces a word of liking ("adores",
// "enjoys", "hates": [stance]'s first poles; "is fond of", "a fan of",
// "keen on") by a reaction the body or
// fear has to a thing ([reactionWords]): "Jonas adores cats" and "Jonas
// is allergic to cats" or "is scared of cats" tell two relations to one
// thing, which may both hold. Opposite likings are antonyms, read
// before.
func likingBeside(h hunk) bool {
	liking := func(ts []token) bool {
		return slices.ContainsFunc(ts, func(t token) bool {
			p := stance[t.w]
			return p == 1 || p == -1 || t.w == "fond" || t.w == "fan" || t.w == "keen"
		})
	}
	reaction := func(ts []token) bool {
		return slices.ContainsFunc(ts, func(t token) bool { return reactionWords[t.w] })
	}
	return liking(h.a) && reaction(h.b) || liking(h.b) && reaction(h.a)
}

// sameValueAfter reports whether h replaces plain words (verbs: "hosted
// on", "runs on") just before one name or value that closes both
// claims: "the blog is hosted on Vercel" and "the blog now runs on
// Vercel" give one value.
func sameValueAfter(a, b *claim, h hunk) bool {
	la, lb := len(a.toks)-1, len(b.toks)-1
	if h.at+len(h.a) != la || h.bt+len(h.b) != lb || a.toks[la].w != b.toks[lb].w || !(a.toks[la].name || a.toks[la].value) {
		return false
	}
	plain := func(t token) bool { return t.name || t.value || t.kind != plain }
	return !slices.ContainsFunc(h.a, plain) && !slices.ContainsFunc(h.b, plain)
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
// ("nightly backups are stored in ...") and is no such amount.
func sameAmount(a, b *claim, h hunk) bool {
	qa, qb := onlyAmount(a.toks), onlyAmount(b.toks)
	if qa < 0 || qb < 0 || a.toks[qa].w != b.toks[qb].w {
		return false
	}
	if qa == h.at-2 && qb == h.bt-2 && a.toks[qa+1].w == b.toks[qb+1].w && !a.toks[qa+1].value {
		// A unit the table does not know between: "5 mg of ramipril",
		// "5 mg of amlodipine".
		return true
	}
	return (qa == h.at-1 || qa == h.at+len(h.a)) && (qb == h.bt-1 || qb == h.bt+len(h.b))
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

// heldThing reports whether h replaces words of what a role holder holds
// in two claims that name one holder: "the SRE team maintains the
// billing runbook" and "the SRE team maintains the deploy runbook". One
// holder holds many things; a role has one holder at a time, not the
// other way round.
func heldThing(a, b *claim, h hunk) bool {
	return a.holder > 0 && a.holder == b.holder && h.at > int(a.holder) && h.bt > int(b.holder)
}

// switchedName reports whether one claim says that a thing changed to a
// name and the other gives the thing another name, in any word order:
// "we use Mailgun for transactional email" and "we switched
// transactional email to SendGrid". Each claim has names and none in
// common; the words besides names are shared but for at most one on
// each side (a verb: "use", "runs"; a location predicate does not
// count), and at least one is shared.
func switchedName(a, b *claim) (string, string, bool) {
	na, nb := names(a), names(b)
	if len(na) == 0 || len(nb) == 0 {
		return "", "", false
	}
	for _, x := range na {
		if hasWord(nb, x.w) {
			return "", "", false
		}
	}
	common, onlyA := 0, 0
	var wa, wb string
	for _, t := range a.toks {
		if isName(t) {
			continue
		}
		if t.w == locMark {
			continue
		}
		if hasWord(b.toks, t.w) {
			common++
		} else if onlyA++; onlyA > 1 || t.value || t.kind != plain {
			return "", "", false
		} else {
			wa = t.w
		}
	}
	onlyB := 0
	for _, t := range b.toks {
		if isName(t) || t.w == locMark || hasWord(a.toks, t.w) {
			continue
		}
		if onlyB++; onlyB > 1 || t.value || t.kind != plain {
			return "", "", false
		}
		wb = t.w
	}
	if common == 0 || onlyA == 1 && onlyB == 1 && common == 1 && !samePrefix(wa, wb) && !modifiedSubject(a, b) && !modifiedSubject(b, a) {
		// One word shared and one replaced on each side: a word of
		// the subject replaced ("logs ship to X", "metrics shipping
		// moved to Y") names another subject, unless the two are
		// forms of one word ("generated", "generation"), or one side
		// only qualifies the subject the other opens with.
		return "", "", false
	}
	if otherHead(a, b) || otherHead(b, a) {
		return "", "", false
	}
	return show(a, na), show(b, nb), true
}

// subjectHead returns the last word of c's subject, the words before
// its copula ("the docs site search was ported to Algolia": "search"),
// and false when c has no copula or its subject ends in a name or value.
func subjectHead(c *claim) (token, bool) {
	if c.copAt <= 0 || int(c.copAt) > len(c.toks) {
		return token{}, false
	}
	t := c.toks[c.copAt-1]
	return t, !t.name && !t.value && t.kind == plain
}

// otherHead reports whether c, saying that something changed, names a
// subject whose head (its last word before the copula) the other claim
// lacks while sharing words before it: "the docs site search was ported
// to Algolia" speaks of the search, "the docs site is built with Hugo"
// of the site. A compound noun's head is its last word; the words
// before it qualify it.
func otherHead(c, other *claim) bool {
	h, ok := subjectHead(c)
	if !c.changed || !ok || hasWord(other.toks, h.w) {
		return false
	}
	for _, t := range c.toks[:c.copAt-1] {
		if !t.name && hasWord(other.toks, t.w) {
			return true
		}
	}
	return false
}

// modifiedSubject reports whether c, saying that something changed,
// qualifies the subject other opens with by a word before it: "company
// payroll was switched to Rippling" is of the "payroll" that "payroll
// runs through Gusto" names, its head the same last word.
func modifiedSubject(c, other *claim) bool {
	h, ok := subjectHead(c)
	return c.changed && ok && len(other.toks) > 0 && other.toks[0].w == h.w && c.copAt >= 2 && !other.toks[0].name
}

// namedWithin reports whether xs is one name, a word of a longer name
// of ys, its possessive aside: "Lisbon's Alfama district" is a place in
// "Lisbon", "AWS Lambda" a service of "AWS", a refinement of it, not
// another value.
func namedWithin(xs, ys []token) bool {
	if len(xs) != 1 {
		return false
	}
	for _, x := range xs {
		if !x.name || strings.IndexByte(x.w, '_') >= 0 {
			continue
		}
		for _, y := range ys {
			if !y.name || strings.IndexByte(y.w, '_') < 0 {
				continue
			}
			for _, part := range strings.Split(y.w, "_") {
				if strings.TrimSuffix(strings.TrimSuffix(part, "'s"), "’s") == x.w {
					return true
				}
			}
		}
	}
	return false
}

// oneDuration reports whether c is a subject word and a duration, or a
// bound and a duration ("the ride takes at least an hour").
func oneDuration(c *claim) bool {
	return c.duration && (len(c.toks) == 2 || len(c.toks) == 3 && (c.toks[1].w == "minimum" || c.toks[1].w == "maximum"))
}

// namedKinds reports whether a and b say of one subject what kind of
// thing it is, a name after "a" and the copula, perhaps with one word
// before it, and name two kinds: "our van is a Ford Transit" and "our
// van is a Renault Master", "our car is a silver Ford Focus" and "a red
// Mazda Three". x and y are the words after the copula. (A person's
// name right after the copula, "our accountant is Helen Park", is
// judged as a value.)
func namedKinds(a, b *claim) (x, y []token, ok bool) {
	kind := func(c *claim) ([]token, bool) {
		at := int(c.copAt)
		if at < 1 || !c.kind || c.than || c.neg != "" || c.scoped || c.changed || c.additive {
			return nil, false
		}
		tail := c.toks[at:]
		if len(tail) < 1 || len(tail) > 2 || !isName(tail[len(tail)-1]) || tail[len(tail)-1].cop {
			return nil, false
		}
		if n := tail[len(tail)-1].w; classOf[n] != "" || months[n] > 0 {
			// "is emailed on Mondays": a day, not a kind.
			return nil, false
		}
		return tail, len(tail) == 1 || tail[0].kind == plain && !tail[0].value && !tail[0].name
	}
	x, okx := kind(a)
	y, oky := kind(b)
	if !okx || !oky || a.copAt != b.copAt {
		return nil, nil, false
	}
	if nx, ny := x[len(x)-1].w, y[len(y)-1].w; nx == ny || strings.HasPrefix(nx, ny+"_") || strings.HasPrefix(ny, nx+"_") {
		// "a Ford" and "a Ford Focus": one kind, said more closely.
		return nil, nil, false
	}
	for i := range int(a.copAt) {
		if a.toks[i].w != b.toks[i].w {
			return nil, nil, false
		}
	}
	return x, y, true
}

// kindsNamed is [namedKinds]'s ok alone.
func kindsNamed(a, b *claim) bool {
	_, _, ok := namedKinds(a, b)
	return ok
}

// bareStatements reports whether a and b each say of one subject word,
// the same, what it is, with one word after the copula ("breakfast is
// at 7:30", "the loft is insulated"): the subject alone is shared, and
// a value or an opposite after the copula ([judgeSlot]) may differ.
func bareStatements(a, b *claim) bool {
	return len(a.toks) == 2 && len(b.toks) == 2 && a.copAt == 1 && b.copAt == 1 && a.toks[0].w == b.toks[0].w &&
		a.toks[1].w != b.toks[1].w && !a.scoped && !b.scoped
}

// verbJobs reports whether h replaces words of occupations or positions
// in claims that are not both what a subject is (a copula, "works as"):
// their words fold with verbs ("nurses", "pilots", "engineered"), and
// "we pilot the app" names no job.
func verbJobs(a, b *claim, h hunk) bool {
	job := func(t token) bool { return classOf[t.w] == "occupation" || classOf[t.w] == "position" }
	return (a.copAt < 0 || b.copAt < 0) && (slices.ContainsFunc(h.a, job) || slices.ContainsFunc(h.b, job))
}

// wasAndIs reports whether one claim says what its subject was and the
// other what it is, neither saying that it changed: "Sara was a nurse"
// and "Sara works as a teacher" may both hold.
func wasAndIs(a, b *claim) bool {
	return a.copPast != b.copPast && !a.changed && !b.changed
}

// classStatements reports whether a and b say of one subject, in the
// same words before the copula, a value of one exclusive class each,
// with no other word after the copula but a few on one side ("Sara is a
// nurse", "Sara works as a teacher"; "Lotte is a primary school
// teacher", "Lotte is a pharmacist"): the subject alone is shared, and
// [judgeSlot] compares the values.
func classStatements(a, b *claim) bool {
	_, _, ok := classTails(a, b)
	return ok
}

// classTails returns what a and b say after the copula, less the words
// both say there, when [classStatements] holds: "Felix is the team's
// goalkeeper" and "Felix plays as a striker for the team" give
// "goalkeeper" and "striker".
func classTails(a, b *claim) (x, y []token, ok bool) {
	if a.copAt < 1 || a.copAt != b.copAt || a.scoped || b.scoped || a.neg != "" || b.neg != "" || a.additive || b.additive {
		return nil, nil, false
	}
	for i := range int(a.copAt) {
		if a.toks[i].w != b.toks[i].w {
			return nil, nil, false
		}
	}
	ta, tb := a.toks[a.copAt:], b.toks[b.copAt:]
	// "the team's" is "the team" said before its noun.
	said := func(ts []token, t token) bool {
		return slices.ContainsFunc(ts, func(u token) bool { return u.w == t.w || ownerOf(u.w) == t.w || ownerOf(t.w) == u.w })
	}
	x = slices.DeleteFunc(slices.Clone(ta), func(t token) bool { return said(tb, t) })
	y = slices.DeleteFunc(slices.Clone(tb), func(t token) bool { return said(ta, t) })
	return x, y, len(x) > 0 && len(y) > 0 && sameClass(x, y)
}

// judgeWhatIs judges two claims of what one subject is, before their
// alignment: two kinds named ([namedKinds]), two values of a class
// among words said in another order ([shuffledClass]), free and a
// price ([freePriced]), two marital statuses ([maritalApart]) or one
// and a spouse ([spouseApart]), or a diet and what the subject eats
// ([abstainedApart]).
func judgeWhatIs(a, b *claim, why bool) (Verdict, bool) {
	if freePriced(a, b) || freePriced(b, a) {
		return Verdict{Likely, say(why, func() string { return "free, the other gives a price" })}, true
	}
	if x, y, ok := maritalApart(a, b); ok {
		return Verdict{Likely, say(why, func() string {
			return fmt.Sprintf("different status: %q vs %q", show(a, []token{x}), show(b, []token{y}))
		})}, true
	}
	if spouseApart(a, b) {
		return Verdict{Likely, say(why, func() string { return "unmarried, the other names a spouse" })}, true
	}
	if v, ok := judgeAbstained(a, b, why); ok {
		return v, true
	}
	x, y, ok := namedKinds(a, b)
	if !ok {
		x, y, ok = shuffledClass(a, b)
	}
	if !ok {
		return Verdict{}, false
	}
	return Verdict{Likely, say(why, func() string { return fmt.Sprintf("different value: %q vs %q", show(a, x), show(b, y)) })}, true
}

// freePriced reports whether a says its subject is free, and nothing
// else ("the museum is free"), and b, opening with that subject, says
// what it costs or charges, a sum of money and at most one word more
// ("the museum charges 15 euros for entry", "the app costs $5"); a day,
// a time or a plan on either side is another case.
func freePriced(a, b *claim) bool {
	at := int(a.copAt)
	if at < 1 || len(a.toks) != at+1 || a.toks[at].w != "free" || len(b.toks) < at+2 || len(b.toks) > at+3 ||
		a.scoped || b.scoped || a.neg != "" || b.neg != "" || a.days || b.days || a.when != b.when || a.plan || b.plan || a.past || b.past {
		return false
	}
	for i := range at {
		if a.toks[i].w != b.toks[i].w {
			return false
		}
	}
	verb, sum := b.toks[at].w, b.toks[at+1]
	if verb != lemma(stem("costs")) && verb != lemma(stem("charges")) || slices.ContainsFunc(b.toks[at+2:], func(t token) bool { return t.value || t.kind != plain }) {
		// "cost 12 dollars in 2019": a price then.
		return false
	}
	if sum.kind != quantity {
		return false
	}
	for _, code := range currencies {
		if unitOf(sum.w) == code {
			return true
		}
	}
	return false
}

// shuffledClass reports whether a and b give one subject two values of
// an exclusive class beside words both say in another order ("the
// team's goalkeeper", "a striker for the team"), which no single
// replaced span of their alignment shows.
func shuffledClass(a, b *claim) (x, y []token, ok bool) {
	x, y, ok = classTails(a, b)
	if !ok || wasAndIs(a, b) || len(x) == len(a.toks)-int(a.copAt) {
		// Nothing shared after the copula: the alignment judges it.
		return nil, nil, false
	}
	return x, y, true
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

// scopedApart reports whether two claims that replace a state by its
// opposite add extra words besides it, two or more, and neither says
// that something changed: "dark mode is off by default in the print
// view" is another scope than "dark mode is on by default", not its
// denial.
func scopedApart(a, b *claim, extra int) bool {
	return extra >= 2 && !a.changed && !b.changed
}

// samePrefix reports whether x and y open with the same prefixMin
// letters: forms of one word, as [prefixKey] reads them.
func samePrefix(x, y string) bool {
	return len(x) >= prefixMin && len(y) >= prefixMin && x[:prefixMin] == y[:prefixMin]
}

// names returns the name tokens of c that are not days or months.
func names(c *claim) []token {
	var out []token
	for _, t := range c.toks {
		if isName(t) && classOf[t.w] == "" && months[t.w] == 0 {
			out = append(out, t)
		}
	}
	return out
}

// otherPlace reports whether a and b put one subject in different
// places: the same words before a location predicate ([locMark]), and
// names after it with none in common ("servers are hosted in a
// Frankfurt data center", "servers moved to a data center in
// Helsinki"). A place that names the other ("Lisbon, Portugal") is the
// same place, and a country beside a place that is none may hold it.
func otherPlace(a, b *claim) (string, string, bool) {
	pa, pb := locIndex(a.toks), locIndex(b.toks)
	if pa <= 0 || pb <= 0 || pa != pb && (!(a.changed || b.changed) || min(pa, pb) < 2) {
		return "", "", false
	}
	// The subject's words before the place, aligned from its head: a
	// claim that says the subject moved may name it without a word
	// before it ("the on-prem Git server" vs "the Git server now sits
	// in ...") when two words or more still name it; one ("the team")
	// names too many things.
	for i := 1; i <= min(pa, pb); i++ {
		if a.toks[pa-i].w != b.toks[pb-i].w {
			return "", "", false
		}
	}
	na, nb := placeNames(a.toks[pa+1:]), placeNames(b.toks[pb+1:])
	if len(na) == 0 || len(nb) == 0 || placesNested(a, b, pa, pb) {
		return "", "", false
	}
	for _, x := range na {
		for _, y := range nb {
			if x == y {
				return "", "", false
			}
		}
	}
	return strings.ReplaceAll(strings.Join(na, " "), "_", " "), strings.ReplaceAll(strings.Join(nb, " "), "_", " "), true
}

func locIndex(ts []token) int {
	for i, t := range ts {
		if t.w == locMark {
			return i
		}
	}
	return -1
}

// placeNames returns the words of the names in ts up to the next
// location predicate, a name of several words split into its words.
func placeNames(ts []token) []string {
	var out []string
	for _, t := range ts {
		if t.w == locMark {
			break
		}
		if isName(t) && classOf[t.w] == "" && months[t.w] == 0 {
			// Days and months are times, not places: "works from home
			// on Fridays".
			out = append(out, strings.Split(t.w, "_")...)
		}
	}
	return out
}

// possessive reports whether a hunk holds a possessive ("partner's"):
// a subject of its own, not an attribute of the aligned one.
func possessive(hunks []hunk) bool {
	for _, h := range hunks {
		for _, ts := range [][]token{h.a, h.b} {
			for _, t := range ts {
				if strings.HasSuffix(t.w, "'s") || strings.HasSuffix(t.w, "’s") {
					return true
				}
			}
		}
	}
	return false
}

// minShared is how many words two claims must share to be compared:
// minCommon, or one when a claim says a thing switched to a name and
// the other names one ("replaced Trello with Asana for the roadmap",
// "the roadmap lives in Trello": see [switchedName]) or changed its
// value and the other states one ("retros happen every two weeks", "we
// moved retros to once a month": see [judgeSpan]).
func minShared(a, b *claim) int {
	if spouseApart(a, b) || abstained(a, b) || namedOwned(a, b) || namedOwned(b, a) {
		// "Chloe is single", "Chloe's husband is a chef": the subject
		// and its owner form share no word, nor do "has no children"
		// and "Hana's son" ([namedOwned]); "We are vegetarian", "we
		// had a steak" share a pronoun alone.
		return 0
	}
	if oneDuration(a) && oneDuration(b) || bareStatements(a, b) || kindsNamed(a, b) || classStatements(a, b) || maritalStatements(a, b) {
		// A subject word and a duration: "sprints last 10 days" (see
		// [bareQuantities]); a subject word, a copula and its value.
		return 1
	}
	if a.pronoun != 0 && a.pronoun == b.pronoun && onlyAmount(a.toks) >= 0 && onlyAmount(b.toks) >= 0 {
		// One pronoun is the subject the words do not name: "we have
		// two cats" and "we have three cats" share only "cat".
		return 1
	}
	if stageApart(a, b) || stageApart(b, a) || subjectGone(a, b) || subjectGone(b, a) || freePriced(a, b) || freePriced(b, a) {
		// A stage went out at and a later one reached share the
		// subject alone: "Ravi was eliminated in the first heat",
		// "Ravi ran in the final" (see [judgeStage]).
		return 1
	}
	if a.pronoun != 0 && a.pronoun == b.pronoun && len(a.toks) == 2 && len(b.toks) == 2 && a.toks[1].w == b.toks[1].w {
		// One pronoun, a verb and its object: "I trust Karl", "I
		// distrust Karl" share only "Karl".
		return 1
	}
	if len(a.old) > 0 || len(b.old) > 0 {
		// A switch naming its old value shares that value alone with
		// a claim stating it: see [switchedFrom].
		return 1
	}
	if (a.changed || b.changed) && (hasName(a) && hasName(b) || anyValue(a.toks) && anyValue(b.toks)) {
		return 1
	}
	return minCommon
}

// otherPerson reports whether a and b open with two personal pronouns
// ("we keep two dogs", "they keep four dogs"): two subjects.
func otherPerson(a, b *claim) bool {
	return a.pronoun != 0 && b.pronoun != 0 && a.pronoun != b.pronoun
}

func hasName(c *claim) bool {
	return slices.ContainsFunc(c.toks, isName)
}

// otherEntity reports whether a hunk that only one side has holds a word
// that sets its subject apart ("the old vendor contract"), or opens the
// claim with a name when neither claim says something changed ("each
// GPU node" beside "each node"; but "we use Mailgun for email" beside
// "we switched email to SendGrid" is one subject): two things.
func otherEntity(a, b *claim, hunks []hunk) bool {
	for _, h := range hunks {
		if len(h.a) > 0 && len(h.b) > 0 {
			continue
		}
		if !h.context && !a.changed && !b.changed && (len(h.a) == 1 && b.pronoun != 0 && a.pronoun == 0 || len(h.b) == 1 && a.pronoun != 0 && b.pronoun == 0) {
			// "Ana is staying at ..." beside "we are staying at ...":
			// a word opening one claim where the other's subject is a
			// pronoun names another subject.
			return true
		}
		for _, ts := range [][]token{h.a, h.b} {
			for _, t := range ts {
				if entityWords[t.w] || (!h.context && isName(t) && !a.changed && !b.changed) {
					return true
				}
			}
		}
	}
	return false
}

// entityWords set a thing apart from another of its kind: an older or
// another one, or the one of an environment ("the staging data
// warehouse" is not "the data warehouse" of production).
// They are stemmed as claim words are ("staging" is "stag").
var entityWords map[string]bool

func newEntityWords() map[string]bool {
	m := make(map[string]bool)
	for _, w := range strings.Fields(`old previous former legacy other second secondary backup spare personal
staging production development dev test testing qa sandbox preprod`) {
		m[lemma(stem(w))] = true
	}
	return m
}

// sharedWords counts the distinct words two claims share and, when one
// is negated, the prefixes of long words too (an implicit negation says
// "allergies" for "allergic"): a bound on their alignment.
func sharedWords(a, b *claim) int {
	n := shared(a.set, b.set)
	if (a.neg == "") != (b.neg == "") {
		n += shared(a.pre, b.pre)
	}
	return n
}

// say returns f() when why is true, "" otherwise.
func say(why bool, f func() string) string {
	if !why {
		return ""
	}
	return f()
}

// implicitNegation reports whether one claim denies, with a related
// word, what the other asserts of the same subject: "the user is
// allergic to peanuts" and "the user has no food allergies". The
// negated claim's words before the negation must open the other claim,
// at most three words follow it, the last a form of a word of the other
// claim ([related]), and none is a name or value the other lacks.
// A negation with an exception ("no other allergies") denies nothing.
func implicitNegation(a, b *claim) bool {
	neg, pos := a, b
	if b.neg != "" {
		neg, pos = b, a
	}
	if neg.negExcept || neg.negAt == 0 || len(pos.toks) <= int(neg.negAt) {
		return false
	}
	subj, obj := neg.toks[:neg.negAt], neg.toks[neg.negAt:]
	if len(obj) > 1 && obj[0].w == lemma(spelling(stem("own"))) && !hasWord(pos.toks, obj[0].w) {
		// "doesn't own a laptop" denies a laptop of hers, as "has no
		// laptop" does: "works on her laptop".
		obj = obj[1:]
	}
	if stopped(neg.neg) {
		// "Lina stopped riding her bike in March": the time she
		// stopped is no part of the habit denied, and "rides her bike
		// in 2020" is a habit then.
		for len(obj) > 1 && timeWord(obj[len(obj)-1]) {
			obj = obj[:len(obj)-1]
		}
		if slices.ContainsFunc(pos.toks, func(t token) bool { return yearOf(t.w) > 0 || isDate(t) }) {
			return false
		}
	}
	if len(obj) == 0 || len(obj) > 3 {
		return false
	}
	for i, t := range subj {
		if pos.toks[i].w != t.w {
			return false
		}
	}
	rest := pos.toks[len(subj):]
	if verbalNegation(neg.neg) && !slices.ContainsFunc(rest, func(r token) bool { return related(obj[0].w, r.w) }) {
		// "interns cannot merge to main" denies the merge: "interns can
		// open pull requests against main" asserts another act.
		return false
	}
	matched := false
	for i, o := range obj {
		found := false
		for k, r := range rest {
			if related(o.w, r.w) {
				if k > 0 && notOwned(rest[k-1]) {
					// "doesn't own a car" beside "drives a rental car",
					// "has no pets" beside "walks the neighbour's dog":
					// another's thing.
					return false
				}
				found = true
				break
			}
		}
		switch {
		case found:
			matched = true
		case o.name || o.value || o.kind != plain || i == len(obj)-1:
			// A name or value the other claim lacks, or a last word (the
			// head of "no crypto payments") it does not have: something
			// else is denied.
			return false
		case verbalNegation(neg.neg) && slices.ContainsFunc(rest, func(r token) bool { return !relatedAny(r.w, obj) }):
			// A word the other claim says in its place: "does not list
			// cancelled orders" denies another kind than "lists
			// refunded orders".
			return false
		}
	}
	return matched
}

// notOwned reports whether t, before a thing, says the thing is not
// the subject's own: another's ("the neighbour's dog") or lent
// ("a rental car", "a borrowed laptop").
func notOwned(t token) bool {
	if strings.HasSuffix(t.w, "'s") || strings.HasSuffix(t.w, "’s") {
		return true
	}
	return lentWords[t.w]
}

// namedOwned reports whether neg says its subject has no thing ("the
// flat has no balcony") that pos names as the subject's ("the flat's
// balcony", "the office printer"), or a thing of that kind ([kindOf]:
// "has no children", "Hana's son"), anywhere in it: "we grow tomatoes
// on the flat's balcony" says there is one.
func namedOwned(neg, pos *claim) bool {
	if neg.neg != "no" || neg.negExcept || neg.negAt < 1 || int(neg.negAt)+1 != len(neg.toks) {
		return false
	}
	subj, thing := neg.toks[:neg.negAt], neg.toks[neg.negAt].w
	n := len(subj)
	for k := 0; k+n < len(pos.toks); k++ {
		at := pos.toks[k : k+n]
		last := at[n-1].w
		if slices.EqualFunc(at[:n-1], subj[:n-1], func(x, y token) bool { return x.w == y.w }) &&
			(last == subj[n-1].w || ownerOf(last) == subj[n-1].w) && (pos.toks[k+n].w == thing || slices.Contains(kindOf[pos.toks[k+n].w], thing)) {
			// "our old flat's balcony", "the neighbour's office
			// printer": another subject.
			return k == 0 || !notOwned(pos.toks[k-1]) && !otherOne[pos.toks[k-1].w]
		}
	}
	return false
}

// ownerOf returns the owner a possessive names, folded as a claim word
// ("cottage's": "cottag"), or "" when w is none.
func ownerOf(w string) string {
	for _, s := range [...]string{"'s", "’s"} {
		if base, ok := strings.CutSuffix(w, s); ok && base != "" {
			return lemma(spelling(stem(base)))
		}
	}
	return ""
}

// otherOne are the words before a subject that make it another of its
// kind: "our old flat", "the new office".
var otherOne = map[string]bool{"old": true, "previous": true, "former": true, "new": true, "next": true, "other": true, "last": true}

// relatedAny reports whether w is [related] to a word of ts.
func relatedAny(w string, ts []token) bool {
	return slices.ContainsFunc(ts, func(t token) bool { return related(w, t.w) })
}

// stopped reports whether neg says a habit stopped ("stopped using",
// "quit", "gave up").
func stopped(neg string) bool {
	return neg == "stopped" || neg == "quit" || neg == "gave up" || neg == "retired from"
}

// timeWord reports whether t, the last word of what a claim says
// stopped, is a time: a value (a year, a date, "two years" of "two
// years ago"), a month or a season ("spring" and "fall", which the
// season class leaves out as nouns, are seasons there).
func timeWord(t token) bool {
	return t.value || months[t.w] > 0 || classOf[t.w] == "season" || t.w == "spring" || t.w == "fall"
}

// removal reports whether the negation word neg says that its subject
// was removed ("was dropped", "was shut down"; see [negation]).
func removal(neg string) bool {
	switch neg {
	case "removed", "dropped", "discontinued", "retired", "decommissioned", "sunset", "sunsetted", "shutdown",
		"closed down", "shut down", "passed away":
		return true
	}
	return false
}

// subjectGone reports whether neg says that its subject is no more,
// with nothing after the removal but when ("the corner cafe closed down
// last year", "the Orion app was retired in 2023"), and pos, opening
// with all of that subject, says something of it now, not in the past
// nor as a plan ("the corner cafe serves brunch on Sundays").
func subjectGone(neg, pos *claim) bool {
	at := int(neg.negAt)
	if !removal(neg.neg) || at == 0 || pos.neg != "" || pos.past || pos.scoped || pos.plan || len(pos.toks) <= at {
		return false
	}
	for _, t := range neg.toks[at:] {
		if !t.value {
			return false
		}
	}
	for i := range at {
		if neg.toks[i].w != pos.toks[i].w {
			return false
		}
	}
	// "The cafe served brunch": a verb in "-ed" after the subject tells
	// the past, which [pastTense] reads as an adjective before a noun.
	return !strings.HasSuffix(strings.ToLower(written(pos, pos.toks[at])), "ed")
}

// verbalNegation reports whether the negation word neg denies the verb
// or predicate that follows it ("not", "cannot", "never", "don't"), not
// a noun ("no", "none", "without").
func verbalNegation(neg string) bool {
	switch neg {
	case "no", "none", "nobody", "nothing", "without", "neither":
		return false
	}
	return true
}

// related reports whether x and y are one word or forms of one word:
// they share a prefix of at least prefixMin bytes and 60% of the shorter
// ("allergic", "allergie"; "encrypted", "encryption").
func related(x, y string) bool {
	if x == y {
		return true
	}
	n := 0
	for n < len(x) && n < len(y) && x[n] == y[n] {
		n++
	}
	return n >= prefixMin && float64(n) >= 0.6*float64(min(len(x), len(y)))
}

func hasLoc(ts []token) bool {
	for _, t := range ts {
		if t.w == locMark {
			return true
		}
	}
	return false
}

func anyIdent(ts []token) bool {
	for _, t := range ts {
		if t.kind == ident {
			return true
		}
	}
	return false
}

// hunk is a run of words between two aligned words: a holds the words
// only a has there, b those only b has.
type hunk struct {
	a, b []token
	// at and bt are where a and b start in their claims' words.
	at, bt int
	// context is true when an aligned word precedes the hunk.
	context bool
}

// align returns the length of the longest common subsequence of the
// words of a and b and the hunks between aligned words. A common prefix
// and suffix are aligned without the quadratic table: near-identical
// claims, the usual candidates, cost linear time.
func align(a, b []token) (int, []hunk) {
	p := 0
	for p < len(a) && p < len(b) && a[p].w == b[p].w {
		p++
	}
	q := 0
	for q < len(a)-p && q < len(b)-p && a[len(a)-1-q].w == b[len(b)-1-q].w {
		q++
	}
	common, hunks := alignTable(a[p:len(a)-q], b[p:len(b)-q])
	for i := range hunks {
		hunks[i].at += p
		hunks[i].bt += p
		if p > 0 {
			hunks[i].context = true
		}
	}
	return p + common + q, hunks
}

// alignTable is [align] through the longest-common-subsequence table.
func alignTable(a, b []token) (int, []hunk) {
	n, m := len(a), len(b)
	if n == 0 || m == 0 {
		if n+m == 0 {
			return 0, nil
		}
		// Capped, as below: an append to a hunk never writes into the
		// claim's words.
		return 0, []hunk{{a: a[:n:n], b: b[:m:m]}}
	}
	// at(i, j) is the LCS length of a[i:] and b[j:], in one flat table,
	// on the stack for claims of ordinary length.
	w := m + 1
	var buf [512]int32
	l := buf[:0]
	if size := (n + 1) * w; size <= len(buf) {
		l = buf[:size]
	} else {
		l = make([]int32, size)
	}
	at := func(i, j int) int { return int(l[i*w+j]) }
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i].w == b[j].w {
				l[i*w+j] = l[(i+1)*w+j+1] + 1
			} else {
				l[i*w+j] = max(l[(i+1)*w+j], l[i*w+j+1])
			}
		}
	}
	// A hunk's words are consecutive on each side: a[ha:i] and b[hb:j]
	// when it ends at i, j. Its slices share the claims' tokens, capped
	// so that an append copies.
	var hunks []hunk
	ha, hb, context := 0, 0, false
	flush := func(i, j int) {
		if i == ha && j == hb {
			return
		}
		h := hunk{at: ha, bt: hb, context: context}
		if i > ha {
			h.a = a[ha:i:i]
		}
		if j > hb {
			h.b = b[hb:j:j]
		}
		hunks = append(hunks, h)
	}
	aligned := false
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && a[i].w == b[j].w:
			flush(i, j)
			aligned = true
			i++
			j++
			ha, hb = i, j
			continue
		case j >= m || (i < n && at(i+1, j) >= at(i, j+1)):
			i++
		default:
			j++
		}
		context = aligned
	}
	flush(i, j)
	return at(0, 0), hunks
}

// transposed aligns the words that only moved: a word that one hunk
// has on a's side and another on b's side ("we host the site on X",
// "the site is hosted on Y"). It returns how many it aligned and the
// hunks without them, dropping those left empty. Values and markers
// keep their place: a value that moved is another slot.
func transposed(hunks []hunk) (int, []hunk) {
	moved := 0
	for i := range hunks {
		for x := 0; x < len(hunks[i].a); x++ {
			t := hunks[i].a[x]
			if t.value || t.kind != plain || t.w == locMark {
				continue
			}
			for j := range hunks {
				if j == i {
					continue
				}
				if y := slices.IndexFunc(hunks[j].b, func(u token) bool { return u.w == t.w }); y >= 0 {
					hunks[i].a = slices.Delete(slices.Clone(hunks[i].a), x, x+1)
					hunks[j].b = slices.Delete(slices.Clone(hunks[j].b), y, y+1)
					moved++
					x--
					break
				}
			}
		}
	}
	if moved == 0 {
		return 0, hunks
	}
	out := hunks[:0]
	for _, h := range hunks {
		if len(h.a) > 0 || len(h.b) > 0 {
			out = append(out, h)
		}
	}
	return moved, out
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

// trimPredicate drops the words that lead the values on each side of
// h, at most two plain words on each: the verb that states a value,
// which a later claim that says it changed words otherwise ("runs on
// port 3000", "now listens on 3001"; "starts at 9:30", "moved to
// 10:00"). A claim that says nothing changed keeps its words: "allows
// 60 requests" and "allows a burst of 120" are two limits.
func trimPredicate(h hunk) hunk {
	lead := func(ts []token) (int, bool) {
		n := 0
		for n < len(ts) && !ts[n].value {
			if t := ts[n]; t.name || t.kind != plain || t.w == locMark || t.w == "minimum" || t.w == "maximum" || n == 2 {
				// A bound is part of its value ("more than an hour").
				return 0, false
			}
			n++
		}
		return n, n < len(ts) && allValues(ts[n:])
	}
	na, oka := lead(h.a)
	nb, okb := lead(h.b)
	if !oka || !okb || na+nb == 0 || !sameValueKind(h.a[na:], h.b[nb:]) {
		return h
	}
	h.a, h.b = h.a[na:], h.b[nb:]
	return h
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

// hasPath reports whether a word is a path or an address ("a/b",
// "x.go"): not an attribute's value. A name may hold a dot ("Fly.io").
func hasPath(ts []token) bool {
	for _, t := range ts {
		if strings.IndexByte(t.w, '/') >= 0 || (strings.ContainsAny(t.w, "_.") && !t.value && !t.name) {
			return true
		}
	}
	return false
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

// show returns the words of ts as c wrote them: quantities and dates as
// in the text.
func show(c *claim, ts []token) string {
	s := make([]string, len(ts))
	for i, t := range ts {
		s[i] = t.w
		if t.show > 0 {
			s[i] = c.shows[t.show-1]
		} else if t.name {
			s[i] = strings.ReplaceAll(t.w, "_", " ")
		}
	}
	return strings.Join(s, " ")
}

// compatible reports whether every value of a refines or is refined by
// the value of b at the same place: "15" and "15.4", "2025" and
// "2025-09-30", "v1.2" and "1.2", "March" and "March 3", "March 3" and
// "2026-03-03". Quantities are compatible only when equal in base units
// ("60 minutes" and "1 hour").
func compatible(a, b []token) bool {
	for i := range min(len(a), len(b)) {
		if (a[i].approx || b[i].approx) && near(a[i].w, b[i].w) || inRange(a[i].w, b[i].w) || inRange(b[i].w, a[i].w) {
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

// near reports whether two amounts in one unit ("200", "212"; "3600s",
// "3300s") differ by less than a fifth: an amount said to be about so
// much agrees with them.
// numericDate reports whether x, a date of numbers ("31/12/2026",
// "12/31/2026", "31.12.2026", "4/3"), read day first or month first,
// can be y, a date as [dateAt] writes it ("2026-12-31", "x-03-04"): one
// day written two ways ("The lease ends on 31/12/2026", "on December
// 31, 2026"). Without a year on one side, the day and month decide.
func numericDate(x, y string) bool {
	f := strings.FieldsFunc(x, func(r rune) bool { return r == '/' || r == '.' })
	if len(f) < 2 || len(f) > 3 || !strings.Contains(x, "/") && (len(f) != 3 || len(f[2]) != 4) ||
		slices.ContainsFunc(f, func(p string) bool { return !allDigits(p) }) {
		return false
	}
	yp := strings.Split(y, "-")
	if len(yp) != 3 || !allDigits(yp[1]) || !allDigits(yp[2]) {
		return false
	}
	if len(f) == 3 && yp[0] != "x" && atoi(f[2]) != atoi(yp[0]) && atoi(f[2])+2000 != atoi(yp[0]) {
		return false
	}
	m, d := atoi(yp[1]), atoi(yp[2])
	return atoi(f[0]) == d && atoi(f[1]) == m || atoi(f[0]) == m && atoi(f[1]) == d
}

// swappedDate reports whether x and y can be one numeric date, one
// written day first and the other month first: "3/4" and "4/3",
// "13/4" and "4/13", "03.04.2027" and "04/03/2027". The order is the
// writer's custom, so neither tells another day. A dot counts only
// before a year ("3.4" may be a version).
func swappedDate(x, y string) bool {
	parts := func(w string) []string {
		f := strings.FieldsFunc(w, func(r rune) bool { return r == '/' || r == '.' })
		if len(f) < 2 || len(f) > 3 || !strings.Contains(w, "/") && (len(f) != 3 || len(f[2]) != 4) {
			return nil
		}
		for _, p := range f {
			if !allDigits(p) {
				return nil
			}
		}
		return f
	}
	px, py := parts(x), parts(y)
	if px == nil || len(px) != len(py) || len(px) == 3 && px[2] != py[2] {
		return false
	}
	d, m, d2, m2 := atoi(px[0]), atoi(px[1]), atoi(py[0]), atoi(py[1])
	return d == m2 && m == d2 && d != m && d >= 1 && m >= 1 && d <= 31 && m <= 31 && min(d, m) <= 12
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

// calendarSlack is how far apart two spans of a month or more may be
// and still be one span: months and years are not whole numbers of
// days ("12 months" is 360 days in [units], "1 year" 365; "52 weeks"
// 364), while "4 weeks" and "1 month" stay apart (7%).
const calendarSlack = 1.02

// sameSpan reports whether x and y, times in seconds ("31104000s"), are
// one span of at least a month said in other calendar units.
func sameSpan(x, y string) bool {
	fx, fy, ok := amounts(x, y, "s")
	if !ok || min(fx, fy) < units["month"] {
		return false
	}
	return max(fx, fy) < calendarSlack*min(fx, fy)
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

// isDate reports whether t is a date: one read from words ("July 1",
// year unknown) or written as "2026-07-01".
func isDate(t token) bool {
	w := t.w
	return t.kind == date || (len(w) == 10 && w[4] == '-' && w[7] == '-' && allDigits(w[:4]) && allDigits(w[5:7]) && allDigits(w[8:]))
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

// antonyms returns a pair of opposite words, one from a and one from b.
func antonyms(a, b []token) (x, y []token, ok bool) {
	for i := range a {
		for j := range b {
			if opposite(a[i].w, b[j].w) {
				return a[i : i+1], b[j : j+1], true
			}
		}
	}
	return nil, nil, false
}

// opposite reports whether x and y are antonyms: a listed pair, or one
// is the other with a negating prefix ("enabled"/"disabled" is listed,
// "synchronous"/"asynchronous" and "supported"/"unsupported" are
// prefixes).
func opposite(x, y string) bool {
	if antonymOf[x] == y || antonymOf[y] == x {
		return true
	}
	if px, py := switchPole[x], switchPole[y]; px*py < 0 {
		return true
	}
	if px := stance[x]; px != 0 && px == -stance[y] {
		return true
	}
	for _, p := range []string{"un", "dis", "non", "in", "im", "a"} {
		if len(x) > 4 && (y == p+x || x == p+y) {
			return true
		}
	}
	return false
}

// antonymOf maps words to their opposite, both ways.
var antonymOf map[string]string

func newAntonymOf() map[string]string {
	m := make(map[string]string)
	for _, pair := range strings.Split(antonymPairs, ",") {
		f := strings.Fields(pair)
		if len(f) == 2 {
			x, y := lemma(stem(f[0])), lemma(stem(f[1]))
			m[x], m[y] = y, x
		}
	}
	return m
}

// switchPole maps the words of a switch's state to its pole: any word
// of one pole is the opposite of any of the other ("enabled" and
// "turned off", "on" and "disabled"), where [antonymOf] pairs one word
// with one.
var switchPole map[string]int

func newSwitchPole() map[string]int {
	m := make(map[string]int)
	for _, w := range strings.Fields(`enabled enable on active live`) {
		m[lemma(stem(w))] = 1
	}
	for _, w := range strings.Fields(`disabled disable off inactive`) {
		m[lemma(stem(w))] = -1
	}
	return m
}

// stance maps the words of a liking and of a use to their pole, as
// [switchPole] does for a switch: any word of one pole is the opposite
// of any of the other ("enjoys jazz" and "hates jazz", "drinks coffee"
// and "avoids coffee"). Built after the tables that [lemma] reads.
var stance map[string]int8

func newStance() map[string]int8 {
	m := make(map[string]int8)
	for pole, words := range map[int8]string{1: `like love enjoy adore`, -1: `dislike hate detest loathe`,
		2: `drink eat use`, -2: `avoid`} {
		for _, w := range strings.Fields(words) {
			m[lemma(stem(w))] = pole
		}
	}
	return m
}

// antonymPairs lists opposites as memory notes use them (stemmed like
// claim words: a trailing "s" removed).
const antonymPairs = `enabled disabled, enable disable, on off, true false, yes no,
public private, required optional, mandatory optional, allowed forbidden, allow deny, allow forbid,
allowed denied, accept reject, accepted rejected, supported deprecated, recommended deprecated,
active inactive, open closed, up down, pass fail, passing failing, passed failed,
success failure, succeeded failed, working broken, dark light, tab space, sync async,
synchronous asynchronous, like dislike, love hate, prefer avoid, include exclude,
included excluded, increase decrease, increased decreased, higher lower, faster slower,
more less, always never, internal external, online offline, start stop, started stopped,
present absent, valid invalid, safe unsafe, stable unstable, remote onsite, remote office,
paid free, verbose quiet, healthy unhealthy, compliant noncompliant, visible hidden,
encrypted unencrypted, blocking nonblocking, approved rejected, before after, first last,
minimum maximum, min max, lowest highest, cheap expensive, owned rented, own lease, own rent,
dry wet, damp dry, readonly writable`
