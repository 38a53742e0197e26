package search

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memweave/memweave-go/tokenize"
)

// irregularPlurals are English plurals no suffix rule of [spellingRules]
// forms, with their singular.
var irregularPlurals = [][2]string{
	{"mice", "mouse"},
	{"lice", "louse"},
	{"geese", "goose"},
	{"feet", "foot"},
	{"teeth", "tooth"},
	{"people", "person"},
	{"children", "child"},
	{"oxen", "ox"},
}

// spellingRule writes a word's ending another way: a word of at least
// min letters ending in from (before which at least stem letters stand)
// is also searched ending in each of to.
type spellingRule struct {
	from string
	to   []string
	min  int
	stem int
}

// spellingRules are the regular differences between British and
// American spelling (-our/-or, -re/-er, -ise/-ize and -yse/-yze with
// their derived forms, -ence/-ense, -ogue/-og, -mme/-m, a doubled l
// before a suffix) and the plurals of words English borrowed (-ices/-ex
// and -ix, -ses/-sis, -a/-um and -on, -i/-us, -ves/-f and -fe, -men/-man),
// each way. A rule is applied to a word's end only; the other spelling is
// searched as an alternate, which costs a lookup of a word most indexes
// lack.
var spellingRules = func() []spellingRule {
	rules := []spellingRule{
		// Latin and Greek plurals, and the others formed by a rule.
		{"ices", []string{"ex", "ix"}, 6, 2}, {"ex", []string{"ices"}, 5, 3}, {"ix", []string{"ices"}, 5, 3},
		{"ses", []string{"sis"}, 6, 3}, {"sis", []string{"ses"}, 6, 3},
		{"ria", []string{"rion"}, 7, 3}, {"rion", []string{"ria"}, 8, 3},
		{"ena", []string{"enon"}, 7, 3}, {"enon", []string{"ena"}, 8, 3},
		{"a", []string{"um"}, 4, 3}, {"um", []string{"a"}, 5, 3},
		{"i", []string{"us"}, 5, 3}, {"us", []string{"i"}, 5, 3},
		{"lves", []string{"lf"}, 6, 2}, {"lf", []string{"lves"}, 4, 2},
		{"ives", []string{"ife"}, 5, 1}, {"ife", []string{"ives"}, 4, 1},
		{"eaves", []string{"eaf"}, 6, 1}, {"eaf", []string{"eaves"}, 4, 1},
		{"ieves", []string{"ief"}, 6, 1}, {"ief", []string{"ieves"}, 4, 1},
		{"men", []string{"man"}, 5, 2}, {"man", []string{"men"}, 5, 2},
		// British and American spelling.
		{"ogue", []string{"og"}, 6, 3}, {"og", []string{"ogue"}, 5, 3},
		{"ogues", []string{"ogs"}, 7, 3}, {"ogs", []string{"ogues"}, 6, 3},
		{"gramme", []string{"gram"}, 7, 1}, {"gram", []string{"gramme"}, 5, 1},
		{"grammes", []string{"grams"}, 8, 1}, {"grams", []string{"grammes"}, 6, 1},
		{"ence", []string{"ense"}, 6, 2}, {"ense", []string{"ence"}, 6, 2},
	}
	// The ending and each suffix that may follow it.
	pairs := []struct {
		uk, us   string
		suffixes []string
		min      int
		stem     int
	}{
		{"our", "or", []string{"", "s", "ed", "ing", "ite", "ites", "able", "ful", "er", "ers", "al", "less"}, 5, 2},
		{"tre", "ter", []string{"", "s", "d"}, 5, 2},
		{"bre", "ber", []string{"", "s"}, 5, 2},
		{"is", "iz", []string{"e", "es", "ed", "ing", "er", "ers", "ation", "ations"}, 6, 3},
		{"ys", "yz", []string{"e", "es", "ed", "ing", "er", "ers"}, 6, 3},
		{"ell", "el", []string{"ed", "ing", "er", "ers", "or", "ors"}, 7, 3},
		{"all", "al", []string{"ed", "ing"}, 7, 3},
	}
	for _, p := range pairs {
		for _, s := range p.suffixes {
			rules = append(rules, spellingRule{p.uk + s, []string{p.us + s}, p.min, p.stem},
				spellingRule{p.us + s, []string{p.uk + s}, p.min - (len(p.uk) - len(p.us)), p.stem})
		}
	}
	return rules
}()

// spellingAlternates returns the other spellings of a query's plain words
// (letters alone, not stop words): its irregular plural or singular
// ([irregularPlurals]) and what each [spellingRules] rule writes of its
// end ("colour" as "color", "organization" as "organisation", "indices"
// as "index" and "indix", "knives" as "knife"). Most are words no note
// holds; the keyword index finds the one a note holds.
func spellingAlternates(toks []queryToken) []string {
	var out []string
	for _, t := range toks {
		w := t.text
		if t.cjk || tokenize.IsStopWord(w) || strings.ContainsFunc(w, func(r rune) bool { return !unicode.IsLetter(r) }) {
			continue
		}
		for _, p := range irregularPlurals {
			switch w {
			case p[0]:
				out = append(out, p[1])
			case p[1]:
				out = append(out, p[0])
			}
		}
		n := utf8.RuneCountInString(w)
		for _, r := range spellingRules {
			stem, ok := strings.CutSuffix(w, r.from)
			if !ok || n < r.min || utf8.RuneCountInString(stem) < r.stem {
				continue
			}
			for _, to := range r.to {
				out = append(out, stem+to)
			}
		}
	}
	return out
}
