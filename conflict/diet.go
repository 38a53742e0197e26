package conflict

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// This file reads a claim that its subject abstains from a kind of food
// or drink, by a diet ("Mara is vegan", "Tariq is teetotal") or a denial
// ("Nadia no longer eats meat", "Omar quit drinking"), against one that
// the subject consumes a thing of that kind now or lately ("Mara eats
// cheese every day", "Nadia had a steak last night"). The two share the
// subject alone, and word alignment sees other words in each place, so
// such pairs are judged here.

// dietKinds maps a diet word, as claim words fold it, to the kinds of
// [kindOf] it leaves out: the Vegan Society's animal products (meat,
// fish, dairy, eggs, honey), the Vegetarian Society's meat and fish, a
// pescatarian's meat and a teetotaller's alcohol. Built after the
// tables that [lemma] reads.
var dietKinds map[string][]string

func newDietKinds() map[string][]string {
	m := map[string][]string{}
	for diet, kinds := range map[string]string{
		"vegan": `meat fish dairy eggs honey`, "vegetarian": `meat fish`, "pescatarian": `meat`,
		"teetotal": `alcohol`, "teetotaler": `alcohol`, "teetotaller": `alcohol`, "sober": `alcohol`,
	} {
		var ks []string
		for _, k := range strings.Fields(kinds) {
			ks = append(ks, lemma(spelling(stem(k))))
		}
		m[lemma(spelling(stem(diet)))] = ks
	}
	return m
}

// dietKind holds the kinds of [dietKinds], as claim words fold them
// ("meat", "dairy"): a word of a kind itself.
var dietKind map[string]bool

func newDietKind() map[string]bool {
	m := map[string]bool{}
	for _, kinds := range dietKinds {
		for _, k := range kinds {
			m[k] = true
		}
	}
	return m
}

// foodKinds maps the words for foods and smokes of a kind that
// [kindOf] leaves out, as claim words fold them, to the kind: read only
// right after a verb of consuming or a serving ([consumed]), since
// "coconut milk" or "oat milk" is no dairy ([asKind] reads kindOf
// wherever the word stands). Built after the tables that [lemma] reads.
var foodKinds map[string]string

func newFoodKinds() map[string]string {
	m := map[string]string{}
	for kind, words := range map[string]string{
		"fish": `salmon tuna cod trout haddock mackerel sardine anchovy prawn shrimp`, "dairy": `cheese milk butter yogurt yoghurt cream`,
		"eggs": `egg omelette`, "tobacco": `cigarette cigar cigarillo`,
	} {
		for _, w := range strings.Fields(words) {
			m[lemma(spelling(stem(w)))] = lemma(spelling(stem(kind)))
		}
	}
	return m
}

// consumeVerbs are the verbs of taking in food, drink or smoke, as
// claim words fold them, each with the kind it means without an object
// ("quit drinking": alcohol; "" when it needs one). Built after the
// tables that [lemma] reads.
var consumeVerbs map[string]string

func newConsumeVerbs() map[string]string {
	m := map[string]string{}
	for _, v := range [...][2]string{{`eat eats eating ate eaten`, ``}, {`drink drinks drinking drank drunk`, `alcohol`},
		{`smoke smokes smoking smoked`, `tobacco`}, {`order orders ordered ordering`, ``},
		{`take takes took taking`, ``}, {`consume consumes consumed consuming`, ``}} {
		for _, w := range strings.Fields(v[0]) {
			m[lemma(spelling(stem(w)))] = v[1]
		}
	}
	for k, v := range m {
		if v != "" {
			m[k] = lemma(spelling(stem(v)))
		}
	}
	return m
}

// servingWords measure a serving between a verb of [consumeVerbs] and
// what is consumed ("a glass of wine", "a slice of cake").
var servingWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"glass": true, "cup": true, "bottle": true, "pint": true, "can": true, "slice": true,
		"piece": true, "plate": true, "bowl": true, "bite": true, "sip": true, "spoonful": true, "mug": true, "shot": true}
})

// recentAnchors are the anchors of [anchors] near enough to now that a
// thing consumed then breaks an abstention said now.
var recentAnchors = []string{"today", "tonight", "yesterday", "this week", "last night", "this morning"}

