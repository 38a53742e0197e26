package conflict

import (
	"regexp"
	"slices"
	"strings"
	"sync"
)

// This file reads qualifiers that make two look-alike claims compatible:
// a fact that holds again after a change the other way, and a wish
// beside a fact.

// judgeQualified judges two claims by what their qualifiers and work
// say before they are aligned: no conflict for a fact that holds again
// ("works at Google again" after "left Google last year"), a wish beside
// a fact, a thing named only in a qualifier that leaves it out
// ("meat-free burgers" beside "doesn't eat meat"); a conflict for one
// out of work beside a job ([judgeWork]), and for a fact said to happen
// often beside the same fact said to happen rarely ([oftenAndRarely]).
// done reports that the verdict is final.
func judgeQualified(a, b *claim, why bool) (v Verdict, ok, done bool) {
	if resumedAfter(a, b) || resumedAfter(b, a) || a.wish != b.wish || freedOf(a, b) || freedOf(b, a) {
		return Verdict{}, false, true
	}
	if v, ok := judgeWork(a, b, why); ok {
		return v, true, true
	}
	if oftenAndRarely(a, b) {
		return Verdict{Likely, say(why, func() string { return "often, the other rarely" })}, true, true
	}
	return Verdict{}, false, false
}

// resumedOrFinal reports whether the words tw say their fact holds
// again ("again", "once more", "once again") and whether they say a
// change is for good ("for good", "forever", "for ever", "permanently").
func resumedOrFinal(tw []string) (resumed, final bool) {
	for i, w := range tw {
		next := wordAt(tw, i+1)
		switch {
		case w == "again", w == "once" && next == "more", w == "anew":
			resumed = true
		case w == "forever", w == "permanently", w == "for" && (next == "good" || next == "ever"):
			final = true
		}
	}
	return resumed, final
}

// resumedAfter reports whether now says its fact holds again ("Eva works
// at Google again", "Ruth smokes again") and then tells a past change
// the other way, not for good ("Eva left Google last year", "Ruth gave
// up smoking"): "again" says the change was undone, so both hold. A
// denial of the present ("Ana no longer lives in Oslo") or a state
// ("Tom is vegan") still meets it.
func resumedAfter(now, then *claim) bool {
	if !now.resumed || now.neg != "" || now.past || now.plan || now.wish || then.resumed || then.final {
		return false
	}
	told := then.past || then.copAt < 0 && slices.ContainsFunc(then.toks[min(1, len(then.toks)):], func(t token) bool {
		// "Teo left Spotify in 2021": [pastTense] reads "left" before a
		// noun as an adjective; with no copula it is the verb.
		return t.kind == plain && !t.value && (pastWord(t.w) || pastForms[t.w])
	})
	return told && then.neg == "" || stopped(then.neg) || removal(then.neg) && !then.negNow
}

// wished reports whether the words tw tell what their subject wants,
// hopes, plans, dreams of or saves for ("wants to visit Japan", "is
// saving up for a house", "would like to learn French"): a wish states
// no fact, so a denial of the fact ("has never been to Japan") stands
// beside it; so does a skill being learnt ("is learning to swim",
// "takes driving lessons") beside "can't swim". The verb must be one: a form in -ing after a copula ("is
// planning to"), a bare form after a pronoun ("we hope to"), a form in
// -s after no determiner; "we moved Q3 planning to July 8" is no plan.
func wished(tw []string) bool {
	for i, w := range tw {
		next, prev := wordAt(tw, i+1), ""
		if i > 0 {
			prev = tw[i-1]
		}
		verb := false
		switch {
		case strings.HasSuffix(w, "ing"):
			verb = copula(prev) || prev == "s" || prev == "re" || prev == "m"
		case strings.HasSuffix(w, "s"):
			verb = i > 0 && !determiners[prev]
		default:
			verb = slices.Contains(subjectPronouns, prev) || prev == "you"
		}
		if !verb && !(w == "like" || w == "love") {
			continue
		}
		switch w {
		case "want", "wants", "hope", "hopes", "hoping", "plan", "plans", "planning", "intend", "intends",
			"wish", "wishes", "long", "longs", "aim", "aims", "aiming":
			if next == "to" {
				return true
			}
		case "dream", "dreams", "dreaming":
			if next == "of" || next == "to" {
				return true
			}
		case "like", "love":
			if next == "to" && (prev == "would" || prev == "d") {
				return true
			}
		case "saving":
			if next == "to" || next == "for" || next == "up" {
				return true
			}
		case "learning", "training":
			// "is learning to swim", "is learning German": a skill not
			// had yet.
			return verb
		case "lessons":
			// "takes swimming lessons", "is taking driving lessons"; not
			// "gives piano lessons".
			if slices.ContainsFunc(tw[:i], func(w string) bool { return wordOf(w, "takes", "take", "taking", "took", "has", "having") }) {
				return true
			}
		}
	}
	return false
}

