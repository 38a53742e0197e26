package conflict

import (
	"slices"
	"strings"
)

// This file reads marital statuses: two said of one subject that
// cannot both hold ("Lena is single", "Lena is married to Marc"), and
// one of the unmarried beside a spouse of the subject's ("Chloe is
// single", "Chloe's husband is a chef").

// maritalStatus maps the words of a marital status, as claim words
// fold them, to the status: the census's (never married, married,
// divorced, widowed) and engaged; "separated" is left out (still
// married). See [maritalApart].
var maritalStatus map[string]string

func newMaritalStatus() map[string]string {
	m := map[string]string{}
	for status, words := range map[string]string{"married": `married`, "single": `single unmarried`,
		"divorced": `divorced divorcee`, "widowed": `widowed widow widower`, "engaged": `engaged`} {
		for _, w := range strings.Fields(words) {
			m[lemma(stem(w))] = status
		}
	}
	return m
}

// maritalApart returns the marital statuses ([maritalStatus]) a and b
// give one subject, in the same words before the copula, right after
// it (an adverb aside: "is happily married") and closing the claim (a
// spouse's name aside: "married to Marc"), when both cannot hold:
// married and any other, or single and engaged ("divorced" and "single"
// may). A past ("was married") or a scope is another time.
func maritalApart(a, b *claim) (x, y token, ok bool) {
	sa, sb := statusFrom(a), statusFrom(b)
	if sa < 1 || sa != sb || a.scoped || b.scoped || a.neg != "" || b.neg != "" || wasAndIs(a, b) {
		return token{}, token{}, false
	}
	for i := range sa {
		if a.toks[i].w != b.toks[i].w {
			return token{}, token{}, false
		}
	}
	status := func(c *claim) (token, string) {
		at := sa
		if at+1 < len(c.toks) && strings.HasSuffix(written(c, c.toks[at]), "ly") {
			at++
		}
		if at >= len(c.toks) {
			return token{}, ""
		}
		s := maritalStatus[c.toks[at].w]
		if at+1 < len(c.toks) && !((s == "married" || s == "engaged") && (isName(c.toks[at+1]) || c.toks[at+1].value)) {
			// "a single parent", "a single room": the word names a
			// kind of thing; "married to Ella" names the spouse, "got
			// married in 2010" when.
			return token{}, ""
		}
		return c.toks[at], s
	}
	x, sx := status(a)
	y, sy := status(b)
	if sx == "" || sy == "" || sx == sy {
		return token{}, token{}, false
	}
	apart := sx == "married" || sy == "married" || sx == "engaged" && sy == "single" || sx == "single" && sy == "engaged"
	if a.copAt < 0 || b.copAt < 0 {
		// "Ida got married in 2010" tells an event, which a later
		// divorce or wedding may follow: it is apart from "single"
		// alone.
		apart = sx == "single" || sy == "single"
	}
	return x, y, apart
}

// statusFrom returns the index of c's marital status word: after the
// copula ("Lena is married"), or, in a claim with none, after a subject
// of one word that "got married", "got engaged" or "has been married"
// (the verbs are stop words); -1 when c has none.
func statusFrom(c *claim) int {
	if c.copAt >= 1 {
		return int(c.copAt)
	}
	if c.copAt < 0 && len(c.toks) >= 2 {
		if s := maritalStatus[c.toks[1].w]; s == "married" || s == "engaged" {
			return 1
		}
	}
	return -1
}

// neverMarried returns the word by which pos says that the subject of
// neg, which says it never married ("Hugo has never been married",
// "Hugo never married"), once was: a status of the once married
// ("Hugo is divorced", "Hugo divorced his first wife", "is a widower",
// "got married in 2010") or a spouse or former spouse of the subject's
// ("Hugo's ex-wife", "Hugo's late wife").
func neverMarried(neg, pos *claim) (token, bool) {
	at := int(neg.negAt)
	if neg.neg != "never" || at != 1 || len(neg.toks) != 2 || maritalStatus[neg.toks[1].w] != "married" ||
		pos.neg != "" || pos.plan || pos.scoped || len(pos.toks) < 2 {
		return token{}, false
	}
	subject, t := neg.toks[0].w, pos.toks[1]
	if pos.toks[0].w == subject {
		switch maritalStatus[t.w] {
		case "married", "divorced", "widowed":
			return t, true
		}
		return token{}, false
	}
	if !ownedBy(pos.toks[0].w, subject) {
		return token{}, false
	}
	if t.w == "late" && len(pos.toks) > 2 {
		t = pos.toks[2]
	}
	if spouse(t.w) || exSpouse(t.w) {
		return t, true
	}
	return token{}, false
}

