package conflict

import (
	"slices"
	"strings"
)

// This file reads ages and birthdays said in other words: an age turned
// lately is the age now, a birthday celebrated on a day is the
// birthday's date.

// turnedAge rewrites an age the subject turned lately into the age it
// is: "Noor turned 40 last month" and "Noor just turned 40" are "Noor
// is 40". An age turned at another time ("turned 40 in 2015", "turned
// 40 when ...") is left: it returns words itself.
func turnedAge(words []string) []string {
	i := 1
	if wordAt(words, i) == "just" || wordAt(words, i) == "recently" {
		i++
	}
	if wordAt(words, i) != "turned" || !allDigits(wordAt(words, i+1)) || len(words[i+1]) > 3 {
		return words
	}
	switch rest := strings.Join(words[i+2:], " "); rest {
	case "", "last month", "last week", "this month", "this week", "this year", "yesterday", "today", "recently":
		return []string{words[0], "is", words[i+1]}
	}
	return words
}

// birthday rewrites a birthday said with "celebrates" into its noun:
// "Sam celebrates his birthday on 4 March" is "Sam's birthday is on 4
// March". It returns words itself when no such frame opens the
// sentence after a subject of one word.
func birthday(words []string) []string {
	if len(words) < 5 || words[1] != "celebrates" && words[1] != "celebrate" || words[3] != "birthday" {
		return words
	}
	switch words[2] {
	case "his", "her", "their", "my", "our":
	default:
		return words
	}
	return slices.Concat([]string{words[0] + "'s", "birthday", "is"}, words[4:])
}