// abstention returns the subject of c, the words before its diet or
// denial, and the kinds it abstains from, when c says its subject keeps
// a diet of [dietKinds] now ("Mara is vegan"), avoids a kind ("Ines
// avoids dairy") or denies consuming a kind now ("Nadia no longer eats
// meat", "Omar quit drinking", "Jess gave up sugar").
func abstention(c *claim) (subject []token, kinds []string, ok bool) {
	if c.scoped || c.plan || c.additive {
		return nil, nil, false
	}
	if at := slices.IndexFunc(c.toks, func(t token) bool { return dietKinds[t.w] != nil }); c.neg == "" && c.copAt < 0 && !c.past && at >= 1 &&
		(len(c.toks) == at+1 || len(c.toks) == at+2 && timeSpan(c.toks[at+1])) {
		// "Ivana has been vegan for six years", "... since 2019": a
		// diet kept until now ("been" is no copula of [claim.copAt]).
		return c.toks[:at], dietKinds[c.toks[at].w], true
	}
	if c.neg == "" && c.copAt < 0 {
		// "Ines avoids dairy": a verb of avoiding ([stance]) and its
		// one object after the subject.
		at := slices.IndexFunc(c.toks, func(t token) bool { return stance[t.w] == -2 })
		if at < 1 || at+2 != len(c.toks) {
			return nil, nil, false
		}
		return c.toks[:at], []string{c.toks[at+1].w}, true
	}
	if c.neg == "" {
		at := int(c.copAt)
		if at < 0 || at == 0 && c.pronoun == 0 || c.copPast || at >= len(c.toks) || len(c.toks) > at+1 || dietKinds[c.toks[at].w] == nil {
			return nil, nil, false
		}
		return c.toks[:at], dietKinds[c.toks[at].w], true
	}
	switch c.neg {
	case "no longer", "never", "quit", "stopped", "gave up":
	default:
		if !c.negNow {
			return nil, nil, false
		}
	}
	at := int(c.negAt)
	rest := c.toks[at:]
	if at < 1 || len(rest) == 0 || len(rest) > 2 {
		return nil, nil, false
	}
	bare, verb := consumeVerbs[rest[0].w]
	switch {
	case verb && len(rest) == 2:
		return c.toks[:at], []string{rest[1].w}, true
	case verb && bare != "":
		return c.toks[:at], []string{bare}, true
	case !verb && len(rest) == 1 && (c.neg == "gave up" || c.neg == "quit"):
		// "gave up sugar", "quit coffee".
		return c.toks[:at], []string{rest[0].w}, true
	}
	return nil, nil, false
}

// consumed returns the word of c for a thing of one of kinds that c's
// subject, the words subject (or, when there are none, the pronoun of
// [claim.pronoun]), consumes now or lately: after the
// subject, a verb of [consumeVerbs] or none (a "had" is no claim word),
// servings and counts, then the thing ("eats cheese every day", "had a
// steak last night", "drinks a glass of wine", "has eggs for breakfast").
func consumed(c *claim, subject []token, pronoun uint8, kinds []string) (token, bool) {
	if c.neg != "" || c.scoped || c.plan || c.copAt >= 0 || len(c.toks) <= len(subject) || len(subject) == 0 && c.pronoun != pronoun {
		return token{}, false
	}
	meal := slices.ContainsFunc(c.toks[len(subject):], func(t token) bool { return wordOf(t.w, "breakfast", "lunch", "dinner", "supper", "brunch") })
	if c.past && !slices.Contains(recentAnchors, anchorName(c.when)) && !(meal && c.when == 0) {
		// "had a steak for lunch", with no day: a meal lately.
		return token{}, false
	}
	for i, t := range subject {
		if c.toks[i].w != t.w {
			return token{}, false
		}
	}
	rest := c.toks[len(subject):]
	k := 0
	if _, ok := consumeVerbs[rest[0].w]; ok {
		k = 1
	} else if !c.past && !meal {
		// "has eggs for breakfast": a "has" (no claim word) before a
		// meal consumes.
		return token{}, false
	}
	for k < len(rest) && (servingWords()[rest[k].w] || rest[k].value && rest[k].kind == plain) {
		k++
	}
	if k == len(rest) {
		return token{}, false
	}
	t := rest[k]
	if t.name || t.value {
		return token{}, false
	}
	if _, verb := consumeVerbs[rest[0].w]; !verb && meal && !foodsToMeal(rest[k+1:]) {
		// "has a steak knife for dinner parties": a thing that is no
		// food before the meal.
		return token{}, false
	}
	for _, kind := range kinds {
		if t.w == kind || foodKinds[t.w] == kind || slices.Contains(kindOf[t.w], kind) {
			return t, true
		}
	}
	return token{}, false
}

// anchorName returns the anchor of [anchors] a claim's when names, ""
// for none.
func anchorName(when uint8) string {
	if when == 0 {
		return ""
	}
	return anchors[when-1]
}

// abstainedApart returns the thing consumed when one claim says its
// subject abstains from a kind ([abstention]) and the other that the
// subject consumes a thing of it ([consumed]); which claim abstains is
// reported by first.
func abstainedApart(a, b *claim) (t token, first, ok bool) {
	if subject, kinds, ok := abstention(a); ok {
		if t, ok := consumed(b, subject, a.pronoun, kinds); ok {
			return t, true, true
		}
	}
	if subject, kinds, ok := abstention(b); ok {
		if t, ok := consumed(a, subject, b.pronoun, kinds); ok {
			return t, false, true
		}
	}
	return token{}, false, false
}

// judgeAbstained judges two claims by [abstainedApart].
func judgeAbstained(a, b *claim, why bool) (Verdict, bool) {
	t, first, ok := abstainedApart(a, b)
	if !ok {
		return Verdict{}, false
	}
	return Verdict{Likely, say(why, func() string {
		c := b
		if !first {
			c = a
		}
		return fmt.Sprintf("abstains, the other consumes: %q", show(c, []token{t}))
	})}, true
}

