package curate

import (
	"cmp"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/memweave/memweave-go/tokenize"
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
// points", "Dr." against "Drive" still differ. A superscript is read
// as a digit only in a length unit's power after a number ("120 m²" is
// "120 m2": [unitPowers]), a subscript only in a chemical formula
// ([formulaDigits]).
func proseSpellings(p string) string {
	p = clockTimes(numberGlyphs(glyphsASCII(unitPowers(formulaDigits(romanNumbers(writtenForms(p)))))))
	p = percentWord().ReplaceAllString(p, "$1%")
	p = currencyAfter().ReplaceAllString(p, "$1$3$2$4")
	p = versionWord().ReplaceAllString(p, "${1}v$2")
	p = abbreviationsInFull(unitsInFull(shortForms(proseAbbreviationsInFull(contractionsInFull(p)))))
	return measures(multiples(americanSpellings(p)))
}

// contractions are the contracted negations and copulas writers spell
// either way, with the words in full ("don't" is "do not", "can't" is
// "cannot", "it's" is "it is": "it's been" is then "it is been", which
// "it has been" is not, so such a pair stays held).
var contractions = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"don't": "do not", "doesn't": "does not", "didn't": "did not", "isn't": "is not", "aren't": "are not",
		"wasn't": "was not", "weren't": "were not", "hasn't": "has not", "haven't": "have not", "hadn't": "had not",
		"won't": "will not", "can't": "cannot", "couldn't": "could not", "shouldn't": "should not",
		"wouldn't": "would not", "mustn't": "must not", "needn't": "need not", "it's": "it is", "that's": "that is",
		"there's": "there is",
	}
})

// contracted matches a word with an apostrophe, straight or curly, for
// [contractionsInFull].
var contracted = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\b[A-Za-z]+['’][a-z]+\b`) })

// contractionsInFull returns p with each of [contractions] written in
// full, in lower case or with its first letter capitalised ("Don't" is
// "Do not"); a word in capitals or of other letters is kept.
func contractionsInFull(p string) string {
	return contracted().ReplaceAllStringFunc(p, func(w string) string {
		key := strings.ReplaceAll(w, "’", "'")
		lower := strings.ToLower(key)
		full, ok := contractions()[lower]
		switch {
		case !ok:
			return w
		case key == lower:
			return full
		case key[1:] == lower[1:]:
			return strings.ToUpper(full[:1]) + full[1:]
		}
		return w
	})
}

// unitWords are the abbreviations of units of time, and of the metric
// units of length, mass and volume with a prefix, that prose writes in
// full as often, after a number: "20 min" is "20 minutes", "40 cm" "40
// centimetres". "m" (metres, minutes or millions), "g", "l" and "s"
// after a slash ("requests/s") are not read.
var unitWords = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(^|[^0-9A-Za-z_.,])([0-9]+(?:\.[0-9]+)?) (mins?|secs?|hrs?|h|mm|cm|km|mg|kg|ml|wks?|yrs?|lbs?|ft)\b([^/A-Za-z0-9_]|$)`)
})

// unitNames are the units of [unitWords] in full, in American spelling
// ([americanSpellings] reads "centimetres" so).
var unitNames = map[string]string{
	"min": "minute", "mins": "minute", "sec": "second", "secs": "second", "hr": "hour", "hrs": "hour", "h": "hour",
	"mm": "millimeter", "cm": "centimeter", "km": "kilometer", "mg": "milligram", "kg": "kilogram", "ml": "milliliter",
	"wk": "week", "wks": "week", "yr": "year", "yrs": "year", "lb": "pound", "lbs": "pound", "ft": "foot",
}

// proseAbbreviations are abbreviations of prose words with one meaning,
// written with their stop or slash, and the words in full: "approx.
// 240" is "approximately 240", "w/ the date" "with the date".
var proseAbbreviations = map[string]string{
	"approx.": "approximately", "w/": "with", "w/o": "without", "incl.": "including", "esp.": "especially", "vs.": "versus",
}

// proseAbbreviation matches a word of [proseAbbreviations] standing
// alone, in lower case, before a space.
var proseAbbreviation = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(^|[\s(])(approx\.|w/o|w/|incl\.|esp\.|vs\.) `)
})

