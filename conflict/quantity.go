package conflict

import (
	"fmt"
	"slices"
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
