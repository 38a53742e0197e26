package conflict

import (
	"fmt"
	"slices"
	"strings"
)

// This file reads negations: a claim denied, a denial beside history, a
// thing said to be gone or not owned.

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
	if deniedManner(neg, pos) || feltNotOwned(neg, pos) || taughtKin(neg, pos) || watchedNotDone(neg, pos) || historyBeside(neg, pos) || otherThanImplied(neg, pos) || (a.when != 0 && b.when != 0 && a.when != b.when) {
		return Verdict{}, false
	}
	if reps == 0 && common >= minCommon && ratio >= negationRatio || implicitNegation(a, b) || namedOwned(neg, pos) || subjectGone(neg, pos) {
		return Verdict{Likely, say(why, func() string { return fmt.Sprintf("negation: %s says %q", side, word) })}, true
	}
	return Verdict{}, false
}

// kindDenied reports whether one claim denies its subject any of a kind
// ("Teo has no pets", "has no siblings") and the other, of the same
// subject, names one of that kind ([kindOfKin]: "Teo owns two dogs"):
// they share the subject alone, which [implicitNegation] then judges.
func kindDenied(a, b *claim) bool {
	neg, pos := a, b
	if b.neg != "" {
		neg, pos = b, a
	}
	at := int(neg.negAt)
	if neg.neg != "no" || pos.neg != "" || at == 0 || len(neg.toks) != at+1 || len(pos.toks) <= at || pos.toks[0].w != neg.toks[0].w {
		return false
	}
	kind := neg.toks[at].w
	return slices.ContainsFunc(pos.toks[at:], func(t token) bool {
		// [asKind] may have written the kin word as its kind already:
		// "has a younger brother" beside "has no siblings".
		return kindOfKin(t.w) == kind || t.w == kind && kinKinds[kind]
	})
}

// feltNotOwned reports whether the positive claim tells what its
// subject feels for a kind of thing ("Jonas adores cats", "is scared of
// dogs", "is fond of snakes") and the negated one denies that the
// subject has one ("doesn't own a cat", "has no dog", "doesn't keep
// birds"): a liking says nothing of owning. A thing of the subject's
// own ("loves her dog") is had, and a denied feeling ("has no
// allergies") is denied.
func feltNotOwned(neg, pos *claim) bool {
	at := int(neg.negAt)
	if pos.possessed || at == 0 || at >= len(pos.toks) || !feeling(pos.toks[at].w) {
		return false
	}
	if slices.ContainsFunc(neg.toks, func(t token) bool { return feeling(t.w) }) {
		// "has no allergies" denies the feeling itself: "is allergic
		// to peanuts".
		return false
	}
	if neg.neg == "no" {
		// "has no dog": the verb of having is left out.
		return true
	}
	if at >= len(neg.toks) {
		return false
	}
	if at+1 < len(pos.toks) && neg.toks[at].w == pos.toks[at+1].w {
		// "doesn't have a bike": "have" is a stop word, the thing
		// follows the negation.
		return true
	}
	switch neg.toks[at].w {
	case lemma(spelling(stem("own"))), lemma(spelling(stem("have"))), lemma(spelling(stem("keep"))):
		return true
	}
	return false
}

// watchedNotDone reports whether the negated claim denies an activity
// ("Rui no longer swims") and the positive one has its subject watch,
// teach or follow it ("Rui watches swimming on TV", "teaches swimming"):
// the activity is the object of another verb, not done.
func watchedNotDone(neg, pos *claim) bool {
	at := int(neg.negAt)
	if at == 0 || at >= len(neg.toks) || at+1 >= len(pos.toks) || pos.toks[at+1].w != neg.toks[at].w {
		return false
	}
	switch pos.toks[at].w {
	case lemma(spelling(stem("watches"))), lemma(spelling(stem("teaches"))), lemma(spelling(stem("coaches"))),
		lemma(spelling(stem("follows"))), lemma(spelling(stem("studies"))):
		return true
	}
	return false
}

