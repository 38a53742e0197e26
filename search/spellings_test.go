package search

import (
	"strings"
	"testing"
)

// TestKeywordQuerySearchesOtherSpellings checks that a word is also
// searched spelt the other way, British or American, and as its plural or
// singular when English forms them irregularly. The words are none of
// testdata/search/typing2.txt's, whose cases the rules were written
// beside: each stands for its rule on a word the rule was not read from.
func TestKeywordQuerySearchesOtherSpellings(t *testing.T) {
	cases := []struct{ query, want string }{
		{"neighbour", "neighbor"}, {"humor", "humour"}, {"honourable", "honorable"},
		{"theatre", "theater"}, {"fibers", "fibres"},
		{"apologise", "apologize"}, {"realization", "realisation"}, {"paralyzed", "paralysed"},
		{"offence", "offense"}, {"pretense", "pretence"},
		{"dialogue", "dialog"}, {"analogs", "analogues"}, {"kilogramme", "kilogram"},
		{"modelling", "modeling"}, {"canceled", "cancelled"},
		{"cacti", "cactus"}, {"alumnus", "alumni"}, {"bacteria", "bacterium"},
		{"curriculum", "curricula"}, {"hypotheses", "hypothesis"}, {"apices", "apex"},
		{"wolves", "wolf"}, {"thief", "thieves"}, {"wives", "wife"}, {"chairmen", "chairman"},
		{"teeth", "tooth"}, {"child", "children"},
	}
	for _, c := range cases {
		if got := KeywordQuery(c.query); !strings.Contains(got, `"`+c.want+`"`) {
			t.Errorf("KeywordQuery(%q) = %s, want it to search %q", c.query, got, c.want)
		}
	}
	for _, q := range []string{"saves", "filed", "hour", "four", "size", "news"} {
		if got := KeywordQuery(q); strings.Contains(got, " OR ") {
			t.Errorf("KeywordQuery(%q) = %s, want the word alone", q, got)
		}
	}
}