// exSpouse reports whether the claim word w is a former spouse
// ("ex-wife", folded "exwif").
func exSpouse(w string) bool {
	rest, ok := strings.CutPrefix(w, "ex")
	return ok && len(rest) >= 3 && slices.ContainsFunc([]string{"husband", "wife", "spouse"}, func(s string) bool { return strings.HasPrefix(s, rest) })
}

// ownedBy reports whether the claim word w is the possessive of the
// claim word subject: "sofie's" folds its owner as a word ("sofi"), a
// subject name keeps its form ("sofie").
func ownedBy(w, subject string) bool {
	o := ownerOf(w)
	return o != "" && (o == subject || o == lemma(spelling(stem(subject))))
}

// neverMarriedApart reports whether [neverMarried] holds either way
// round, and the word of the claim that says a marriage.
func neverMarriedApart(a, b *claim) (token, bool) {
	if t, ok := neverMarried(a, b); ok {
		return t, true
	}
	return neverMarried(b, a)
}

// maritalStatements reports whether [maritalApart] holds.
func maritalStatements(a, b *claim) bool {
	_, _, ok := maritalApart(a, b)
	return ok
}

// spouseWords name a living spouse of the subject's ("Chloe's
// husband"; not "late husband", "ex-husband"), as claim words fold
// them. Built after the tables that [lemma] reads.
var spouseWords map[string]bool

func newSpouseWords() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`husband wife spouse`) {
		m[lemma(spelling(stem(w)))] = true
	}
	return m
}

// spouse reports whether the claim word w is one of [spouseWords].
func spouse(w string) bool { return spouseWords[w] }

// spouseNamed returns the status of a, one of the unmarried (single,
// divorced, widowed: [maritalStatus]) said now of a subject of one word,
// when b opens with that subject's spouse ("Chloe's husband", a word of
// [spouseWords]) and tells the present of them.
func spouseNamed(a, b *claim) (x token, ok bool) {
	if a.copAt != 1 || a.scoped || b.scoped || a.neg != "" || a.copPast || len(a.toks) < 2 || len(b.toks) < 3 || b.copPast || b.past {
		return token{}, false
	}
	switch maritalStatus[a.toks[1].w] {
	case "single", "divorced", "widowed":
	default:
		return token{}, false
	}
	if !ownedBy(b.toks[0].w, a.toks[0].w) || !spouse(b.toks[1].w) || slices.ContainsFunc(b.toks, func(t token) bool { return t.w == "late" }) {
		return token{}, false
	}
	return a.toks[1], true
}

// spouseApart reports whether [spouseNamed] holds either way round.
func spouseApart(a, b *claim) bool {
	_, ok := spouseNamed(a, b)
	if !ok {
		_, ok = spouseNamed(b, a)
	}
	return ok
}

// spouseKeys are the set keys ([claim.set]) by which a claim of a
// marital status (or of never having married) and one that opens with a
// spouse or former spouse of its subject ([spouseNamed], [neverMarried])
// find each other: "Greta is a widow" and "Greta's husband drives her to
// church" share no word, so both get a key of the subject's word,
// folded as an owner's is ("chloe" and "chloe's" both "chlo").
func spouseKeys(c *claim) []uint64 {
	key := func(subject string) []uint64 { return []uint64{wordKey("~spouse " + subject)} }
	switch {
	case c.copAt == 1 && len(c.toks) >= 2 && maritalStatus[c.toks[1].w] != "",
		c.neg == "never" && c.negAt == 1 && len(c.toks) == 2 && maritalStatus[c.toks[1].w] == "married":
		return key(lemma(spelling(stem(c.toks[0].w))))
	case len(c.toks) < 2 || ownerOf(c.toks[0].w) == "":
	case spouse(c.toks[1].w) || exSpouse(c.toks[1].w) || c.toks[1].w == "late" && len(c.toks) > 2 && spouse(c.toks[2].w):
		return key(ownerOf(c.toks[0].w))
	}
	return nil
}
