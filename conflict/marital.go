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
	if a.copAt < 1 || a.copAt != b.copAt || a.scoped || b.scoped || a.neg != "" || b.neg != "" || wasAndIs(a, b) {
		return token{}, token{}, false
	}
	for i := range int(a.copAt) {
		if a.toks[i].w != b.toks[i].w {
			return token{}, token{}, false
		}
	}
	status := func(c *claim) (token, string) {
		at := int(c.copAt)
		if at+1 < len(c.toks) && strings.HasSuffix(written(c, c.toks[at]), "ly") {
			at++
		}
		if at >= len(c.toks) {
			return token{}, ""
		}
		s := maritalStatus[c.toks[at].w]
		if at+1 < len(c.toks) && !((s == "married" || s == "engaged") && isName(c.toks[at+1])) {
			// "a single parent", "a single room": the word names a
			// kind of thing; "married to Ella" names the spouse.
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
	return x, y, apart
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
	if ownerOf(b.toks[0].w) != a.toks[0].w || !spouse(b.toks[1].w) || slices.ContainsFunc(b.toks, func(t token) bool { return t.w == "late" }) {
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

// spouseKeys are the set keys ([claim.set]) by which a claim of an
// unmarried status and one that opens with a spouse of its subject
// ([spouseNamed]) find each other: "Greta is a widow" and "Greta's
// husband drives her to church" share no word, so both get a key of
// the subject's word.
func spouseKeys(c *claim) []uint64 {
	switch {
	case c.copAt == 1 && len(c.toks) >= 2 && maritalStatus[c.toks[1].w] != "":
		return []uint64{wordKey("~spouse " + c.toks[0].w)}
	case len(c.toks) >= 2 && ownerOf(c.toks[0].w) != "" && spouse(c.toks[1].w):
		return []uint64{wordKey("~spouse " + ownerOf(c.toks[0].w))}
	}
	return nil
}
