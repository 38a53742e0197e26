package conflict

import (
	"fmt"
	"slices"
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
			x, y := &a.claims[i], &b.claims[j]
			var v Verdict
			var ok bool
			switch {
			case otherPerson(x, y):
				continue
			case sharedWords(x, y) >= minShared(x, y):
				v, ok, _ = judge(x, y, true)
			case pronounPair(x, y):
				// The pronoun is the word they share: see [judge].
				v, ok, _ = judgeOnce(pronounNamed(x), pronounNamed(y), true)
			case pronounPlain(x, y) || pronounPlain(y, x):
				v, ok, _ = judge(x, y, true)
			}
			if ok && v.rank() > best.rank() {
				best = v
			}
		}
	}
	return best, best.Kind != ""
}

// pronounPair reports whether a and b open with one subject pronoun and
// tell the present in words alike but for one span, which [judge] reads
// as a named subject's claims.
func pronounPair(a, b *claim) bool {
	return a.pronoun != 0 && a.pronoun == b.pronoun && !a.past && !b.past && !(a.changed && b.changed) && oneSpanApart(a.toks, b.toks)
}

// pronounPlain reports whether a and b open with one subject pronoun
// and a closes with a drink taken plain ("she has her espresso black"):
// the drink may be the one word they share beside the pronoun ("she
// always adds cream to her espresso"), which [plainAndAdded] reads.
func pronounPlain(a, b *claim) bool {
	n := len(a.toks)
	return a.pronoun != 0 && a.pronoun == b.pronoun && n >= 2 && tasteWords[a.toks[n-1].w]&tastePlain != 0 && tasteWords[a.toks[n-2].w]&tasteDrink != 0
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
	v, ok, hunks := judgeOnce(a, b, why)
	if !ok && (pronounPlain(a, b) || pronounPlain(b, a)) {
		// "She has her espresso black", "she always adds cream to her
		// espresso": a named subject's claims for [plainAndAdded].
		if v, ok := judgeWholeClaims(pronounNamed(a), pronounNamed(b), why); ok {
			return v, true, nil
		}
	}
	if ok || !pronounPair(a, b) {
		return v, ok, hunks
	}
	// One pronoun opening both claims is one subject, which the words
	// leave out: "it runs on petrol" and "it runs on diesel" are read
	// as a named subject's claims would be. Only for claims of the
	// present that differ in one span: "we locked the shed" and "we
	// locked the gate" tell two deeds, "we keep logs for 14 days" and
	// "we keep metrics for 90 days" two facts.
	return judgeOnce(pronounNamed(a), pronounNamed(b), why)
}

// oneSpanApart reports whether a and b share their words but for one
// span of at most three words on each side, with at least one word
// shared.
func oneSpanApart(a, b []token) bool {
	p, s := sharedEnds(a, b)
	x, y := a[p:len(a)-s], b[p:len(b)-s]
	if len(x) == 0 || len(y) == 0 || len(x) > 3 || len(y) > 3 || p+s == 0 || p == 0 && (!allValues(x) || !allValues(y)) {
		// A first word replaced is the verb ("we pilot the new
		// checkout", "we engineer ..."), unless it is an amount.
		return false
	}
	manner := func(t token) bool { return !t.name && !t.value && len(t.w) > 5 && strings.HasSuffix(t.w, "ly") }
	if slices.ContainsFunc(x, manner) || slices.ContainsFunc(y, manner) {
		// "it runs smoothly" says how, not on what.
		return false
	}
	if _, ok := consumeVerbs[a[max(p-1, 0)].w]; ok && p > 0 {
		// "I drink tea", "I drink coffee": one takes in many things.
		return false
	}
	// A value beside a word is two facts: "logs for 14 days",
	// "metrics for 90 days".
	return anyValue(x) == allValues(x) && anyValue(y) == allValues(y)
}

// judgeOnce is [judge] on the claims as they are.
func judgeOnce(a, b *claim, why bool) (Verdict, bool, []hunk) {
	if v, ok, done := judgeQualified(a, b, why); done {
		return v, ok, nil
	}
	return judgeAligned(ownerAsSubject(a, b), ownerAsSubject(b, a), why)
}

