package static

import (
	"fmt"
	"regexp/syntax"
	"unicode/utf8"
)

// Bounds on how much longer a tokenizer's normalizer, and its
// pre-tokenizer, may make a text. A tokenizer.json is input like any
// other: a chain of Replace steps that each double the text would turn a
// short note into gigabytes.
const (
	// maxGrowth is the most times its input a normalizer's or a
	// pre-tokenizer's output may be, at worst.
	maxGrowth = 8
	// maxGrowthExtra is the most bytes they may add to any input, such as
	// a Prepend step's text.
	maxGrowthExtra = 1 << 10
)

// growth bounds the output of a step: at most factor times the length of
// its input plus extra bytes. Only the strings a tokenizer.json supplies
// (a Replace step's content, a Prepend step's text, a Metaspace
// replacement) count; Unicode normalization and case mapping, whose growth
// depends on the text's own characters and is bounded by Unicode, count as
// none, and the cut at run time (see [cutString]) bounds what they add.
type growth struct {
	factor, extra float64
}

// none is the growth of a step that adds no configured text.
var none = growth{factor: 1}

// then returns the growth of g followed by h.
func (g growth) then(h growth) growth {
	return growth{factor: g.factor * h.factor, extra: g.extra*h.factor + h.extra}
}

// over reports whether g passes the bounds.
func (g growth) over() bool { return g.factor > maxGrowth || g.extra > maxGrowthExtra }

// String describes g for an error.
func (g growth) String() string {
	return fmt.Sprintf("up to %.4g times its length plus %.4g bytes", g.factor, g.extra)
}

// checkGrowth refuses a step, named name, whose growth g, after the steps
// before it (before), passes the bounds.
func checkGrowth(name string, before, g growth) error {
	total := before.then(g)
	if !total.over() {
		return nil
	}
	with := ""
	if before != none {
		with = fmt.Sprintf(" (%v with the steps before it)", total)
	}
	return fmt.Errorf("%s can make a text %v%s, over the limit of %d times plus %d bytes: the tokenizer could multiply its input", name, g, with, maxGrowth, maxGrowthExtra)
}

// replaceGrowth returns the growth of replacing every match of a pattern
// whose matches are at least minLen bytes long with content.
func replaceGrowth(minLen int, content string) growth {
	n := float64(len(content))
	if minLen == 0 {
		// An empty match may stand before every byte and at the end.
		return growth{factor: 1 + n, extra: n}
	}
	return growth{factor: max(1, n/float64(minLen))}
}

// minMatch returns a lower bound on the length in bytes of a match of re.
// Every character matched takes at least one byte (an invalid byte matches
// as U+FFFD), so a literal character outside ASCII counts as its encoding
// only when matched exactly.
func minMatch(re *syntax.Regexp) int {
	switch re.Op {
	case syntax.OpNoMatch:
		return 1 << 20 // never matches: no growth
	case syntax.OpLiteral:
		n := 0
		for _, r := range re.Rune {
			if re.Flags&syntax.FoldCase != 0 || r == utf8.RuneError || r >= utf8.RuneSelf && utf8.RuneLen(r) < 1 {
				n++
			} else {
				n += max(utf8.RuneLen(r), 1)
			}
		}
		return n
	case syntax.OpCharClass, syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return 1
	case syntax.OpCapture, syntax.OpPlus:
		return minMatch(re.Sub[0])
	case syntax.OpRepeat:
		return min(re.Min*minMatch(re.Sub[0]), 1<<20)
	case syntax.OpConcat:
		n := 0
		for _, s := range re.Sub {
			n = min(n+minMatch(s), 1<<20)
		}
		return n
	case syntax.OpAlternate:
		n := 1 << 20
		for _, s := range re.Sub {
			n = min(n, minMatch(s))
		}
		return n
	}
	// Empty matches, anchors, word boundaries, star and quest.
	return 0
}

// cutString returns s cut to at most limit bytes at a rune boundary.
func cutString(s string, limit int) string {
	if len(s) <= limit {
		return s
	}
	n := limit
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// cutPieces returns pieces cut to at most limit bytes in all, the last one
// kept cut at a rune boundary.
func cutPieces(pieces []string, limit int) []string {
	for i, p := range pieces {
		if len(p) > limit {
			if p = cutString(p, limit); p == "" {
				return pieces[:i]
			}
			pieces[i] = p
			return pieces[:i+1]
		}
		limit -= len(p)
	}
	return pieces
}

// limitOf returns the most bytes a step may output for an input of n
// bytes.
func limitOf(n int) int { return maxGrowth*n + maxGrowthExtra }
