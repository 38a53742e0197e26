// Package plural writes a count with its noun in the right number ("1
// file", "2 files"), so that every message of memweave reads alike.
package plural

import (
	"strconv"
	"strings"
)

// Count returns n and noun, the last word of which is made plural unless
// n is 1: "1 file", "2 files", "3 more entries", "0 tries".
func Count(n int, noun string) string {
	return strconv.Itoa(n) + " " + Noun(n, noun)
}

// Noun returns noun as it follows the count n: its last word made plural
// unless n is 1 (+s; +es after s, x, ch, sh; a y after a consonant
// becomes ies).
func Noun(n int, noun string) string {
	if n == 1 || noun == "" {
		return noun
	}
	switch {
	case strings.HasSuffix(noun, "y") && len(noun) > 1 && !strings.ContainsRune("aeiou", rune(noun[len(noun)-2])):
		return noun[:len(noun)-1] + "ies"
	case strings.HasSuffix(noun, "s"), strings.HasSuffix(noun, "x"), strings.HasSuffix(noun, "ch"), strings.HasSuffix(noun, "sh"):
		return noun + "es"
	}
	return noun + "s"
}

// Verb returns the present tense of a verb whose subject is a count n:
// one (singular, "is", "stays") when n is 1, else many ("are", "stay").
func Verb(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
