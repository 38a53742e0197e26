package conflict

import (
	"fmt"
)

// This file reads "only": a claim that one value is the only one beside
// another value.

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