// proseAbbreviationsInFull returns p with each of [proseAbbreviations]
// written in full.
func proseAbbreviationsInFull(p string) string {
	if !strings.ContainsAny(p, "./") {
		return p
	}
	return proseAbbreviation().ReplaceAllStringFunc(p, func(m string) string {
		sub := proseAbbreviation().FindStringSubmatch(m)
		return sub[1] + proseAbbreviations[sub[2]] + " "
	})
}

// unitsInFull returns p with each of [unitWords] written in full, singular
// after "1" ("1 hr" is "1 hour", "2 h" is "2 hours").
func unitsInFull(p string) string {
	return unitWords().ReplaceAllStringFunc(p, func(m string) string {
		sub := unitWords().FindStringSubmatch(m)
		full := unitNames[sub[3]]
		switch {
		case sub[2] == "1":
		case full == "foot":
			full = "feet"
		default:
			full += "s"
		}
		return sub[1] + sub[2] + " " + full + sub[4]
	})
}

// Patterns of [proseSpellings].
var (
	percentWord = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`([0-9](?:[0-9.,]*[0-9])?)(?: percent\b| per cent\b| %)`)
	})
	currencyAfter = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(^|[^0-9.,])([0-9](?:[0-9.,]*[0-9])?) ?([€£¥₹$])([^A-Za-z0-9_{(]|$)`)
	})
	versionWord = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(^|[^A-Za-z0-9_.\-])(?:[Vv]ersion |V)([0-9])`)
	})
	abbreviated = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?:^|[^A-Za-z0-9_.])(Dr|Prof|Mt|St|Ave|Rd|Blvd)(\.?)(?: |$)`)
	})
)

// abbreviations are the titles and street words [abbreviationsInFull]
// writes in full, each with where the name it goes with stands: a
// title before it ("Dr. Okafor"), a street word after it ("Harbour
// St.").
var abbreviations = sync.OnceValue(func() map[string]abbreviation {
	return map[string]abbreviation{
		"Dr": {"Doctor", true, "Drive"}, "Prof": {"Professor", true, ""}, "Mt": {"Mount", true, ""},
		"St": {"Street", false, ""}, "Ave": {"Avenue", false, ""}, "Rd": {"Road", false, ""}, "Blvd": {"Boulevard", false, ""},
	}
})

// abbreviation is an entry of [abbreviations]: the word in full, whether
// the name it goes with stands after it (a title), and the street word
// a title's abbreviation also stands for after a street's name ("Mill
// Dr." is "Mill Drive"), if any.
type abbreviation struct {
	full   string
	before bool
	after  string
}

// abbreviationsInFull returns p with each abbreviation of
// [abbreviations] written in full where a capitalised name stands on
// its side: "Dr. Okafor" and "Dr Okafor" are "Doctor Okafor", "14
// Harbour St." "14 Harbour Street", "Mill Dr. at the gate" "Mill Drive
// at the gate"; "St. Gallen" (Saint) is kept, and so is a street word
// without its full stop ("St" may be anything).
func abbreviationsInFull(p string) string {
	var edits []edit
	for _, m := range abbreviated().FindAllStringSubmatchIndex(p, -1) {
		s, e, stop := m[2], m[5], m[5] > m[4]
		a := abbreviations()[p[s:m[3]]]
		switch {
		case a.before && capitalised(p[min(e+1, len(p)):]):
		case stop && a.after != "" && capitalisedBefore(p[:s]):
			a.full = a.after // "Mill Dr. at the gate": a street's name, no title's
		case !a.before && stop && capitalisedBefore(p[:s]):
		default:
			continue
		}
		edits = append(edits, edit{s, e, a.full}) // the full stop too
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
// letters ([standsAlone]) that names nothing ([named]) and a British spelling rule reads written the
// American way ([americanSpelling]); a capitalised word may be a name
// ("Seymour" is not "Seymor"). A word ending in "ed" or "ing" is a
// verb's form, no name, even after a kind noun ("the customer
// cancelled").
func americanSpellings(p string) string {
	var edits []edit
	for _, w := range asciiWords(p) {
		word := p[w[0]:w[1]]
		if !standsAlone(p, w[0], w[1]) {
			continue
		}
		verb := strings.HasSuffix(word, "ed") || strings.HasSuffix(word, "ing") // "the customer cancelled"
		lower := strings.ToLower(word)
		bidding := lower != word && word[1:] == lower[1:] && bids(p, w[0], w[1])
		if lower != word && !bidding || !verb && named(p, w[0], w[1]) {
			continue // a name ("Seymour", "Sartre", "the colour package"), or a sentence's first word
		}
		if us := americanSpelling(lower); us != lower {
			if bidding {
				us = strings.ToUpper(us[:1]) + us[1:] // "Organise the files": "Organize"
			}
			edits = append(edits, edit{w[0], w[1], us})
		}
	}
	return spliced(p, edits)
}

// bids reports whether the word p[s:e] opens a sentence, a line or a
// list item and a determiner follows it: an imperative ("Organise the
// files", "Colour each cell"), a verb, where a name would need one of its
// own ("Harbour runs the registry" is held).
func bids(p string, s, e int) bool {
	before := strings.TrimRight(p[:s], " \t")
	before = strings.TrimRight(strings.TrimRight(before, "-*+"), " \t")
	if before != "" && !strings.ContainsAny(before[len(before)-1:], ".!?\n") {
		return false
	}
	next := strings.Fields(p[e:])
	return e < len(p) && p[e] == ' ' && len(next) > 0 && bareWords().determiners[strings.ToLower(next[0])]
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
		"calibre": "caliber", "sombre": "somber", "practise": "practice", "practised": "practiced",
		"practises": "practices", "practising": "practicing",
	}
})

// britishSuffixes are the British endings [americanSpelling] writes the
// American way, each with the fewest letters a word holds before it:
// enough that no short word of another meaning is read ("four", "hour",
// "tour" keep "our"; "advise", "raise", "praise" keep "ise"; "rogue",
// "vogue" keep "ogue"; "timbre" is not "timber"). A double "l" before
// "ed", "ing" or "er" ("cancelled", "modelling", "traveller", "fuelled",
// "signalled") is one, as
// in American spelling; a word stressed on that syllable ("propelled")
// is read alike in both texts, and no other word is spelled so.
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
		{"elled", "eled", 2}, {"elling", "eling", 2}, {"eller", "eler", 3}, {"ellers", "elers", 3},
		{"alled", "aled", 3}, {"alling", "aling", 3}, {"ysers", "yzers", 3}, {"yser", "yzer", 3},
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

// kindNouns are the nouns a name stands beside in prose, for [named]:
// "the host web-app", "the role data-reader", "the branch
// log-rotation", and the commands a host's name follows ("ssh web-app",
// "drain web-app"). kindNounsAfter are those a name also stands before
// ("the colour package", "the web-app host"); a word before "service",
// "database" or "team" is as often a plain adjective ("a multi-region
// database").
var (
	kindNouns = sync.OnceValue(func() map[string]bool {
		return setOf(`host hostname server node branch role account bucket queue topic repo repository
