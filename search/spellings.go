package search

import (
	"strings"
	"sync"
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
	// kind is what the rule changes.
	kind spellingKind
}

// spellingKind is what a [spellingRule] changes.
type spellingKind int

const (
	// spelling: British or American spelling, the same word.
	spelling spellingKind = iota
	// plural: a plural and its singular, another form of the word.
	plural
	// stemmedAlike: a spelling the keyword index stems as the word
	// ("travelled", "traveled"): searching it adds nothing, a snippet
	// must still find it.
	stemmedAlike
)

// spellingRules are the regular differences between British and
// American spelling (-our/-or, -re/-er, -ise/-ize and -yse/-yze with
// their derived forms, -ence/-ense, -ogue/-og, -mme/-m, a doubled l
// before a suffix) and the plurals of words English borrowed (-ices/-ex
// and -ix, -ses/-sis, -a/-um and -on, -i/-us, -ves/-f and -fe, -men/-man),
// each way. A rule is applied to a word's end only; the other spelling is
// searched as an alternate, which costs a lookup of a word most indexes
// lack. The table is built on first use, not at init: every command of a
// fresh process runs the initialisers, and only a keyword query reads it
// (TestInitAllocatesLittle in cmd/memweave).
var spellingRules = sync.OnceValue(func() []spellingRule {
	rules := []spellingRule{
		// Latin and Greek plurals, and the others formed by a rule.
		{"ices", []string{"ex", "ix"}, 6, 2, plural}, {"ex", []string{"ices"}, 5, 3, plural}, {"ix", []string{"ices"}, 5, 3, plural},
		{"ses", []string{"sis"}, 6, 3, plural}, {"sis", []string{"ses"}, 6, 3, plural},
		{"ria", []string{"rion"}, 7, 3, plural}, {"rion", []string{"ria"}, 8, 3, plural},
		{"ena", []string{"enon"}, 7, 3, plural}, {"enon", []string{"ena"}, 8, 3, plural},
		{"a", []string{"um"}, 4, 3, plural}, {"um", []string{"a"}, 5, 3, plural},
		{"i", []string{"us"}, 5, 3, plural}, {"us", []string{"i"}, 5, 3, plural},
		{"lves", []string{"lf"}, 6, 2, plural}, {"lf", []string{"lves"}, 4, 2, plural},
		{"ives", []string{"ife"}, 5, 1, plural}, {"ife", []string{"ives"}, 4, 1, plural},
		{"eaves", []string{"eaf"}, 6, 1, plural}, {"eaf", []string{"eaves"}, 4, 1, plural},
		{"ieves", []string{"ief"}, 6, 1, plural}, {"ief", []string{"ieves"}, 4, 1, plural},
		{"men", []string{"man"}, 5, 2, plural}, {"man", []string{"men"}, 5, 2, plural},
		// British and American spelling.
		{"ogue", []string{"og"}, 6, 3, spelling}, {"og", []string{"ogue"}, 5, 3, spelling},
		{"ogues", []string{"ogs"}, 7, 3, spelling}, {"ogs", []string{"ogues"}, 6, 3, spelling},
		{"gramme", []string{"gram"}, 7, 1, spelling}, {"gram", []string{"gramme"}, 5, 1, spelling},
		{"grammes", []string{"grams"}, 8, 1, spelling}, {"grams", []string{"grammes"}, 6, 1, spelling},
		{"ence", []string{"ense"}, 6, 2, spelling}, {"ense", []string{"ence"}, 6, 2, spelling},
	}
	// The ending and each suffix that may follow it.
	pairs := []struct {
		uk, us   string
		suffixes []string
		min      int
		stem     int
		kind     spellingKind
	}{
		{"our", "or", []string{"", "s", "ed", "ing", "ite", "ites", "able", "ful", "er", "ers", "al", "less"}, 5, 2, spelling},
		{"tre", "ter", []string{"", "s", "d"}, 5, 2, spelling},
		{"bre", "ber", []string{"", "s"}, 5, 2, spelling},
		{"is", "iz", []string{"e", "es", "ed", "ing", "er", "ers", "ation", "ations"}, 6, 3, spelling},
		{"ys", "yz", []string{"e", "es", "ed", "ing", "er", "ers"}, 6, 3, spelling},
		{"ell", "el", []string{"ed", "ing", "er", "ers", "or", "ors"}, 7, 3, stemmedAlike},
		{"all", "al", []string{"ed", "ing"}, 7, 3, stemmedAlike},
	}
	for _, p := range pairs {
		for _, s := range p.suffixes {
			rules = append(rules, spellingRule{p.uk + s, []string{p.us + s}, p.min, p.stem, p.kind},
				spellingRule{p.us + s, []string{p.uk + s}, p.min - (len(p.uk) - len(p.us)), p.stem, p.kind})
		}
	}
	return rules
})

// spellingAlternates returns the other spellings of a query's plain words
// (letters alone, not stop words) to search: what each [spellingRules]
// rule writes of a word's end ("colour" as "color", "organization" as
// "organisation"), and, when plurals, its irregular plural or singular
// ([irregularPlurals], the plural rules: "indices" as "index" and
// "indix", "knives" as "knife"); and those to show in snippets only,
// which the keyword index stems alike ("travelled" as "traveled"). Most
// are words no note holds; the keyword index finds the one a note holds.
// The caller asks for plurals in a short query, whose every word carries
// it: in a sentence the other words do, and "people" as "person", or
// "children" as "child", ranks other passages among the answers (see
// docs/search.md).
func spellingAlternates(toks []queryToken, plurals bool) (search, shown []string) {
	for _, t := range toks {
		if t.cjk {
			continue
		}
		s, sh := spellingsOf(t.text, plurals)
		search, shown = append(search, s...), append(shown, sh...)
	}
	return search, shown
}

// spellingsOf returns the other spellings of the query word w that
// [spellingAlternates] searches, and those it shows only.
func spellingsOf(w string, plurals bool) (search, shown []string) {
	if tokenize.IsStopWord(w) || strings.ContainsFunc(w, func(r rune) bool { return !unicode.IsLetter(r) }) {
		return nil, nil
	}
	for _, p := range irregularPlurals {
		switch {
		case !plurals:
		case w == p[0]:
			search = append(search, p[1])
		case w == p[1]:
			search = append(search, p[0])
		}
	}
	n := utf8.RuneCountInString(w)
	for _, r := range spellingRules() {
		stem, ok := strings.CutSuffix(w, r.from)
		if !ok || n < r.min || utf8.RuneCountInString(stem) < r.stem || r.kind == plural && !plurals {
			continue
		}
		for _, to := range r.to {
			if r.kind == stemmedAlike {
				shown = append(shown, stem+to)
			} else {
				search = append(search, stem+to)
			}
		}
	}
	return search, shown
}
