package conflict

import (
	"slices"
	"strings"
)

// This file reads names: a person or entity named two ways, another
// subject, a name switched for another.

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

// possessive reports whether a hunk holds a possessive ("partner's"):
// a subject of its own, not an attribute of the aligned one. A
// possessive inside a phrase of place names whose the place is ("at
// Foyle's bookshop"), not another subject.
func possessive(hunks []hunk) bool {
	for _, h := range hunks {
		for _, ts := range [][]token{h.a, h.b} {
			for _, t := range ts {
				if !t.place && (strings.HasSuffix(t.w, "'s") || strings.HasSuffix(t.w, "’s")) {
					return true
				}
			}
		}
	}
	return false
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
