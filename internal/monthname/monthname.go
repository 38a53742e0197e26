// Package monthname holds the English month names and their usual
// abbreviations, one list for the packages that read dates in words
// (conflict reads them as dates, curate as date words).
package monthname

import (
	"slices"
	"strings"
)

// names are the months in order, lower case.
const names = `january february march april may june july august september october november december`

// Number returns the month w names, lower case, in full or by its first
// three letters or "sept" ("march", "mar", "sept"): 1 to 12, 0 when w
// names none.
func Number(w string) int {
	if w == "sept" {
		return 9
	}
	for i, n := range strings.Fields(names) {
		if w == n || w == n[:3] {
			return i + 1
		}
	}
	return 0
}

// Words returns every word [Number] reads, lower case: the twelve names,
// then their abbreviations ("may" is its own).
func Words() []string {
	full := strings.Fields(names)
	out := slices.Clone(full)
	for _, n := range full {
		if n[:3] != n {
			out = append(out, n[:3])
		}
	}
	return append(out, "sept")
}