// pronounNamed returns a copy of c, which opens with a subject pronoun,
// with the pronoun as its first word, a name, and no pronoun: the
// claim "~it runs on petrol" of a subject named "~it".
func pronounNamed(c *claim) *claim {
	cp := *c
	cp.toks = make([]token, 0, len(c.toks)+1)
	cp.toks = append(cp.toks, token{w: "~" + subjectPronouns[c.pronoun-1], name: true})
	cp.toks = append(cp.toks, c.toks...)
	cp.pronoun = 0
	cp.bare = c.bare<<1 | 1<<1
	cp.negAt++
	for _, at := range []*int8{&cp.holder, &cp.andAt, &cp.onlyAt} {
		if *at > 0 {
			*at++
		}
	}
	if cp.copAt >= 0 {
		cp.copAt++
	}
	cp.fillKeys()
	return &cp
}

// judgeAligned is [judge] once qualifiers have not decided: it reads
// the claims through the lexicons and their alignment.
func judgeAligned(a, b *claim, why bool) (Verdict, bool, []hunk) {
	a, b = firstAsWord(a, b), firstAsWord(b, a)
	b = respelled(b, a)
	a, b = countedOne(a, b), countedOne(b, a)
	a, b = likedAsPreferred(a, b), likedAsPreferred(b, a)
	a, b = asKind(a, b), asKind(b, a)
	if v, ok := judgeWholeClaims(a, b, why); ok {
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
	case onlyEaten(a, b) || onlyEaten(b, a):
		v, ok = Verdict{Likely, say(why, func() string { return "only one thing taken in, the other another" })}, true
	case len(reps) == 1 && len(hunks) == 1 && (dailyOnly(a, b, reps[0].a, reps[0].b) || dailyOnly(b, a, reps[0].b, reps[0].a)):
		v, ok = Verdict{Likely, say(why, func() string { return "every day or all year, the other only some days or months" })}, true
	case len(hunks) == 0 && oneEventTwoYears(a, b):
		v, ok = Verdict{Likely, say(why, func() string { return fmt.Sprintf("different year: %d vs %d", a.changeYear, b.changeYear) })}, true
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

// judgeWholeClaims judges two claims by readings of each whole claim,
// before their words are aligned: a switch naming the old value
// ([switchedFrom]), what a subject is ([judgeWhatIs]), a drink taken
// plain beside it taken with something ([plainAndAdded]).
func judgeWholeClaims(a, b *claim, why bool) (Verdict, bool) {
	if v, ok := switchedFrom(a, b, why); ok {
		return v, true
	}
	if v, ok := switchedFrom(b, a, why); ok {
		return v, true
	}
	if v, ok := judgeWhatIs(a, b, why); ok {
		return v, true
	}
	if x, y, ok := plainAndAdded(a, b); ok {
		return Verdict{Likely, say(why, func() string { return fmt.Sprintf("antonyms: %q vs %q", x, y) })}, true
	}
	for _, p := range [2][2]*claim{{a, b}, {b, a}} {
		if brokenHabit(p[0], p[1]) {
			return Verdict{Likely, say(why, func() string {
				return fmt.Sprintf("denies a deed, the other did it lately: %q", show(p[0], p[0].toks[len(p[0].toks)-1:]))
			})}, true
		}
		if x, y, ok := disposedAndUsed(p[0], p[1]); ok {
			return Verdict{Likely, say(why, func() string {
				return fmt.Sprintf("parted with, then uses: %q vs %q", show(p[0], []token{x}), show(p[1], []token{y}))
			})}, true
		}
	}
	return Verdict{}, false
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

// ownerAsSubject returns c, or a copy of it whose opening owner ("Ingrid's")
// is the name other opens with ("Ingrid") when other names a thing of
// its subject's with a possessive determiner: "Ingrid's studio is in
// Bergen" and "Ingrid moved her studio to Trondheim" speak of one
// studio.
func ownerAsSubject(c, other *claim) *claim {
	if len(c.toks) < 2 || len(other.toks) < 2 || !other.possessed || other.toks[0].w+"'s" != c.toks[0].w || c.toks[1].w != other.toks[1].w {
		// "Nadia's cousin owns the Volvo", "Nadia sold the Volvo to
		// her cousin": the thing owned must follow both openings.
		return c
	}
	cp := *c
	cp.toks = slices.Clone(c.toks)
	cp.toks[0].w = other.toks[0].w
	return &cp
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

// twoFacts reports whether two claims state two facts that may both
// hold: a fact for another time ("from 2015 to 2019", "will",
// "yesterday" beside "today") beside one for now, a fact added to others
// ("also"), or a subject that differs by its owner ("the user's
// partner's").
func twoFacts(a, b *claim, hunks []hunk) bool {
	return a.scoped != b.scoped || usualApart(a, b) || usualApart(b, a) || a.additive || b.additive || possessive(hunks) || otherEntity(a, b, hunks) ||
		(a.when != 0 && b.when != 0 && a.when != b.when) || daysApart(a, b) || a.delta != b.delta || pastBesidePresent(a, b) ||
		pastBesidePlace(a, b) || pastBesidePlace(b, a) || datedApart(a, b, hunks)
}

// usualApart reports whether a holds but for a case ([claim.usual])
// and b, which names no case, may be that case: "unless it is stormy,
// the class meets on the beach" beside "the class meets in the studio".
// A b that says its fact holds always, every day or never leaves no
// case out ("the class always meets in the studio").
func usualApart(a, b *claim) bool {
	return a.usual && !b.usual && b.often != 1 && b.neg != "never"
}

// oneEventTwoYears reports whether a and b, word for word alike, tell
// one event of the past that came once ("the swing bridge opened in
// 1998", "the mill closed in 1968") in two years: the year of a status
// or removal word, which [dropChangeTime] leaves out of the words.
func oneEventTwoYears(a, b *claim) bool {
	return a.past && b.past && !a.changed && !b.changed && !a.scoped && !b.scoped && a.neg == "" && b.neg == "" &&
		a.changeYear != 0 && b.changeYear != 0 && a.changeYear != b.changeYear
}

// datedApart reports whether two claims tell two events of the past in
// other years: two changes each with its year ("Ximena moved to Lisbon
// in 2014", "Ximena moved to Porto in 2019"), or two past deeds whose
// years differ beside another word ("coached the under-12s in 2019",
// "coached the under-14s in 2021"). Each is history; one event given
// two years ("joined the fire brigade in 2008", "in 2011") still
// differs in its year alone.
func datedApart(a, b *claim, hunks []hunk) bool {
	if a.changed && b.changed {
		return a.changeYear != 0 && b.changeYear != 0 && a.changeYear != b.changeYear
	}
	if !a.past || !b.past || a.changed || b.changed {
		return false
	}
	years, words := false, false
	for _, h := range hunks {
		ya := slices.IndexFunc(h.a, func(t token) bool { return yearOf(t.w) > 0 })
		yb := slices.IndexFunc(h.b, func(t token) bool { return yearOf(t.w) > 0 })
		years = years || ya >= 0 && yb >= 0
		words = words || len(h.a)+len(h.b) > min(ya+1, 1)+min(yb+1, 1)
	}
	return years && words
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
	h = bornYearCut(a, b, h)
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
	if x, y, ok := inAndOut(a, b, h); ok && a.scoped == b.scoped {
		return Verdict{Likely, say(why, func() string { return fmt.Sprintf("different place: %q vs %q", show(a, x), show(b, y)) })}, true
	}
	if a.scoped == b.scoped && !a.changed && !b.changed && placesApart(a, b, h) {
		return Verdict{Likely, say(why, func() string { return fmt.Sprintf("different place: %q vs %q", show(a, h.a), show(b, h.b)) })}, true
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

// bornYearCut returns h without the year that closes one side of it
// when both claims tell a birth and the other names no year: "born in
// Bergen in 1984" beside "born in Tromsø" gives two birthplaces, and a
// birth, which came once, has one.
func bornYearCut(a, b *claim, h hunk) hunk {
	year := func(t token) bool { return t.kind == plain && t.value && len(t.w) == 4 && allDigits(t.w) }
	if !births(a, b) || len(h.a) < 2 && len(h.b) < 2 {
		return h
	}
	switch {
	case len(h.a) >= 2 && year(h.a[len(h.a)-1]) && !anyValue(h.b) && !slices.ContainsFunc(b.toks, year):
		h.a = h.a[:len(h.a)-1]
	case len(h.b) >= 2 && year(h.b[len(h.b)-1]) && !anyValue(h.a) && !slices.ContainsFunc(a.toks, year):
		h.b = h.b[:len(h.b)-1]
	}
	return h
}

// births reports whether a and b both tell a birth, which came once.
func births(a, b *claim) bool {
	return hasWord(a.toks, "born") && hasWord(b.toks, "born")
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
		one := min(len(h.a), len(h.b)) == 1 && !scopedApart(a, b, extra) && !occasions(a) && !occasions(b)
		if x, y, ok := antonyms(h.a, h.b); ok && one && !acrossCopula(a, b, h, x, y) {
			return Verdict{Likely, say(why, func() string { return fmt.Sprintf("antonyms: %q vs %q", show(a, x), show(b, y)) })}, true, true
		}
		if x, y, ok, same := statusConflict(h.a, h.b); ok && one && !acrossCopula(a, b, h, x, y) {
			return Verdict{Likely, say(why, func() string { return fmt.Sprintf("different status: %q vs %q", show(a, x), show(b, y)) })}, true, true
		} else if same {
			return Verdict{}, false, true
		}
		if sameClass(h.a, h.b) && !wasAndIs(a, b) && a.past == b.past && !verbJobs(a, b, h) || (copNamed(h.a) && copNamed(h.b) && extra == 0) {
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

// occasions reports whether c counts the times its deed happened
// ("was cancelled twice in March", "closed three times"): events, not
// a state or a status now, which "runs all year" or "is open" may be.
func occasions(c *claim) bool {
	for i, t := range c.toks {
		if occasionWords[t.w] || t.w == "time" && i > 0 && (c.toks[i-1].value || numberWords[c.toks[i-1].w] != "") {
			return true
		}
	}
	return false
}

// occasionWords count the times a deed happened, as claim words fold
// them. Built after the tables that [lemma] reads.
var occasionWords map[string]bool

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
	if min(len(h.a), len(h.b)) != 1 && !placesClosing(a, b, h) || max(len(h.a), len(h.b)) > 3 {
		// Two replaced words on each side: more than one attribute,
		// unless both name a place.
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
		likingBeside(h) || stateAndDeed(a, b, h) || tripOnce(a, b, h) || sameInOut(h) || otherQualities(a, b, h) || otherPossessed(a, b, h) || countryBeside(a, h) || employerAndTown(a, h) || heldBefore(a, b) || permitted(h) || reachedAndPlayed(h) {
		return Verdict{}, false
	}
	if !a.changed && !b.changed && (manyValued(a, h.a) || otherAct(h) || twoActs(a, b, h, extra) || consumedApart(a, b, h) || howBeside(a, b, h)) {
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

// placesClosing reports whether h replaces a phrase of place that closes
// both claims by another: "rehearses in the church crypt", "rehearses
// in the sports hall" name two places, not two attributes.
func placesClosing(a, b *claim, h hunk) bool {
	notPlace := func(t token) bool { return !t.place }
	return h.at+len(h.a) == len(a.toks) && h.bt+len(h.b) == len(b.toks) &&
		!slices.ContainsFunc(h.a, notPlace) && !slices.ContainsFunc(h.b, notPlace) &&
		placeHeaded(a, h.at, h.a) && placeHeaded(b, h.bt, h.b)
}

// placesApart reports whether h replaces the whole phrase of place
// that closes both claims after one subject and one predicate of where
// a thing is: a copula, [locMark] or a verb of [restVerbs]. The
// phrases run to two words or more each, with no value: "the compost
// heap is at the bottom of the paddock" and "... is next to the
// kitchen door" put one heap in two places. A phrase of one word may
// hold the other ("hangs in the hall", "hangs on the hook by the back
// door"), and [placesClosing] reads the ones that cannot.
func placesApart(a, b *claim, h hunk) bool {
	if h.at != h.bt || h.at == 0 || a.past || b.past || a.copPast || b.copPast || min(placeWords(h.a), placeWords(h.b)) < 2 || len(h.a) > maxPlaceWords || len(h.b) > maxPlaceWords ||
		h.at+len(h.a) != len(a.toks) || h.bt+len(h.b) != len(b.toks) || anyValue(h.a) || anyValue(h.b) {
		return false
	}
	for i := range h.at {
		if a.toks[i].w != b.toks[i].w {
			return false
		}
	}
	at := func(c *claim) bool {
		return h.at < 16 && c.placeOpen>>h.at&1 == 1 &&
			(c.toks[h.at].w == locMark || int(c.copAt) == h.at || restVerbs[c.toks[h.at-1].w])
	}
	return at(a) && at(b)
}

// placeWords counts the words of ts, [locMark] aside.
func placeWords(ts []token) int {
	n := 0
	for _, t := range ts {
		if t.w != locMark {
			n++
		}
	}
	return n
}

// maxPlaceWords is the most claim words [placesApart] reads as one
// phrase of place: "@in top drawer workbench", "behind old stable
// block".
const maxPlaceWords = 5

// restVerbs say where a thing stays, as claim words fold them: "the
// beehives stand behind the barn", "the key hangs by the door".
// Built after the tables that [lemma] reads.
var restVerbs map[string]bool

// placeHeaded reports whether x, the words at c.toks[at:], end in a
// noun of [placeNouns] or name a part of a thing, two words the second
// of which follows a word the tokens leave out ("of"): "the back of the
// van", "the pocket of my raincoat", "the boot of the car" name a place
// by the word before "of". Longer spans are left: "sounds the horn" and
// "lights the lamp early" share no place.
func placeHeaded(c *claim, at int, x []token) bool {
	if placeNouns[x[len(x)-1].w] {
		return true
	}
	i := at + 1
	return len(x) == 2 && i < 32 && c.bare>>i&1 == 0 && !x[0].name && !x[1].name
}

// otherPossessed reports whether h replaces the thing right after a
// possessive both claims open their subject with, and the same words
// follow it: "Kwame's passport expires in 2028" and "Kwame's licence
// expires in 2028" speak of two of his things.
func otherPossessed(a, b *claim, h hunk) bool {
	if h.at == 0 || h.bt == 0 || len(h.a) > 2 || len(h.b) > 2 || anyValue(h.a) || anyValue(h.b) {
		return false
	}
	ea, eb := h.at+len(h.a), h.bt+len(h.b)
	return strings.HasSuffix(a.toks[h.at-1].w, "'s") && a.toks[h.at-1].w == b.toks[h.bt-1].w &&
		ea < len(a.toks) && slices.EqualFunc(a.toks[ea:], b.toks[eb:], func(x, y token) bool { return x.w == y.w })
}

// permitted reports whether h replaces one word of permission by
// another: "dogs are allowed in the office" and "dogs are welcome in the
// office" say one thing.
func permitted(h hunk) bool {
	if len(h.a) != 1 || len(h.b) != 1 {
		return false
	}
	is := func(w string) bool { return wordOf(w, "allowed", "permitted", "welcome") }
	return is(h.a[0].w) && is(h.b[0].w)
}

// wordOf reports whether the claim word w is one of words, as written
// or folded as claim words are.
func wordOf(w string, words ...string) bool {
	for _, p := range words {
		if w == p || w == lemma(spelling(stem(p))) {
			return true
		}
	}
	return false
}

// reachedAndPlayed reports whether h replaces reaching a stage ("reached
// the final", "made the final") by playing it to a result ("lost the
// final", "won the final"): who played a final reached it.
func reachedAndPlayed(h hunk) bool {
	if len(h.a) != 1 || len(h.b) != 1 {
		return false
	}
	reach := func(w string) bool { return wordOf(w, "reached", "made", "qualified") }
	played := func(w string) bool { return wordOf(w, "lost", "won", "played", "drew") }
	x, y := h.a[0].w, h.b[0].w
	return reach(x) && played(y) || reach(y) && played(x)
}

// heldBefore reports whether a and b name a holder of a role, one
// saying what the holder was and the other what it is, neither that it
// changed: "Mara was the assistant coach of the Lions" is her past, "Mara
// is the head coach of the Lions" her present.
func heldBefore(a, b *claim) bool {
	return (a.holder > 0 || b.holder > 0) && wasAndIs(a, b)
}

// likingBeside reports whether h replaces a word of liking ("adores",
// "enjoys", "hates": [stance]'s first poles; "is fond of", "a fan of",
// "keen on") by a reaction the body or
// fear has to a thing ([reactionWords]): "Jonas adores cats" and "Jonas
// is allergic to cats" or "is scared of cats" tell two relations to one
// thing, which may both hold. Opposite likings are antonyms, read
// before. So do a feeling and a deed ([deed]): "is scared of dogs"
// beside "walks his dog", "is allergic to rabbits" beside "keeps a
// rabbit", "hates cooking" beside "cooks every night".
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
	felt := func(ts []token) bool { return slices.ContainsFunc(ts, func(t token) bool { return feeling(t.w) }) }
	return liking(h.a) && reaction(h.b) || liking(h.b) && reaction(h.a) || felt(h.a) && deed(h.b) || felt(h.b) && deed(h.a)
}

// deed reports whether ts tell something done that no feeling
// contradicts: no feeling, no stance on the thing ("prefers", "avoids",
// "can't stand"), and no taking it in ([consumeVerbs]: "can eat eggs"
// denies an allergy to eggs).
func deed(ts []token) bool {
	return len(ts) > 0 && !slices.ContainsFunc(ts, func(t token) bool {
		_, consumed := consumeVerbs[t.w]
		return consumed || feeling(t.w) || stance[t.w] != 0 || wordOf(t.w, "prefers", "avoids", "stand", "tolerates", "minds")
	})
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

// heldThing reports whether h replaces words of what a role holder holds
// in two claims that name one holder: "the SRE team maintains the
// billing runbook" and "the SRE team maintains the deploy runbook". One
// holder holds many things; a role has one holder at a time, not the
// other way round.
func heldThing(a, b *claim, h hunk) bool {
	return a.holder > 0 && a.holder == b.holder && h.at > int(a.holder) && h.bt > int(b.holder)
}

// minShared is how many words two claims must share to be compared:
// minCommon, or one when a claim says a thing switched to a name and
// the other names one ("replaced Trello with Asana for the roadmap",
// "the roadmap lives in Trello": see [switchedName]) or changed its
// value and the other states one ("retros happen every two weeks", "we
// moved retros to once a month": see [judgeSpan]).
func minShared(a, b *claim) int {
	if _, never := neverMarriedApart(a, b); never || spouseApart(a, b) || abstained(a, b) || namedOwned(a, b) || namedOwned(b, a) {
		// "Chloe is single", "Chloe's husband is a chef": the subject
		// and its owner form share no word, nor do "has no children"
		// and "Hana's son" ([namedOwned]), nor "Hugo never married"
		// and "Hugo's ex-wife"; "We are vegetarian", "we
		// had a steak" share a pronoun alone.
		return 0
	}
	if oneDuration(a) && oneDuration(b) || workApart(a, b) || workApart(b, a) || stoppedCounted(a, b) || stoppedCounted(b, a) || moreOfOneKindApart(a, b) || kindDenied(a, b) || bareStatements(a, b) || kindsNamed(a, b) || classStatements(a, b) || maritalStatements(a, b) {
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

// consumedApart reports whether h replaces what follows a verb of taking
// in ([consumeVerbs]: "eats", "drinks", "smokes"; not "takes" or
// "orders") in both claims: "Zofia eats
// lentils" and "Zofia eats chicken" tell two things she eats, as "I
// drink tea" and "I drink coffee" do ([oneSpanApart]). A claim that
// says its thing is the only one ("drinks only herbal tea") is read by
// [onlyAdded] before.
func consumedApart(a, b *claim, h hunk) bool {
	if h.at == 0 || h.bt == 0 || a.only || b.only {
		return false
	}
	return eatVerb(a.toks[h.at-1].w) && eatVerb(b.toks[h.bt-1].w)
}

// eatVerb reports whether w, a claim word, is a verb of [consumeVerbs]
// other than "take" and "order": "takes the coast road", "orders the
// taxi" say nothing eaten.
func eatVerb(w string) bool {
	_, ok := consumeVerbs[w]
	return ok && tasteWords[w]&tasteNotEaten == 0
}

// howBeside reports whether h replaces the last word of both claims,
// after one word they share, by a word that follows that word directly
// on one side and the object of a preposition on the other: "the mower
// runs quietly" says how it runs, "the mower runs on petrol" on what,
// and "the stove runs hot" how it runs beside "runs on wood". A place
// said in one word ("sleeps outside" beside "sleeps in the kitchen") is
// a place, not a manner; a value or a name on either side is a value.
func howBeside(a, b *claim, h hunk) bool {
	if min(len(h.a), len(h.b)) != 1 || max(len(h.a), len(h.b)) > 3 || h.at == 0 || h.bt == 0 || h.at >= 31 || h.bt >= 31 ||
		h.at+len(h.a) != len(a.toks) || h.bt+len(h.b) != len(b.toks) || a.toks[h.at-1].w != b.toks[h.bt-1].w || a.copAt >= 0 || b.copAt >= 0 {
		return false
	}
	if v := strings.ToLower(written(a, a.toks[h.at-1])); !strings.HasSuffix(v, "s") || strings.HasSuffix(v, "ss") {
		// The shared word is the verb, with its third person "-s": "wears
		// his hair short" says how the hair is worn, as "in a ponytail"
		// does.
		return false
	}
	bx, by := a.bare>>h.at&1 == 1, b.bare>>h.bt&1 == 1
	x, other := h.a, h.b
	if by {
		x, other = h.b, h.a
	}
	if bx == by || len(x) != 1 {
		return false
	}
	t := x[0]
	return !t.value && !t.name && t.kind == plain && !t.place && !placeAdverbs[t.w] && !slices.ContainsFunc(other, func(t token) bool { return t.value })
}

// onlyEaten reports whether o says its subject eats or drinks only one
// thing ("Saoirse drinks only herbal tea", "the lambs drink ewe's milk
// only") and x, of the same subject and verb, that it eats or drinks
// another, none of whose words o names ("drinks strong black coffee
// every morning"). Not when o says when ("only tea in the evening") or
// where ("only water at work") and x does not, x
// is a plan, past or scoped, or one thing is a kind of the other ("only
// fish" beside "salmon"), nor of a bare kind of food ("only vegetables"
// beside "carrots").
func onlyEaten(o, x *claim) bool {
	if !o.only || x.only || o.neg != "" || x.neg != "" || o.scoped || x.scoped || x.past || x.plan || o.plan || x.changed || o.when != x.when {
		return false
	}
	v := slices.IndexFunc(o.toks, func(t token) bool { return eatVerb(t.w) })
	if v < 1 || v+1 >= len(o.toks) || v+1 >= len(x.toks) || (int(o.onlyAt)-1 != v+1 && int(o.onlyAt)-1 != len(o.toks)) ||
		!slices.EqualFunc(o.toks[:v+1], x.toks[:v+1], func(p, q token) bool { return p.w == q.w }) {
		return false
	}
	what, other := o.toks[v+1:], x.toks[v+1:]
	if timeOfWeek(what) || len(what) == 1 && tasteWords[what[0].w]&tasteFoodKind != 0 {
		return false
	}
	for i := v + 2; i < len(o.toks) && i < 32; i++ {
		if o.bare>>i&1 == 0 && !hasWord(x.toks, o.toks[i].w) {
			// A place or setting after a preposition ("only water at
			// work") bounds the only: "cola at parties" may hold.
			return false
		}
	}
	kin := func(p, q token) bool {
		return p.w == q.w || slices.Contains(kindOf[p.w], q.w) || foodKinds[p.w] == q.w || slices.Contains(kindOf[q.w], p.w) || foodKinds[q.w] == p.w
	}
	named := false
	for _, t := range other {
		if slices.ContainsFunc(what, func(u token) bool { return kin(t, u) }) {
			return false
		}
		named = named || !t.value && t.kind == plain && classOf[t.w] == ""
	}
	return named
}

// plainAndAdded reports whether one claim says its subject takes a
// drink plain ("drinks his coffee black", "takes his whisky neat") and
// the other, of the same subject and drink, that something goes in it
// ("always takes milk in his coffee", "adds ice to his whisky"), and
// returns the two words. Neither may be negated, scoped, past or say
// when: "black in the morning" beside "milk in the afternoon" may both
// hold.
func plainAndAdded(a, b *claim) (string, string, bool) {
	if len(a.toks) < 3 || len(b.toks) < 3 || a.toks[0].w != b.toks[0].w {
		return "", "", false
	}
	for _, c := range [2]*claim{a, b} {
		if c.neg != "" || c.scoped || c.past || c.plan || timeOfWeek(c.toks) {
			return "", "", false
		}
	}
	for _, pair := range [2][2]*claim{{a, b}, {b, a}} {
		p, x := pair[0], pair[1]
		k := len(p.toks) - 1
		if tasteWords[p.toks[k].w]&tastePlain == 0 || tasteWords[p.toks[k-1].w]&tasteDrink == 0 || hasWord(x.toks, p.toks[k].w) || !hasWord(x.toks, p.toks[k-1].w) {
			// The plain word closes its claim after a drink, which the
			// other claim names: "coffee black", "whisky neat"; not
			// "the cat is black" beside "the cat drinks milk".
			continue
		}
		if i := slices.IndexFunc(x.toks, func(t token) bool { return tasteWords[t.w]&tasteAdded != 0 }); i > 0 {
			return written(p, p.toks[k]), written(x, x.toks[i]), true
		}
	}
	return "", "", false
}
