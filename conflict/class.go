package conflict

import (
	"fmt"
	"slices"
	"strings"
)

// This file reads class statements ("X is a Y", "what X is"): two
// classes of one subject, and the exclusive classes of [classOf].

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
	if leftEmployer(a, b) || leftEmployer(b, a) {
		return Verdict{Likely, say(why, func() string { return "left an employer, the other works there" })}, true
	}
	if moreOfOneKindApart(a, b) {
		return Verdict{Likely, say(why, func() string { return "more of a kind than of the kind it is one of" })}, true
	}
	if t, ok := neverMarriedApart(a, b); ok {
		return Verdict{Likely, say(why, func() string { return fmt.Sprintf("never married, the other says %q", t.w) })}, true
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

// classOf maps the values of exclusive classes to their class: a
// subject has one diet, does a routine at one part of the day, on given
// days or in a season, goes to work one way, and is left- or
// right-handed (or -footed).
var classOf map[string]string

func newClassOf() map[string]string {
	m := make(map[string]string)
	for class, words := range map[string]string{
		"diet":    `vegetarian vegan pescatarian keto paleo omnivore carnivore flexitarian`,
		"daypart": `morning afternoon evening night midnight noon lunchtime bedtime day daytime nighttime`,
		"weekday": `monday tuesday wednesday thursday friday saturday sunday weekend weekday`,
		"season":  `summer winter autumn spring`,
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
		// The hand one writes with, the foot one kicks with.
		"handed": `lefthanded righthanded ambidextrous`,
		"footed": `leftfooted rightfooted`,
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

// handWritten returns tw with "writes with her left hand" (any form of
// "write", any possessive) written "is lefthanded", which it says: the
// hand one writes with is one's handedness ("handed" in [classOf]).
// Other deeds with a hand ("throws with her right hand") say no more
// than themselves.
func handWritten(tw []string) []string {
	for i := 0; i+4 < len(tw); i++ {
		switch tw[i] {
		case "writes", "write", "wrote", "writing":
		default:
			continue
		}
		side := tw[i+3]
		if tw[i+1] != "with" || !possessiveWord(tw[i+2]) || side != "left" && side != "right" || tw[i+4] != "hand" {
			continue
		}
		return slices.Concat(tw[:i], []string{"is", side + "handed"}, tw[i+5:])
	}
	return tw
}

// commutedBy returns tw with a trip told by its mode of the closed
// class below written as the trip the "commute" class of [classOf]
// reads: "commutes by train" is "takes the train to work", "goes to
// the gym on foot" is "walks to the gym", "gets to the studio by bus"
// is "takes the bus to the studio".
func commutedBy(tw []string) []string {
	for i := 0; i+2 < len(tw); i++ {
		if !tripVerb(tw[i]) {
			// The present only: a past trip ("until last year I
			// commuted by car") is read beside the present by rules
			// of time that a rewrite would lose.
			continue
		}
		if tw[i+1] == "by" || tw[i+1] == "on" {
			if (tw[i] == "commutes" || tw[i] == "commute") && tripBy(tw[i+2]) != nil {
				return slices.Concat(tw[:i], tripBy(tw[i+2]), []string{"to", "work"}, tw[i+3:])
			}
			continue
		}
		if tw[i+1] != "to" {
			continue
		}
		// "goes to the gym on foot": the mode closes the place.
		for k := i + 3; k+1 < len(tw) && k <= i+6; k++ {
			if tw[k] != "by" && tw[k] != "on" {
				continue
			}
			if trip := tripBy(tw[k+1]); trip != nil {
				return slices.Concat(tw[:i], trip, tw[i+1:k], tw[k+2:])
			}
			break
		}
	}
	return tw
}

// tripOnce reports whether h replaces one mode of getting somewhere of
// the "commute" class by another ("takes the bus" is one), one told as a past trip and one in
// the present: "Keziah drove to the gym once when it snowed" beside
// "Keziah walks to the gym" is a trip beside a habit.
func tripOnce(a, b *claim, h hunk) bool {
	commute := func(t token) bool { return classOf[t.w] == "commute" }
	return a.past != b.past && slices.ContainsFunc(h.a, commute) && slices.ContainsFunc(h.b, commute) && sameClass(h.a, h.b)
}

// tripVerb reports whether w is a verb of the present that says a
// trip without its mode: "commutes", "goes", "gets", "travels".
func tripVerb(w string) bool {
	switch w {
	case "commutes", "commute", "goes", "go", "gets", "get", "travels", "travel", "heads", "head":
		return true
	}
	return false
}

// tripBy returns the words of a trip by mode ("takes the train",
// "drives", "walks"), nil when mode is none the "commute" class reads.
func tripBy(mode string) []string {
	switch mode {
	case "train", "bus", "tram", "metro", "subway", "coach", "ferry":
		return []string{"takes", "the", mode}
	case "car":
		return []string{"drives"}
	case "bike", "bicycle":
		return []string{"cycles"}
	case "foot":
		return []string{"walks"}
	}
	return nil
}