database db schema table column field key flag option package module crate gem library plugin
service namespace cluster project channel tag label image container pod vm instance domain
group folder directory command variable setting property parameter binary alias named
called ssh ping reboot restart drain cordon vlan vpc subnet network zone region site tenant realm
registry space wiki workspace pipeline job workflow stack app application env environment org user
login mailbox list index volume disk share drive vault secret policy rule profile template board
dashboard report view sheet page endpoint route gateway proxy firewall vpn printer room store shop
product feature experiment campaign deployment release chart remote bot webhook client customer
partner vendor tenant category section channel stream`)
	})
	kindNounsAfter = sync.OnceValue(func() map[string]bool {
		return setOf(`host hostname server branch role account bucket queue topic repo repository
column field key flag option package module crate gem library plugin namespace container image
variable setting property parameter binary alias command box machine vm node instance pod`)
	})
)

// named reports whether the word p[s:e] names a thing, whose letters a
// form rule must keep as written: the word right after one of
// [kindNouns] or a word in capitals (or its plural, after a colon or in
// quotes: "Host: web-app", "the hosts web-app and db", "the host
// \"web-app\"", "the VLAN back-office") or right before one of
// [kindNounsAfter], written against "=" (a key or its value:
// "colour=never", "--theme=colour", "colour = never"), or after "and",
// "or" or a comma that follows a name ("the hosts db-main and web-app").
func named(p string, s, e int) bool {
	return namedAt(p, s, e, true)
}

// namedAt is [named]; listed is whether a name before it in a list
// ("db-main and web-app") is read too.
func namedAt(p string, s, e int, listed bool) bool {
	before, after := strings.TrimRight(p[:s], ` "'“‘`), strings.TrimLeft(p[e:], ` "'”’`)
	if strings.HasSuffix(before, "=") || strings.HasPrefix(after, "=") {
		return true
	}
	if b := strings.TrimSuffix(before, ":"); len(b) < s {
		if i := strings.LastIndexFunc(b, func(r rune) bool { return !unicode.IsLetter(r) }); i >= 0 {
			_, size := utf8.DecodeRuneInString(b[i:])
			b = b[i+size:] // past the whole rune: "moved—host"
		}
		prev := strings.ToLower(b)
		if kindNouns()[prev] || kindNouns()[strings.TrimSuffix(prev, "s")] || inCapitals(b) && !tokenize.IsStopWord(prev) {
			return true
		}
		if listed && (prev == "and" || prev == "or" || strings.HasSuffix(before, ",")) {
			if ps, pe, ok := wordBefore(p, s); ok && namedAt(p, ps, pe, false) {
				return true
			}
		}
	}
	if len(after) < len(p)-e {
		if end := strings.IndexFunc(after, func(r rune) bool { return !unicode.IsLetter(r) }); end >= 0 {
			after = after[:end]
		}
		return kindNounsAfter()[strings.ToLower(after)]
	}
	return false
}

