package search

import (
	"slices"
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
	// Stemmed alike by the index: shown in snippets, not searched again.
	for _, c := range []struct{ query, want string }{{"modelling", "modeling"}, {"canceled", "cancelled"}} {
		if qp := (QueryOptions{}).planQuery(c.query); !slices.Contains(qp.highlight, c.want) || strings.Contains(qp.keyword, c.want) {
			t.Errorf("planQuery(%q) = %q, highlight %q, want %q highlighted only", c.query, qp.keyword, qp.highlight, c.want)
		}
	}
	// A sentence's plurals are not searched in their other forms.
	if got := KeywordQuery("how did the people in the office handle the crises"); strings.Contains(got, "person") || strings.Contains(got, "crisis") {
		t.Errorf("KeywordQuery(a sentence) = %s, want no plural's other form", got)
	}
	for _, q := range []string{"saves", "filed", "hour", "four", "size", "news"} {
		if got := KeywordQuery(q); strings.Contains(got, " OR ") {
			t.Errorf("KeywordQuery(%q) = %s, want the word alone", q, got)
		}
	}
}

// TestKeywordQuerySearchesShortForms checks the short forms a query
// searches: a short form's words in any query, a word's short forms in
// a short one, and the plural of either.
func TestKeywordQuerySearchesShortForms(t *testing.T) {
	for _, c := range []struct{ query, want string }{
		{"cfg", "configuration"}, {"docs", "documentation"}, {"repos", "repository"},
		{"configuration", "cfg"}, {"repositories", "repo"}, {"k8s", "kubernetes"},
		{"where is the prod db password kept these days", "production"},
	} {
		if got := KeywordQuery(c.query); !strings.Contains(got, `"`+c.want+`"`) {
			t.Errorf("KeywordQuery(%q) = %s, want it to search %q", c.query, got, c.want)
		}
	}
	for _, c := range []struct{ query, not string }{
		{"What is the AWS account ID for production?", `"prod"`}, // a sentence
		{"cat", " OR "}, {"wall", " OR "}, {"plan", " OR "}, // no short forms
	} {
		if got := KeywordQuery(c.query); strings.Contains(got, c.not) {
			t.Errorf("KeywordQuery(%q) = %s, want no %s", c.query, got, c.not)
		}
	}
}

// TestDateCountsAsItsWords checks that a date's ISO phrase is an
// alternate of each word writing it, for the keyword score.
func TestDateCountsAsItsWords(t *testing.T) {
	for _, c := range []struct {
		query string
		want  map[string]string
	}{
		{"3rd of November", map[string]string{"3rd": "11 03", "november": "11 03"}},
		{"Nov 3 2026 dentist", map[string]string{"nov": "2026 11 03", "3": "2026 11 03", "2026": "2026 11 03"}},
		{"2026-11-03", map[string]string{"2026-11-03": "nov 3 2026"}},
	} {
		qp := (QueryOptions{}).planQuery(c.query)
		for term, alt := range c.want {
			i := slices.Index(qp.terms, term)
			if i < 0 || i >= len(qp.alts) || !slices.Contains(qp.alts[i], alt) {
				t.Errorf("planQuery(%q): terms %q, alts %q, want %q an alternate of %q", c.query, qp.terms, qp.alts, alt, term)
			}
		}
	}
	if qp := (QueryOptions{}).planQuery("dentist on the 3rd"); qp.alts != nil {
		t.Errorf("planQuery(no month) alts = %q, want none", qp.alts)
	}
}
