package conflict

import (
	"slices"
	"strings"
)

// This file tells two facts a subject can hold at once from two values of one
// slot: several kin, several acts, slots that hold many values.

// multiValued are the verbs of relations a subject holds with many
// objects at once: "practices yoga" and "practices piano" are two
// hobbies unless a claim says that one replaced the other; one dislikes
// many things too, and is allergic or intolerant to many.
var multiValued map[string]bool

func newMultiValued() map[string]bool {
	m := make(map[string]bool)
	for _, w := range strings.Fields(`practices plays enjoys likes loves reads watches learns speaks visits
knows collects studies attends dislikes hates detests teaches sings cooks grows paints sells serves stocks bakes
allergic intolerant`) {
		m[lemma(stem(w))] = true
	}
	return m
}

// manyValued reports whether the words c shares outside the hunk h hold
// a verb of [multiValued], active.
func manyValued(c *claim, h []token) bool {
	for i, t := range c.toks {
		if w := strings.ToLower(written(c, t)); i > 0 && i == int(c.copAt) && (strings.HasSuffix(w, "ed") || irregularLemma[w] != "") {
			// A participle right after the copula: "the final is
			// played in Rotterdam" says where the subject is played,
			// one place ("is allergic to" stays many-valued).
			continue
		}
		if multiValued[t.w] && !hasWord(h, t.w) {
			return true
		}
	}
	return false
}

// kinWords are the ties of family: one person is one of them to another
// ("Felix is Anna's brother" / "cousin" conflict), but a tie of family
// and a tie of another kind ("brother" / "flatmate", "colleague",
// "neighbour") may both hold, and so may a tie and a word for its kind
// ("husband" / "partner", "brother" / "sibling", "twin"), left out.
var kinWords map[string]bool

func newKinWords() map[string]bool {
	m := make(map[string]bool)
	for _, w := range strings.Fields(`mother father mum mom dad brother sister son daughter
husband wife fiance fiancee uncle aunt nephew niece cousin grandmother grandfather grandma
grandpa granny grandad grandson granddaughter stepfather stepmother stepson
stepdaughter stepbrother stepsister godfather godmother godson goddaughter`) {
		m[lemma(stem(w))] = true
	}
	return m
}

// kinAndOther reports whether h replaces, after the copula and closing
// both claims, a relation headed by a word of [kinWords] by one headed
// by a plain word of another kind, each in one or two words: "Ivo is
// Petra's uncle" and "Ivo is Petra's neighbour" or "... business
// partner" may both hold.
func kinAndOther(a, b *claim, h hunk) bool {
	if len(h.a) == 0 || len(h.b) == 0 || len(h.a) > 2 || len(h.b) > 2 || a.copAt < 0 || b.copAt < 0 || h.at < int(a.copAt) || h.bt < int(b.copAt) ||
		h.at+len(h.a) != len(a.toks) || h.bt+len(h.b) != len(b.toks) {
		return false
	}
	notPlain := func(t token) bool { return t.value || t.name }
	if slices.ContainsFunc(h.a, notPlain) || slices.ContainsFunc(h.b, notPlain) {
		return false
	}
	return kinWords[h.a[len(h.a)-1].w] != kinWords[h.b[len(h.b)-1].w]
}

// stateAndDeed reports whether h replaces the one word after a copula of
// the present, a state ("Hamish is engaged to Vesna"), by the verb of a
// past deed told with no copula ("Hamish met Vesna at university"): a
// deed done once beside a state now, which antonyms alone make two
// values of one slot.
func stateAndDeed(a, b *claim, h hunk) bool {
	if len(h.a) != 1 || len(h.b) != 1 {
		return false
	}
	state := func(c *claim, at int) bool { return int(c.copAt) == at && !c.copPast && !c.past }
	deed := func(c *claim) bool { return c.past && c.copAt < 0 }
	return state(a, h.at) && deed(b) || state(b, h.bt) && deed(a)
}

// disposedAndUsed reports whether a tells, in the past, that its
// subject sold or gave away a thing of its own ("Delphine sold her
// camper van in March") and b, in the present, that the same subject
// still uses that thing, named right after b's verb with a possessive
// determiner ("Delphine drives her camper van to the coast"). It
// returns the two verbs.
func disposedAndUsed(a, b *claim) (x, y token, ok bool) {
	if !a.past || a.scoped || a.neg != "" || b.past || b.scoped || b.neg != "" || b.changed || !a.possessed || !b.possessed || b.plan || b.wish {
		return token{}, token{}, false
	}
	for d := 1; d <= 2 && d+1 < len(a.toks) && d+1 < len(b.toks); d++ {
		if a.toks[d-1].w != b.toks[d-1].w {
			return token{}, token{}, false
		}
		v := a.toks[d].w
		if !disposalVerbs[v] || v == fold("give") && !hasWord(a.toks, "away") {
			continue
		}
		if u := b.toks[d]; disposalVerbs[u.w] || feelingVerbs[u.w] || u.value || u.name {
			return token{}, token{}, false
		}
		obj := slices.DeleteFunc(slices.Clone(a.toks[d+1:]), func(t token) bool { return t.w == "away" || t.value })
		if len(obj) == 0 || obj[0].w != b.toks[d+1].w {
			return token{}, token{}, false
		}
		return a.toks[d], b.toks[d], true
	}
	return token{}, token{}, false
}