// romanHeads are the names of numbered parts that writers number with
// Roman numerals as often as with digits ("Phase II", "Stage III",
// "Part IV", "chapter XII"), for [romanNumbers]; an appendix, an annex
// or a category is as often lettered ("Appendix I" may be the ninth,
// "Category X" is a letter).
var romanHeads = sync.OnceValue(func() map[string]bool {
	return setOf(`phase stage part tier level chapter volume section class grade act book round
season wave`)
})

// romanNumeral matches a word of Roman numeral letters, for
// [romanNumbers]; romanRangeEnd the numeral after an en dash that ends a
// range.
var (
	romanNumeral = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\b([A-Za-z]+) ([IVX]+)\b`)
	})
	romanRangeEnd = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^–([IVX]+)\b`) })
)

// romanNumbers returns p with each Roman numeral from I to XXXIX written
// as its digits after one of [romanHeads] ("Phase II" is "Phase 2"),
// and the end of a range after it ("Phase II–III" is "Phase 2–3"); after
// "Type" only a numeral of two letters or more ("Type II" is "Type 2",
// "Type I" and "Type C" are plug types' letters). "I"
// alone is read so only after a capitalised head ("after the phase I
// moved the jobs" holds the pronoun), "X" alone never ("Phase X" is
// as often a phase not yet numbered), and a numeral a letter, digit or
// "-" touches is kept.
func romanNumbers(p string) string {
	var edits []edit
	for _, m := range romanNumeral().FindAllStringSubmatchIndex(p, -1) {
		head, num := p[m[2]:m[3]], p[m[4]:m[5]]
		lettered := strings.EqualFold(head, "type") // "Type I" is a plug's letter, "Type II" a number
		if !romanHeads()[strings.ToLower(head)] && !lettered || num == "I" && !capitalised(head) || num == "X" ||
			lettered && len(num) < 2 || m[5] < len(p) && strings.IndexByte("-_", p[m[5]]) >= 0 {
			continue
		}
		if v := romanValue(num); v > 0 {
			edits = append(edits, edit{m[4], m[5], strconv.Itoa(v)})
			if r := romanRangeEnd().FindStringSubmatchIndex(p[m[5]:]); r != nil {
				if v := romanValue(p[m[5]+r[2] : m[5]+r[3]]); v > 0 {
					edits = append(edits, edit{m[5] + r[2], m[5] + r[3], strconv.Itoa(v)}) // "Phase II–III"
				}
			}
		}
	}
	return spliced(p, edits)
}

