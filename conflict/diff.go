package conflict

import (
	"cmp"
	"fmt"
	"slices"
)

// DiffersInValue reports whether the words that differ between texts a
// and b hold a value the contradiction rules read, and names one: a
// number, quantity, date or version, a numbered thing ("Incident 41"),
// a name ("BigQuery"), a negation, a status ("paused"), a value of an
// exclusive class ("vegan"), a place, or a word of a listed antonym
// pair ("enabled"). It
// also reports true when [Judge] finds the texts disagreeing.
//
// It is meant for deduplication: two passages that look alike but
// differ in such a value are two facts, or a contradiction, never
// copies of one fact. Words only one side has count too ("retries 3
// times" and "retries 3 times, then 5") as does a different count of
// one word. It is pure, deterministic and, like [Judge], costs time
// linear in the texts' words plus the alignment of similar claims.
func DiffersInValue(a, b string) (reason string, ok bool) {
	pa, pb := Parse(a), Parse(b)
	if v, ok := JudgeParsed(pa, pb); ok {
		return v.Reason, true
	}
	ca, cb := valueWords(pa), valueWords(pb)
	for _, side := range []struct {
		name       string
		this, that map[string]valueWord
	}{{"a", ca, cb}, {"b", cb, ca}} {
		keys := make([]string, 0, len(side.this))
		for k := range side.this {
			keys = append(keys, k)
		}
		slices.Sort(keys) // a stable reason
		for _, k := range keys {
			v, o := side.this[k], side.that[k]
			if v.n <= o.n {
				continue
			}
			// The kind may show on one side only: "Alice" is a name
			// after the first word, not as the first.
			if kind := cmp.Or(v.kind, o.kind); kind != "" {
				return fmt.Sprintf("%s %s %q", side.name, kind, v.text), true
			}
		}
	}
	return "", false
}

// valueWord is one word of a text: the kind of value it is ("" for an
// ordinary word), how it was written and how many times the text has
// it.
type valueWord struct {
	kind, text string
	n          int
}

// valueWords returns the words of p by normalised form, with the kind of
// value each is, "" for an ordinary word.
func valueWords(p Parsed) map[string]valueWord {
	m := make(map[string]valueWord)
	add := func(key, kind, text string) {
		v := m[key]
		if v.kind == "" {
			v.kind = kind
		}
		v.text = text
		v.n++
		m[key] = v
	}
	for i := range p.claims {
		c := &p.claims[i]
		if c.neg != "" {
			add("neg:"+c.neg, "has the negation", c.neg)
		}
		for k, t := range c.toks {
			add(t.w, valueKindOf(t), show(c, c.toks[k:k+1]))
		}
	}
	return m
}

// valueKindOf names the kind of value t is, "" for an ordinary word.
func valueKindOf(t token) string {
	switch {
	case t.kind == ident:
		return "has the identifier"
	case t.value || t.kind == quantity || t.kind == date:
		return "has the value"
	case t.w == locMark:
		return "names a place"
	case isName(t):
		return "has the name"
	case statusPhase[t.w] != phaseNone:
		return "has the status"
	case classOf[t.w] != "":
		return "has the value"
	case antonymOf[t.w] != "":
		return "has the word"
	}
	return ""
}