// abstained reports whether [abstainedApart] holds.
func abstained(a, b *claim) bool {
	_, _, ok := abstainedApart(a, b)
	return ok
}

// consumeKeys are the set keys ([claim.set]) by which a claim that
// abstains from a kind ([abstention]) and one that consumes a thing of
// it ([consumed]) find each other: one per kind a word of c names or
// leaves out, and, with one, the pronoun c opens with ("I am vegan", "I
// eat cheese every day" share no word).
func consumeKeys(c *claim) []uint64 {
	var keys []uint64
	add := func(kind string) { keys = append(keys, wordKey("~eat "+kind)) }
	for _, t := range c.toks {
		if t.value || t.name {
			continue
		}
		for _, k := range dietKinds[t.w] {
			add(k)
		}
		if k := foodKinds[t.w]; k != "" {
			add(k)
		}
		if k := consumeVerbs[t.w]; k != "" {
			add(k)
		}
		for _, k := range kindOf[t.w] {
			add(k)
		}
		if dietKind[t.w] {
			add(t.w)
		}
	}
	if len(keys) > 0 && c.pronoun != 0 {
		keys = append(keys, wordKey("~pronoun "+subjectPronouns[c.pronoun-1]))
	}
	return keys
}

// otherThanImplied reports whether neg denies a verb of consuming
// alone, which implies its kind ([consumeVerbs]: "Sam quit drinking" is
// alcohol), and pos gives that verb an object known to be of another
// kind ([foodKinds], [kindOf], or a drink of [softDrinks]): "Sam drinks
// water every day" may hold ("smokes after lunch" names no object).
func otherThanImplied(neg, pos *claim) bool {
	rest := neg.toks[neg.negAt:]
	if len(rest) != 1 {
		return false
	}
	kind := consumeVerbs[rest[0].w]
	j := slices.IndexFunc(pos.toks, func(t token) bool { return t.w == rest[0].w })
	if kind == "" || j < 0 {
		return false
	}
	for j++; j < len(pos.toks) && (servingWords()[pos.toks[j].w] || pos.toks[j].value && pos.toks[j].kind == plain); j++ {
	}
	if j == len(pos.toks) {
		return false
	}
	t := pos.toks[j]
	other := foodKinds[t.w] != "" || len(kindOf[t.w]) > 0 || kind == lemma(spelling(stem("alcohol"))) && softDrinks()[t.w]
	return other && t.w != kind && foodKinds[t.w] != kind && !slices.Contains(kindOf[t.w], kind)
}

// softDrinks are drinks with no alcohol, as claim words fold them
// (plurals fold to these: "two coffees").
var softDrinks = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"water": true, "coffee": true, "tea": true, "juice": true, "soda": true,
		"lemonade": true, "cola": true, "smoothie": true}
})

// foodsToMeal reports whether the words ts, after a thing consumed, are
// foods ([kindOf], [foodKinds]) up to a meal: "burger" and "lunch" of
// "a beef burger for lunch", not "knife" of "a steak knife for dinner".
func foodsToMeal(ts []token) bool {
	for _, t := range ts {
		switch {
		case wordOf(t.w, "breakfast", "lunch", "dinner", "supper", "brunch"):
			return true
		case len(kindOf[t.w]) == 0 && foodKinds[t.w] == "":
			return false
		}
	}
	return false
}

// timeSpan reports whether t is a length of time, as [normalise] writes
// it in seconds ("six years": "189216000s").
func timeSpan(t token) bool {
	n := len(t.w) - 1
	return t.kind == quantity && n > 0 && t.w[n] == 's' && strings.Trim(t.w[:n], "0123456789.") == ""
}

// tasteWords sorts, as claim words fold them, the words of how a thing
// is eaten or drunk (bits below): drinks taken plain or with something
// in them ([plainAndAdded]), kinds of food that hold many
// ([onlyEaten]), the verbs of [consumeVerbs] that take no food.
// Built after the tables that [lemma] reads.
var tasteWords map[string]uint8

// Bits of [tasteWords].
const (
	tasteDrink    = 1 << iota // a drink taken black or neat: "coffee", "whisky"
	tastePlain                // taken with nothing in it: "black", "neat"
	tasteAdded                // put in a drink: "milk", "ice"
	tasteFoodKind             // a kind of food that holds many: "vegetables"
	tasteNotEaten             // a verb of [consumeVerbs] that takes no food: "takes"
)

func newTasteWords() map[string]uint8 {
	m := map[string]uint8{}
	for bit, words := range map[uint8]string{
		tasteDrink:    `coffee tea espresso americano whisky whiskey scotch bourbon gin vodka rum brandy tequila`,
		tastePlain:    `black neat straight`,
		tasteAdded:    `milk cream sugar sugars ice lemon honey tonic soda mixer syrup creamer sweetener`,
		tasteFoodKind: `food foods vegetables vegetable veg fruit fruits meat fish seafood dairy grains nuts seeds greens plants drinks liquids snacks sweets`,
		tasteNotEaten: `take takes took taking order orders ordered ordering`,
	} {
		for _, w := range strings.Fields(words) {
			m[lemma(spelling(stem(w)))] |= bit
		}
	}
	return m
}