// romanValue returns the value of the Roman numeral s from I to XXXIX
// written in its usual form, 0 for any other letters ("IIII", "VX").
func romanValue(s string) int {
	tens := len(s) - len(strings.TrimLeft(s, "X"))
	if tens > 3 {
		return 0
	}
	units := map[string]int{"": 0, "I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9}
	u, ok := units[s[tens:]]
	if !ok || tens+u == 0 {
		return 0
	}
	return tens*10 + u
}

// formulaDigits returns p with the subscript digits of each chemical
// formula written as digits ("CO₂" is "CO2", "H₂SO₄" "H2SO4"): a word of
// element symbols (a capital and at most one small letter) and subscript
// digits only. A subscript after a small letter alone ("x₂", an index)
// and every superscript ("m²", "x²": a power) are kept.
func formulaDigits(p string) string {
	if !strings.ContainsAny(p, "₀₁₂₃₄₅₆₇₈₉") {
		return p
	}
	return chemicalFormula().ReplaceAllStringFunc(p, func(f string) string {
		return subscriptDigits().Replace(f)
	})
}

// chemicalFormula matches a chemical formula holding a subscript digit,
// as a word: no letter or digit on either side; an "e" after it says
// "equivalent" ("CO₂e").
var chemicalFormula = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?:^|\b)(?:[A-Z][a-z]?[₀-₉]*)*[A-Z][a-z]?[₀-₉]+(?:[A-Z][a-z]?[₀-₉]*)*e?(?:$|[^\pL\pN])`)
})

// subscriptDigits writes the subscript digits as digits.
var subscriptDigits = sync.OnceValue(func() *strings.Replacer {
	return strings.NewReplacer("₀", "0", "₁", "1", "₂", "2", "₃", "3", "₄", "4", "₅", "5", "₆", "6", "₇", "7", "₈", "8", "₉", "9")
})

// wordBefore returns where the word of p before the one at s starts and
// ends, past "and", "or" or a comma and the spaces around them: "db-main"
// in "the hosts db-main and web-app"; ok is false when there is none.
func wordBefore(p string, s int) (from, to int, ok bool) {
	b := strings.TrimRight(p[:s], " ")
	for _, sep := range []string{" and", " or", ","} {
		if t, cut := strings.CutSuffix(b, sep); cut {
			b = strings.TrimRight(t, " ")
			break
		}
	}
	from = strings.LastIndexAny(b, " \t\n(") + 1
	to = len(strings.TrimRight(b, `"'”’`))
	return from, to, from < to && to < s
}

