package curate

import (
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// proseSpellings returns the prose p with each value or word that
// writers spell two ways written one way, for [rendered]: "percent"
// and "per cent" after a number as
// "%", a currency sign after a number before it ("40 €" is "€40"),
// "version" before a number as "v", the titles and street words
// abbreviated with a full stop in full ([abbreviationsInFull]), and British
// spellings as American ones ([americanSpelling]). Only a text that
// writes the other spelling of the same word is read the same: "m²"
// against "m³", "$40" against "€40", "3%" against "3 percentage
// points", "Dr." against "Drive" still differ. A superscript or
// subscript is not read as a digit, even in a unit or a formula ("m²"
// against "m2", "H₂O" against "H2O": pairs16 labels the first distinct).
func proseSpellings(p string) string {
	p = percentWord().ReplaceAllString(p, "$1%")
	p = currencyAfter().ReplaceAllString(p, "$1$3$2$4")
	p = versionWord().ReplaceAllString(p, "${1}v$2")
	p = abbreviationsInFull(p)
	return americanSpellings(p)
}

// Patterns of [proseSpellings].
var (
	percentWord = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`([0-9](?:[0-9.,]*[0-9])?) (?:percent|per cent)\b`)
	})
	currencyAfter = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(^|[^0-9.,])([0-9](?:[0-9.,]*[0-9])?) ?([€£¥₹$])([^A-Za-z0-9_{(]|$)`)
	})
	versionWord = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(^|[^A-Za-z0-9_.\-])(?:[Vv]ersion |V)([0-9])`)
	})
	abbreviated = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?:^|[^A-Za-z0-9_.])(Dr|Prof|Mt|St|Ave|Rd|Blvd)\.(?: |$)`)
	})
)

// abbreviations are the titles and street words [abbreviationsInFull]
// writes in full, each with where the name it goes with stands: a
// title before it ("Dr. Okafor"), a street word after it ("Harbour
// St.").
var abbreviations = sync.OnceValue(func() map[string]struct {
	full   string
	before bool
} {
	return map[string]struct {
		full   string
		before bool
	}{
		"Dr": {"Doctor", true}, "Prof": {"Professor", true}, "Mt": {"Mount", true},
		"St": {"Street", false}, "Ave": {"Avenue", false}, "Rd": {"Road", false}, "Blvd": {"Boulevard", false},
	}
})

// abbreviationsInFull returns p with each abbreviation of
// [abbreviations] written in full where a capitalised name stands on
// its side: "Dr. Okafor" is "Doctor Okafor", "14 Harbour St." "14
// Harbour Street"; "Mill Dr." (Drive) and "St. Gallen" (Saint) are
// kept.
func abbreviationsInFull(p string) string {
	var edits []edit
	for _, m := range abbreviated().FindAllStringSubmatchIndex(p, -1) {
		s, e := m[2], m[3]
		a := abbreviations()[p[s:e]]
		if a.before && !capitalised(p[min(e+2, len(p)):]) || !a.before && !capitalisedBefore(p[:s]) {
			continue
		}
		edits = append(edits, edit{s, e + 1, a.full}) // the full stop too
	}
	return spliced(p, edits)
}

// capitalised reports whether s begins with an upper-case letter.
func capitalised(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsUpper(r)
}

// capitalisedBefore reports whether the word that ends s, after one
// space, is capitalised.
func capitalisedBefore(s string) bool {
	t, ok := strings.CutSuffix(s, " ")
	if !ok {
		return false
	}
	return capitalised(t[strings.LastIndexByte(t, ' ')+1:])
}

// americanSpellings returns p with each prose word of lower-case ASCII
// letters ([standsAlone]) that a British spelling rule reads written the
// American way ([americanSpelling]); a capitalised word may be a name
// ("Seymour" is not "Seymor").
func americanSpellings(p string) string {
	var edits []edit
	for _, w := range asciiWords(p) {
		word := p[w[0]:w[1]]
		if !standsAlone(p, w[0], w[1]) {
			continue
		}
		if strings.ToLower(word) != word {
			continue // a name ("Seymour", "Sartre"), or a sentence's first word
		}
		if us := americanSpelling(word); us != word {
			edits = append(edits, edit{w[0], w[1], us})
		}
	}
	return spliced(p, edits)
}

// edit is a span of a text, from and to, and what takes its place.
type edit struct {
	from, to int
	text     string
}

// spliced returns p with each span of edits (in order, apart) replaced
// by its text.
func spliced(p string, edits []edit) string {
	if len(edits) == 0 {
		return p
	}
	var b strings.Builder
	at := 0
	for _, e := range edits {
		b.WriteString(p[at:e.from])
		b.WriteString(e.text)
		at = e.to
	}
	b.WriteString(p[at:])
	return b.String()
}

// britishWords are the British spellings no suffix rule of
// [americanSpelling] reads, with their American ones.
var britishWords = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"licence": "license", "licences": "licenses", "defence": "defense", "offence": "offense",
		"offences": "offenses", "pretence": "pretense", "grey": "gray", "programme": "program",
		"programmes": "programs", "aluminium": "aluminum", "fibre": "fiber", "fibres": "fibers",
		"calibre": "caliber", "sombre": "somber",
	}
})

// britishSuffixes are the British endings [americanSpelling] writes the
// American way, each with the fewest letters a word holds before it:
// enough that no short word of another meaning is read ("four", "hour",
// "tour" keep "our"; "advise", "raise", "praise" keep "ise"; "rogue",
// "vogue" keep "ogue"; "timbre" is not "timber").
var britishSuffixes = sync.OnceValue(func() []struct {
	uk, us string
	stem   int
} {
	return []struct {
		uk, us string
		stem   int
	}{
		{"ourite", "orite", 3}, {"ourites", "orites", 3}, {"ourable", "orable", 3}, {"ourful", "orful", 3},
		{"ouring", "oring", 3}, {"oured", "ored", 3}, {"ours", "ors", 3}, {"our", "or", 3},
		{"isation", "ization", 4}, {"isations", "izations", 4}, {"ising", "izing", 4}, {"ised", "ized", 4},
		{"ises", "izes", 4}, {"iser", "izer", 4}, {"isers", "izers", 4}, {"ise", "ize", 4},
		{"ysing", "yzing", 3}, {"ysed", "yzed", 3}, {"yses", "yzes", 3}, {"yse", "yze", 3},
		{"ogues", "ogs", 4}, {"ogue", "og", 4},
		{"tres", "ters", 2}, {"tred", "tered", 2}, {"tre", "ter", 2},
	}
})

// americanSpelling returns the American spelling of the lower-case
// British word w ([britishWords], [britishSuffixes]), or w.
func americanSpelling(w string) string {
	if us, ok := britishWords()[w]; ok {
		return us
	}
	for _, s := range britishSuffixes() {
		if stem, ok := strings.CutSuffix(w, s.uk); ok && len(stem) >= s.stem {
			return stem + s.us
		}
	}
	return w
}