// freedOf reports whether shunner keeps away from a thing (a denial: "Ines
// doesn't eat meat"; a diet: "Tariq is teetotal"; an aversion: "is
// allergic to gluten", "avoids caffeine") and other names that thing
// only in a qualifier that says the thing is left out of another
// ("meat-free burgers", "non-alcoholic wine", "zero-alcohol lager",
// "gluten-free pasta", "decaf coffee"): what other takes is free of what
// shunner shuns. A thing of that kind named apart from the qualifier
// ("alcohol-free beer and whisky") still meets the denial.
func freedOf(shunner, other *claim) bool {
	shunned := shunnedWords(shunner)
	if len(shunned) == 0 || other.neg != "" {
		return false
	}
	for i, t := range other.toks {
		root, ok := freeRoot(t.w)
		for _, d := range shunned {
			if !(ok && rootOf(root, d) || !slices.Contains(shunned, t.w) && substitute(other.toks, i, d)) {
				continue
			}
			if !namedApart(other, d, i) {
				return true
			}
		}
	}
	return false
}

// substitute reports whether the word at i of ts makes the word after it
// a thing other than d, the kind that word names ([foodKinds], [kindOf]):
// a maker of substitutes before any such word ("vegan cheese",
// "plant-based burgers", "mock chicken"), or a source that makes another
// drink or spread of the word ("almond milk", "root beer", "peanut
// butter"). A source of the kind itself ("cow's milk", "wheat beer",
// "goat cheese") is no such word, nor is one the shunner names too
// ("uses no coconut milk" against "uses coconut milk").
func substitute(ts []token, i int, d string) bool {
	if i+1 >= len(ts) || ts[i].value || ts[i].name {
		return false
	}
	next := ts[i+1].w
	if next != d && foodKinds[next] != d && !slices.Contains(kindOf[next], d) {
		return false
	}
	heads, ok := substituteMakers[ts[i].w]
	return ok && (heads == nil || slices.Contains(heads, next))
}

// shunnedWords returns what c says its subject keeps away from: the
// words after its negation, after an aversion ([reactionWords],
// "avoid"), and the kinds a diet leaves out ([dietKinds]); nil when c
// tells none.
func shunnedWords(c *claim) []string {
	var out []string
	from := -1
	if c.neg != "" {
		from = int(c.negAt)
	}
	for i, t := range c.toks {
		if ks := dietKinds[t.w]; ks != nil {
			out = append(out, ks...)
		}
		if from < 0 && (reactionWords[t.w] || t.w == lemma(spelling(stem("avoid")))) {
			from = i + 1
		}
	}
	if from >= 0 {
		for _, t := range c.toks[from:] {
			if !t.value && !t.name {
				out = append(out, t.w)
			}
		}
	}
	return out
}

// freeRoot returns the thing a qualifier word leaves out, folded as claim
// words are: "meat" of "meatfree" or "meatless" (hyphens are dropped),
// "alcoholic" of "nonalcoholic", "alcohol" of "zeroalcohol", caffeine of
// "decaf"; false for a word that is no such qualifier.
func freeRoot(w string) (string, bool) {
	var root string
	switch {
	case w == "decaf" || w == lemma(spelling(stem("decaffeinated"))):
		root = "caffeine"
	case len(w) > len("free")+2 && w[len(w)-4:] == "free":
		root = w[:len(w)-4]
	case len(w) > len("less")+2 && w[len(w)-4:] == "less":
		root = w[:len(w)-4]
	case len(w) > len("non")+2 && w[:3] == "non":
		root = w[3:]
	case len(w) > len("zero")+2 && w[:4] == "zero":
		root = w[4:]
	default:
		return "", false
	}
	return lemma(spelling(stem(root))), true
}