// unitPowers returns p with the superscript two or three of a length
// unit right after a number written as a digit ("120 m²" is "120 m2",
// "35 km²" "35 km2", "50 cm³" "50 cm3"): after a number, a length unit
// and a digit have no other reading. A power elsewhere ("x²", "10³",
// "the m² instances") is kept.
func unitPowers(p string) string {
	if !strings.ContainsAny(p, "²³") {
		return p
	}
	return unitPower().ReplaceAllStringFunc(p, func(u string) string {
		return strings.NewReplacer("²", "2", "³", "3").Replace(u)
	})
}

// unitPower matches a number and a length unit with a superscript two or
// three, for [unitPowers].
var unitPower = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`[0-9] ?(?:mm|cm|dm|km|m|in|ft|yd|mi)[²³](?:$|[^\pL\pN])`)
})

// glyphsASCII returns the prose p with the glyphs writers also type in
// ASCII written so ("≥" is ">=", "≤" "<=", "→" "->", "…" "...", "×"
// between numbers "x", an en dash between two words or numbers "-"),
// "&" between spaces as "and", a degree sign after a space joined to its
// number ("-70 °C" is "-70°C"), and "a.m."/"AM" and "p.m."/"PM" after a
// number as "am" and "pm". Code is not prose and keeps them.
func glyphsASCII(p string) string {
	if strings.ContainsAny(p, "≥≤→…") {
		p = asciiGlyphs().Replace(p)
	}
	if strings.ContainsAny(p, "×–") {
		p = timesSign().ReplaceAllString(p, "${1}x$2")
		p = enDash().ReplaceAllString(p, "$1-$2")
	}
	p = strings.ReplaceAll(p, " & ", " and ")
	p = degreeSpace().ReplaceAllString(p, "$1°$2")
	p = meridiem()[0].ReplaceAllString(p, "$1 am$2")
	return meridiem()[1].ReplaceAllString(p, "$1 pm$2")
}

// Patterns of [glyphsASCII].
var (
	asciiGlyphs = sync.OnceValue(func() *strings.Replacer {
		return strings.NewReplacer("≥", ">=", "≤", "<=", "→", "->", "…", "...")
	})
	timesSign   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`([0-9] ?)×( ?[0-9])`) })
	enDash      = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`([\pL\pN])–([\pL\pN])`) })
	degreeSpace = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`([0-9]) °([CFK])\b`) })
	meridiem    = sync.OnceValue(func() [2]*regexp.Regexp {
		return [2]*regexp.Regexp{
			regexp.MustCompile(`([0-9]) ?(?:a\.m\.|A\.M\.|am|AM)($|[^\pL\pN])`),
			regexp.MustCompile(`([0-9]) ?(?:p\.m\.|P\.M\.|pm|PM)($|[^\pL\pN])`),
		}
	})
)

// numberGlyphs returns the prose p with each vulgar fraction no digit
// stands before written as its ASCII fraction ("½" is "1/2"; "1½" is
// kept: "11/2" would be another number), and each number whose digits
// are grouped in threes by spaces written with commas ("10 000" is
// "10,000"; "2 300-gram" is kept: two packs of 300 grams).
func numberGlyphs(p string) string {
	if strings.ContainsAny(p, "½⅓⅔¼¾⅕⅛") {
		p = vulgarFraction().ReplaceAllStringFunc(p, func(m string) string {
			_, size := utf8.DecodeLastRuneInString(m)
			return m[:len(m)-size] + vulgarFractions()[m[len(m)-size:]]
		})
	}
	if !strings.Contains(p, " ") {
		return p
	}
	var edits []edit
	for _, m := range spaceGrouped().FindAllStringIndex(p, -1) {
		if m[1] < len(p) && strings.IndexByte("-.,", p[m[1]]) >= 0 && (p[m[1]] == '-' || m[1]+1 < len(p) && p[m[1]+1] >= '0' && p[m[1]+1] <= '9') ||
			m[0] > 0 && strings.IndexByte(".,-", p[m[0]-1]) >= 0 {
			continue // "2 300-gram", "1.5 000", "3 000.5": not a number's groups alone
		}
		edits = append(edits, edit{m[0], m[1], strings.ReplaceAll(p[m[0]:m[1]], " ", ",")})
	}
	return spliced(p, edits)
}