// feeling reports whether w says what one feels for a thing: a liking
// or dislike ([stance]), "fond of", "a fan of", or a reaction of the
// body or fear ([reactionWords]).
func feeling(w string) bool {
	p := stance[w]
	return p == 1 || p == -1 || w == "fond" || w == "fan" || w == "keen" || reactionWords[w]
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

// implicitNegation reports whether one claim denies, with a related
// word or a kind the other names one of ("has no pets", "owns two
// dogs": [kindOfKin]), what the other asserts of the same subject: "the user is
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
	if stoppedCounted(neg, pos) {
		return true
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
			if related(o.w, r.w) || kindOfKin(r.w) == o.w {
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

// presentDenial reports whether the negation neg at words[i] denies the
// present: "doesn't", "don't", "isn't", "aren't", "no longer", "not"
// after "does", "do", "is", "are" or "am", or any negation with
// "anymore" after it.
func presentDenial(words []string, i int, neg string) bool {
	switch neg {
	case "doesn't", "don't", "isn't", "aren't", "no longer":
		return true
	case "not":
		if i == 0 {
			break
		}
		switch words[i-1] {
		case "does", "do", "is", "are", "am":
			return true
		}
	}
	return slices.Contains(words[i:], "anymore")
}

// justOnly returns tw with "just" before a name or a count ("the team
// is just Ana and Ben", "just two seats") written "only", which it
// means there; "just moved", "just now" keep it. "Nothing but" and
// "none but" are "only" too: "drinks nothing but water" denies no
// drink, it names the one.
func justOnly(tw []string, s string) []string {
	if i := slices.Index(tw, "but"); i > 0 && (tw[i-1] == "nothing" || tw[i-1] == "none") && i+1 < len(tw) {
		tw = slices.Delete(slices.Clone(tw), i-1, i)
		tw[i-1] = "only"
	}
	i := slices.Index(tw, "just")
	if i < 0 || i+1 >= len(tw) {
		return tw
	}
	next := tw[i+1]
	if !isValue(next) && numberWords[next] == "" && next != "one" && !capitalised(s)[next] {
		return tw
	}
	out := slices.Clone(tw)
	out[i] = "only"
	return out
}

// negation reports the negation word at words[i], if any, and whether
// the word is a part of a negation to skip ("longer" of "no longer").
func negation(words []string, i int) (neg string, skip bool) {
	w := words[i]
	switch w {
	case "not", "no", "never", "cannot", "without", "none", "nobody", "nothing", "neither":
		if w == "no" && i+1 < len(words) && words[i+1] == "longer" {
			return "no longer", false
		}
		if w == "not" && i+1 < len(words) && words[i+1] == "only" {
			// "not only in English but also in Spanish" adds, it
			// denies nothing.
			return "", true
		}
		return w, false
	case "longer":
		return "", i > 0 && words[i-1] == "no"
	case "quit", "stopped", "gave":
		// "quit smoking", "stopped using Jenkins", "gave up coffee": a
		// negation of what follows, when something follows.
		if w == "gave" {
			if i+2 < len(words) && words[i+1] == "up" {
				return "gave up", false
			}
			return "", false
		}
		if i+1 < len(words) {
			return w, false
		}
	case "don", "doesn", "didn", "isn", "aren", "wasn", "weren", "won", "hasn", "haven", "hadn", "shouldn", "wouldn", "couldn", "can":
		// "don’t" with a curly apostrophe splits into "don" and "t".
		if i+1 < len(words) && words[i+1] == "t" {
			return w + "'t", false
		}
	case "t":
		return "", i > 0
	case "closed", "shut", "passed":
		// "the cafe closed down last year", "Grandpa passed away in
		// 2020": the subject is no more, when nothing but a time
		// follows.
		if p := wordAt(words, i+1); (p == "down" && w != "passed" || p == "away" && w == "passed") && onlyTimeAfter(words, i+2) {
			return w + " " + p, false
		}
	case "away":
		return "", i > 0 && words[i-1] == "passed" && onlyTimeAfter(words, i+1)
	case "retired":
		// "retired from teaching": a work stopped, as "quit" says.
		if wordAt(words, i+1) == "from" && i+2 < len(words) {
			return "retired from", false
		}
	}
	if removal(w) && i > 0 && (words[i-1] == "was" || words[i-1] == "were" || words[i-1] == "been") {
		// "Python 3.7 support was dropped", "the dashboard was shut
		// down": what was removed is no more. Not a change of value
		// ("was dropped to 5") nor a policy ("logs are removed after
		// 30 days").
		if next := wordAt(words, i+1); next != "to" && next != "by" {
			return w, false
		}
	}
	if strings.HasSuffix(w, "n't") {
		return w, false
	}
	return "", false
}

// stoppedCounted reports whether neg says its subject stopped an
// activity ("Lars stopped running", "gave up rowing") and pos, of that
// subject, gives an amount after the activity's verb, which claims
// drop before a bare number ([claim.counted]: "Lars runs 8 km every
// day"): the amount is of the activity done now.
func stoppedCounted(neg, pos *claim) bool {
	at := int(neg.negAt)
	if !stopped(neg.neg) || pos.neg != "" || pos.counted == "" || at == 0 || len(neg.toks) != at+1 || len(pos.toks) <= at {
		return false
	}
	for i, t := range neg.toks[:at] {
		if pos.toks[i].w != t.w {
			return false
		}
	}
	return lemma(spelling(stem(neg.toks[at].w))) == pos.counted || neg.toks[at].w == pos.counted
}