// brokenHabit reports whether a denies, for now, a deed of its subject
// told by the verb alone ("Ifeoma doesn't drive", "Oskar never swims")
// and b tells that the same subject did that deed lately ("Ifeoma drove
// the kids to school this morning"): one note is stale or wrong. A
// deed long ago, or with no time given, may predate the habit.
func brokenHabit(a, b *claim) bool {
	d := len(a.toks) - 1
	if d < 1 || a.neg == "" || !a.negNow || a.past || a.scoped || a.negExcept || !b.past || b.neg != "" || b.scoped ||
		!recentAnchor(b.when) || len(b.toks) <= d || b.toks[d].w != a.toks[d].w || a.toks[d].value || a.toks[d].name {
		return false
	}
	for i := range d {
		if a.toks[i].w != b.toks[i].w {
			return false
		}
	}
	return true
}

// recentAnchor reports whether when, an index into [anchors] plus one,
// names a time just past or now: "this morning", "last night",
// "yesterday", "today", "this week", "last week".
func recentAnchor(when uint8) bool {
	if when == 0 {
		return false
	}
	switch anchors[when-1] {
	case "today", "yesterday", "tonight", "this week", "last week", "last night", "this morning":
		return true
	}
	return false
}

// disposalVerbs part a subject from a thing of its own, as claim words
// fold them ("give" only with "away"). feelingVerbs keep the thing in
// mind, not in hand: "misses her camper van", "wants her piano back". Built after the tables
// that [lemma] reads.
var disposalVerbs, feelingVerbs map[string]bool

// actVerbs are acts done to a thing by whoever handles it, of which one
// subject does many to one object: "Aisha writes the changelog" and
// "Aisha reviews the changelog" may both hold, and so do ways of keeping
// in touch: "Ana calls her mother", "Ana visits her mother" ("calls" is
// read as "requests", [shortForms]). Built on first use: most
// processes never judge a pair.
var actVerbs map[string]bool

func newActVerbs() map[string]bool {
	m := make(map[string]bool)
	for _, w := range strings.Fields(`writes reviews drafts edits approves publishes reads prints signs
sends receives uploads downloads tests builds scans audits checks updates archives translates
prepares presents formats files tracks monitors deploys packages documents measures collects
proofreads summarizes summarises verifies validates reconciles submits annotates
requests phones emails texts messages visits meets contacts`) {
		m[lemma(stem(w))] = true
	}
	return m
}

// otherAct reports whether h replaces one verb of [actVerbs] by another,
// a different act on one object, not a different value.
func otherAct(h hunk) bool {
	return len(h.a) == 1 && len(h.b) == 1 && actVerbs[h.a[0].w] && actVerbs[h.b[0].w]
}

// twoActs reports whether h replaces the verb of two claims that have no
// copula, after a short shared subject and before a shared rest: one
// subject does many things to one object or at one time ("Gemma helps
// her aunt", "Gemma visits her aunt"; "Noor picks up the kids", "Noor
// drops off the kids"; "the club meets on Sundays", "the club picks
// the next book on Sundays"). Each side is a verb as written with a
// third person "-s", alone or with its particle, or, when the claims
// differ in nothing else (extra is 0), with an object of its own. Verbs of a role, of
// ownership or of a policy, one held at a time, are not acts ("owns",
// "allows", "blocks"); opposites and exclusive values are read before
// ([judgeSlot]).
func twoActs(a, b *claim, h hunk, extra int) bool {
	if a.copAt >= 0 || b.copAt >= 0 || !h.context || h.at != h.bt || h.at > 3 ||
		h.at+len(h.a) >= len(a.toks) || h.bt+len(h.b) >= len(b.toks) {
		return false
	}
	for k, ts := range [2][]token{h.a, h.b} {
		c := [2]*claim{a, b}[k]
		for _, t := range ts {
			if t.value || t.name || t.kind != plain {
				return false
			}
		}
		if extra > 0 && (len(ts) > 2 || len(ts) == 2 && !verbParticle(ts[1].w)) {
			// A verb with an object of its own only when nothing else
			// differs.
			return false
		}
		if w := written(c, ts[0]); !strings.HasSuffix(w, "s") || strings.HasSuffix(w, "ss") || heldVerb(ts[0].w) {
			return false
		}
	}
	return true
}