// rootOf reports whether the qualifier's root names the shunned word d,
// or one is the other with an ending ("alcoholic", "alcohol").
func rootOf(root, d string) bool {
	const least = 4 // shortest shared stem: "meat", "salt"
	return root == d || len(d) >= least && len(root) > len(d) && root[:len(d)] == d ||
		len(root) >= least && len(d) > len(root) && d[:len(root)] == root
}

// namedApart reports whether c names d, or a thing of kind d
// ([kindOf], [foodKinds]), anywhere but in the qualifier at i and the
// word it qualifies after it.
func namedApart(c *claim, d string, i int) bool {
	for j, t := range c.toks {
		if j == i || j == i+1 {
			continue
		}
		if t.w == d || foodKinds[t.w] == d {
			return true
		}
		for _, k := range kindOf[t.w] {
			if k == d {
				return true
			}
		}
	}
	return false
}

// substituteMakers maps the words that make a thing another thing, as
// claim words fold them, to the words they change ("milk" of "oat
// milk"), or to nil when they change any thing of a kind ("vegan",
// "imitation"). Hyphens are dropped: "plant-based" is "plantbased".
// Built in [loadTables], after the tables that [lemma] reads.
var substituteMakers map[string][]string

func newSubstituteMakers() map[string][]string {
	m := map[string][]string{}
	for _, e := range [...][2]string{
		{`vegan plantbased veggie vegetarian mock imitation faux fake meatless`, ``},
		{`almond oat soy soya rice coconut cashew hemp hazelnut`, `milk cream`},
		{`root ginger`, `beer`},
		{`peanut almond cashew cocoa shea apple`, `butter`},
	} {
		for _, w := range strings.Fields(e[0]) {
			k := lemma(spelling(stem(w)))
			if e[1] == "" {
				m[k] = nil
				continue
			}
			for _, h := range strings.Fields(e[1]) {
				m[k] = append(m[k], lemma(spelling(stem(h))))
			}
		}
	}
	return m
}

// ownerAfterOf matches a thing or kin of another person told with "of" ("two
// sons of a friend", "the dog of her neighbour"): the thing, the
// person's noun.
var ownerAfterOf = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b([a-z]+) of (?:a|an|my|his|her|their|our|the|one of (?:my|his|her|their|our)) ` +
		`(friend|neighbou?r|colleague|co-?worker|cousin|client|boss|classmate|teammate|relative|sister|brother|mother|father|` +
		`aunt|uncle|partner|wife|husband|niece|nephew|parent|flatmate|roommate)s?\b`)
})

// ownerFirst writes a thing or kin of another person told with "of" as
// a possessive: "coaches two sons of a friend" is "coaches two
// friend's sons", which claims read as someone else's, not the
// subject's ("Aldo has no children" stands beside it). A part of a
// group ("all of our clients", "two of my colleagues") is no thing of
// theirs and stays as written.
func ownerFirst(s string) string {
	if !strings.Contains(s, " of ") {
		return s
	}
	re := ownerAfterOf()
	return re.ReplaceAllStringFunc(s, func(m string) string {
		sub := re.FindStringSubmatch(m)
		if w := strings.ToLower(sub[1]); groupPart(w) || numberWords[w] != "" {
			return m
		}
		return sub[2] + "'s " + sub[1]
	})
}

// groupPart reports whether w takes a part of a group before "of" ("most
// of my friends"), which [ownerFirst] leaves alone. A switch: no table
// built at init.
func groupPart(w string) bool {
	switch w {
	case "all", "most", "some", "many", "few", "several", "half", "none", "one", "each", "both", "any",
		"either", "neither", "majority", "minority", "rest", "lot", "lots", "plenty", "number", "couple",
		"third", "quarter", "which", "who":
		return true
	}
	return false
}

// statusDenials are statuses that deny the subject a kind of kin, and
// the denial they say: "is an only child" has no siblings, "is
// childless" no children; [kindDenied] then reads "his brother" or "her
// daughter" against them.
var statusDenials = sync.OnceValue(func() *strings.Replacer {
	return strings.NewReplacer(
		" is an only child", " has no siblings", " was an only child", " had no siblings",
		" is childless", " has no children", " was childless", " had no children",
	)
})

// deniedKin writes a status that denies kin as the denial ([statusDenials]).
func deniedKin(s string) string {
	if !strings.Contains(s, " only child") && !strings.Contains(s, " childless") {
		return s
	}
	return statusDenials().Replace(s)
}
