package main

import (
	"regexp"
	"strings"
	"testing"
)

// TestSafeName holds safeName to the rule it replaced, the regexp
// ^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$, on edge cases and on every string
// of up to three characters from a small alphabet.
func TestSafeName(t *testing.T) {
	rule := regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$`)
	cases := []string{"", "a", "Z9", "doc-1", "a.b_c-d", "_a", ".a", "-a", "a b", "a/b", "é", "a\x00",
		strings.Repeat("a", 128), strings.Repeat("a", 129), "a" + strings.Repeat("-", 127), "a" + strings.Repeat("-", 128)}
	const alphabet = "aZ0_.-/ é"
	var grow func(prefix string, n int)
	grow = func(prefix string, n int) {
		cases = append(cases, prefix)
		if n == 0 {
			return
		}
		for _, r := range alphabet {
			grow(prefix+string(r), n-1)
		}
	}
	grow("", 3)
	for _, c := range cases {
		if got, want := safeName(c), rule.MatchString(c); got != want {
			t.Errorf("safeName(%q) = %v, want %v", c, got, want)
		}
	}
}