// kindOfKin returns the wider kind a kind of kin or pet w, as claim
// words fold it, is one of ([kindOf], [kinKinds]): a sister is a
// sibling, a son a child, a dog a pet; "" for any other word.
func kindOfKin(w string) string {
	for _, k := range kindOf[w] {
		if kinKinds[k] {
			return k
		}
	}
	return ""
}

// countOf returns the count a claim word gives, "one" or a number, and
// whether it gives one.
func countOf(t token) (int, bool) {
	if t.w == "one" {
		return 1, true
	}
	if !t.value || t.kind != plain || !allDigits(t.w) || len(t.w) > 3 {
		return 0, false
	}
	return atoi(t.w), true
}

// moreOfOneKind reports whether a and b each give their subject of one
// word a count of one kind ("Bea has one sibling", "Bea has two
// sisters"; nothing else said), b's kind one of a's ([kindOfKin]), and
// b counts more: more sisters than siblings cannot be.
func moreOfOneKind(a, b *claim) bool {
	if len(a.toks) != 3 || len(b.toks) != 3 || a.neg != "" || b.neg != "" || a.toks[0].w != b.toks[0].w ||
		a.scoped || b.scoped || a.past || b.past || a.plan || b.plan {
		return false
	}
	na, oka := countOf(a.toks[1])
	nb, okb := countOf(b.toks[1])
	return oka && okb && nb > na && kindOfKin(b.toks[2].w) == a.toks[2].w
}

// moreOfOneKindApart reports whether [moreOfOneKind] holds either way
// round.
func moreOfOneKindApart(a, b *claim) bool {
	return moreOfOneKind(a, b) || moreOfOneKind(b, a)
}

// taughtKin reports whether neg denies its subject kin of a kind ("has
// no children", "has no kids") and pos has the subject act on many of
// that kind, written in the plural with no possessive ("teaches thirty
// kids", "coaches children at the club"): pupils, not the subject's own
// ("coaches her three daughters" and "has two sons" still meet it).
func taughtKin(neg, pos *claim) bool {
	at := int(neg.negAt)
	if neg.neg != "no" || pos.neg != "" || pos.possessed || pos.copAt >= 0 || at == 0 || len(neg.toks) != at+1 || len(pos.toks) < at+2 {
		// "is the mother of two sons" says whose they are.
		return false
	}
	kin := kinOf(neg.toks[at].w)
	if kin == "" {
		return false
	}
	for i, t := range neg.toks[:at] {
		if pos.toks[i].w != t.w {
			return false
		}
	}
	verb := pos.toks[at]
	if verb.value || verb.name || verb.kind != plain || kinOf(verb.w) != "" ||
		wordOf(verb.w, "has", "have", "owns", "raises", "adopted", "fosters") {
		return false
	}
	for j := at + 1; j < len(pos.toks); j++ {
		t := pos.toks[j]
		if kinOf(t.w) != kin {
			continue
		}
		w, prev := written(pos, t), pos.toks[j-1]
		// Plural as written, or counted: claim words fold "kids" to
		// "child".
		if strings.HasSuffix(w, "s") || w == "children" || prev.value && prev.w != "1" {
			return true
		}
	}
	return false
}

// kinOf returns the kind of kin or pet ([kinKinds]) a claim word names
// ("son": child; "siblings", "kids", "children"), "" when none.
func kinOf(w string) string {
	switch {
	case kinKinds[w]:
		return w
	case kindOfKin(w) != "":
		return kindOfKin(w)
	case w == "kid" || w == "kids" || w == "children":
		return lemma(spelling(stem("child")))
	}
	return ""
}

// kinKeys are the set keys ([claim.set]) by which a claim that denies
// its subject kin or pets of a kind ("Uma has no siblings", "is an only
// child") and one that opens with kin of that kind of the subject ("Uma's
// sister teaches yoga") find each other in [Detect]: they share no word,
// so both get a key of the subject's word, folded as an owner's is, and
// the kind.
func kinKeys(c *claim) []uint64 {
	key := func(subject, kind string) []uint64 { return []uint64{wordKey("~kin " + subject + " " + kind)} }
	switch {
	case len(c.toks) < 2:
	case c.neg == "no" && c.negAt == 1 && len(c.toks) == 2 && kinOf(c.toks[1].w) != "":
		return key(lemma(spelling(stem(c.toks[0].w))), kinOf(c.toks[1].w))
	case c.neg == "" && ownerOf(c.toks[0].w) != "" && kinOf(c.toks[1].w) != "":
		return key(ownerOf(c.toks[0].w), kinOf(c.toks[1].w))
	}
	return nil
}