// Patterns of [numberGlyphs].
var (
	vulgarFractions = sync.OnceValue(func() map[string]string {
		return map[string]string{"½": "1/2", "⅓": "1/3", "⅔": "2/3", "¼": "1/4", "¾": "3/4", "⅕": "1/5", "⅛": "1/8"}
	})
	vulgarFraction = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?:^|[^0-9])[½⅓⅔¼¾⅕⅛]`) })
	spaceGrouped   = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\b[1-9][0-9]{0,2}(?: [0-9]{3})+\b`)
	})
)

// clockTimes returns the prose p, its "a.m." and "p.m." already read as
// "am" and "pm" ([glyphsASCII]), with the times of day writers spell two
// ways written one way: "half past 4" as "4:30", "quarter past 4" as
// "4:15" and "quarter to 5" as "4:45" (number words are digits by then);
// an hour from 1 to 11 with "pm" on the 24-hour clock ("11 pm" is
// "23:00", "4:30 pm" "16:30") and with "am" padded to two digits ("7 am"
// is "07:00", as a 24-hour clock writes it); and a range of two whole
// numbers, the second the greater, joined by a hyphen as joined by "to"
// ("10-14 days" is "10 to 14 days"). A time with no "am" or "pm" and no
// leading zero ("7:00") may be either and is kept, so is "12 am" or "12
// pm" (midnight or noon), and so is a hyphen between numbers among
// other hyphens, stops, slashes or colons (a date, a version, a phone
// number) or with the greater number first.
func clockTimes(p string) string {
	if strings.Contains(p, " past ") || strings.Contains(p, " to ") {
		p = clockWords().ReplaceAllStringFunc(p, func(m string) string {
			sub := clockWords().FindStringSubmatch(m)
			h, _ := strconv.Atoi(sub[3])
			switch {
			case strings.EqualFold(sub[1], "half") && sub[2] == "past":
				return fmt.Sprintf("%d:30", h)
			case sub[2] == "past":
				return fmt.Sprintf("%d:15", h)
			case strings.EqualFold(sub[1], "half"):
				return m // "half to 5" is no time
			}
			return fmt.Sprintf("%d:45", (h+10)%12+1)
		})
	}
	p = meridiemTime().ReplaceAllStringFunc(p, func(m string) string {
		sub := meridiemTime().FindStringSubmatch(m)
		h, _ := strconv.Atoi(sub[2])
		if sub[4] == "pm" {
			h += 12
		}
		return fmt.Sprintf("%s%02d:%s%s", sub[1], h, cmp.Or(sub[3], "00"), sub[5])
	})
	return numberRange().ReplaceAllStringFunc(p, func(m string) string {
		sub := numberRange().FindStringSubmatch(m)
		lo, err1 := strconv.Atoi(sub[2])
		hi, err2 := strconv.Atoi(sub[3])
		if err1 != nil || err2 != nil || lo >= hi {
			return m
		}
		return sub[1] + sub[2] + " to " + sub[3] + sub[4]
	})
}

// Patterns of [clockTimes].
var (
	clockWords = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\b([Hh]alf|[Qq]uarter) (past|to) (1[0-2]|[1-9])\b`)
	})
	meridiemTime = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(^|[^0-9:.,])(1[01]|0?[1-9])(?::([0-5][0-9]))? (am|pm)($|[^\pL\pN])`)
	})
	numberRange = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(^|[^\pL\pN.,/:\-])([0-9]{1,6})-([0-9]{1,6})($|[^\pL\pN.,/:\-])`)
	})
)
