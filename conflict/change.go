package conflict

import (
	"strings"
)

// This file reads a change stated as a change ("grew to 9", "switched
// from X to Y", "replaced X with Y") as the new value.

// changeVerbs are verbs that state a change of value; followed by "to"
// within a few words, the words up to "to" (less the old value after
// "from") are the slot, and what follows is its new value.
var changeVerbs map[string]bool

func newChangeVerbs() map[string]bool {
	return setOf(`changed change changes switched switch switches moved migrated upgraded downgraded
updated bumped raised lowered increased decreased reduced cut extended shortened grew grown shrank
dropped fell rose went gone scaled expanded doubled halved set reset transferred converted adjusted
shifted pushed postponed delayed rescheduled relocated lifted resized ported transitioned slipped slid`)
}

// locChange are the change verbs that state a new place: their "to"
// becomes a location predicate ([locMark]).
var locChange map[string]bool

// changeFrame rewrites a change into the value it states: "replaced
// Trello with Asana" says Asana, "moved the team to Lisbon" that it is
// there.
func changeFrame(words []string, i int) (repl []string, n int, ok bool) {
	w := words[i]
	switch {
	case replaceVerbs[w]:
		return nil, replacedWith(words, i), true
	case changeVerbs[w] && locPredicate(words, i) == 0:
		n, from := changeTo(words, i)
		if n == 0 {
			return nil, 0, true
		}
		repl = words[i+1 : from : from]
		if len(repl) == 0 {
			// "the release party slipped to June 3" says what the
			// release party is now: its subject ends before the verb,
			// as before a copula (claim.copAt).
			repl = append(repl, "is")
		}
		if locChange[w] && !valueAfter(words, i+n) {
			// "moved to Lisbon" is a place, "moved to 10:00" or "to
			// port 6380" a value.
			repl = append(repl, "moved", "to")
		}
		return repl, n, true
	}
	return nil, 0, false
}

// valueAfter reports whether a value follows at words[k]: a number, a
// number word, a frequency or a month, or a noun and a number ("port 6380"; but "Berlin 2 years
// ago" is a place and a time).
func valueAfter(words []string, k int) bool {
	w := wordAt(words, k)
	if _, ok := months[w]; ok || hasDigit(w) || numberWords[w] != "" || periodWords[w] != "" || w == "once" || w == "twice" {
		return true
	}
	_, unit := units[wordAt(words, k+2)]
	return hasDigit(wordAt(words, k+1)) && !unit
}

// replaceVerbs replace one thing by another: "replaced X with Y".
var replaceVerbs map[string]bool

// replacedWith returns how many words at words[i], a verb of
// [replaceVerbs], say what was replaced, through "with", "for" or "by"
// within five words, or 0.
func replacedWith(words []string, i int) int {
	for j := i + 2; j < len(words) && j <= i+5; j++ {
		switch words[j] {
		case "with", "for", "by":
			return j - i + 1
		case "and", "but", "because", "so", "which":
			return 0
		}
	}
	return 0
}

// changeTo reads a change frame at words[i], a change verb: "grew to",
// "bumped the pool size to", "switched from X to". It returns the words
// the frame spans through "to" and where the slot's words end (at
// "from" or "to"), or 0 when no "to" follows within six words.
func changeTo(words []string, i int) (n, from int) {
	if changeNoun(words, i) {
		return 0, 0
	}
	from = -1
	for j := i + 1; j < len(words) && j <= i+6; j++ {
		switch words[j] {
		case "from":
			if from < 0 {
				from = j
			}
		case "to", "until", "till":
			// "extended until 2026-10-31" moves an end to that date.
			if words[j] != "to" && !valueAfter(words, j+1) {
				return 0, 0
			}
			if from < 0 {
				from = j
			}
			return j - i + 1, from
		case "and", "but", "because", "so", "which":
			return 0, 0
		}
	}
	return 0, 0
}

// changeNoun reports whether the change verb at i is a noun: a bare
// form after "a" or "an", next to it or one word on ("a change to the
// plan", "an oil change before the trip to Vigo", "a price cut"), names
// an event, not a new value.
func changeNoun(words []string, i int) bool {
	if strings.HasSuffix(words[i], "ed") || strings.HasSuffix(words[i], "s") {
		return false
	}
	for j := i - 1; j >= 0 && j >= i-2; j-- {
		if words[j] == "a" || words[j] == "an" {
			return true
		}
	}
	return false
}

// changeWords say that a fact changed.
var changeWords map[string]bool

func newChangeWords() map[string]bool {
	return setOf(`now instead anymore nowadays switched changed moved replaced became become
migrated relocated since started stopped quit rebuilt rewritten reimplemented`)
}

// changeAndAddition reports whether words say that something changed
// ("now", "instead", "switched", "no longer"), and whether they add to
// what else is said rather than replace it ("also", "too", "as well",
// "in addition", "another").
func changeAndAddition(words []string) (changed, added bool) {
	for i, w := range words {
		f := rawLex[w]
		if f&(lexChange|lexAdd) == 0 {
			continue
		}
		prev := ""
		if i > 0 {
			prev = words[i-1]
		}
		switch {
		case changeWords[w] || (w == "longer" && prev == "no"):
			changed = true
		case changeVerbs[w]:
			// "raised to", "was cut to": a new value.
			if n, _ := changeTo(words, i); n > 0 {
				changed = true
			}
		case w == "too":
			added = added || i == len(words)-1
		case w == "well":
			added = added || prev == "as"
		case w == "addition":
			added = added || prev == "in"
		case f&lexAdd != 0:
			added = true
		}
	}
	return changed, added
}
