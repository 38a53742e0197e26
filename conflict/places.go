package conflict

import (
	"slices"
	"strings"
)

// countries are the names of countries and territories as claim words
// fold a name (lower case, words joined by "_"): the English names
// CLDR gives the ISO 3166 regions that are countries (golang.org/x/text
// v0.44.0, language/display, English.Regions), less groupings and
// names with punctuation, and the four nations of the United Kingdom
// with the short forms "uk", "usa" and "america". A place beside a
// country may lie within it ("born in Seville", "born in Spain"), so
// it is no other place ([countryBeside]). Built after the tables that
// [lemma] reads.
var countries map[string]bool

func newCountries() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`afghanistan albania algeria american_samoa andorra angola anguilla argentina armenia aruba australia austria
azerbaijan bahamas bahrain bangladesh barbados belarus belgium belize benin bermuda bhutan bolivia botswana
brazil british_indian_ocean_territory british_virgin_islands brunei bulgaria burkina_faso burundi cambodia
cameroon canada cape_verde caribbean_netherlands cayman_islands central_african_republic chad chile china
christmas_island colombia comoros cook_islands costa_rica croatia cuba curaçao cyprus czechia denmark
djibouti dominica dominican_republic ecuador egypt el_salvador equatorial_guinea eritrea estonia ethiopia
falkland_islands faroe_islands fiji finland france french_guiana french_polynesia french_southern_territories
gabon gambia georgia germany ghana gibraltar greece greenland grenada guadeloupe guam guatemala guernsey
guinea guinea-bissau guyana haiti honduras hungary iceland india indonesia iran iraq ireland isle_of_man
israel italy jamaica japan jersey jordan kazakhstan kenya kiribati kosovo kuwait kyrgyzstan laos latvia
lebanon lesotho liberia libya liechtenstein lithuania luxembourg macedonia madagascar malawi malaysia
maldives mali malta marshall_islands martinique mauritania mauritius mayotte mexico micronesia moldova monaco
mongolia montenegro montserrat morocco mozambique namibia nauru nepal netherlands new_caledonia new_zealand
nicaragua niger nigeria niue norfolk_island north_korea northern_mariana_islands norway oman pakistan palau
palestinian_territories panama papua_new_guinea paraguay peru philippines pitcairn_islands poland portugal
puerto_rico qatar romania russia rwanda réunion samoa san_marino saudi_arabia senegal serbia seychelles
sierra_leone singapore sint_maarten slovakia slovenia solomon_islands somalia south_africa south_korea
south_sudan spain sri_lanka sudan suriname swaziland sweden switzerland syria taiwan tajikistan tanzania
thailand timor-leste togo tokelau tonga tunisia turkey turkmenistan tuvalu uganda ukraine
united_arab_emirates united_kingdom united_states uruguay uzbekistan vanuatu vatican_city venezuela vietnam
western_sahara yemen zambia zimbabwe åland_islands
england scotland wales northern_ireland uk usa america`) {
		m[w], m[stem(w)], m[lemma(spelling(stem(w)))] = true, true, true
	}
	return m
}

// countryIn reports whether a name of ts, up to the next location
// predicate, is one of [countries].
func countryIn(ts []token) bool {
	for _, t := range ts {
		if t.w == locMark {
			return false
		}
		if isName(t) && countries[t.w] {
			return true
		}
	}
	return false
}

// givenNames are the names of [countries] that are people's given
// names too ("reports to Chad"): read as a country only after a word
// that says a place ([countryBeside]).
var givenNames = map[string]bool{"chad": true, "jordan": true, "georgia": true, "india": true,
	"israel": true, "america": true, "kenya": true, "france": true}

// countryBeside reports whether h replaces one name by another, one a
// country and the other not: "Lucia was born in Seville" and "Lucia was
// born in Spain" may both hold. A country's name that is a given name
// too ([givenNames]) is a country after "born", "grew up" or a location
// predicate only: "Ilse reports to Chad" and "Ilse reports to Bruno"
// name two managers.
func countryBeside(a *claim, h hunk) bool {
	if len(h.a) != 1 || len(h.b) != 1 || !isName(h.a[0]) || !isName(h.b[0]) {
		return false
	}
	country := func(w string) bool {
		if !givenNames[w] {
			return countries[w]
		}
		if h.at < 1 || h.at > len(a.toks) {
			return false
		}
		before := a.toks[h.at-1].w
		return before == "born" || before == "growup" || before == locMark
	}
	return country(h.a[0].w) != country(h.b[0].w)
}

// placesNested reports whether the places after a and b's location
// predicates, from pa and pb on, may be one within the other: a country
// on one side only.
func placesNested(a, b *claim, pa, pb int) bool {
	return countryIn(a.toks[pa+1:]) != countryIn(b.toks[pb+1:])
}

// otherPlace reports whether a and b put one subject in different
// places: the same words before a location predicate ([locMark]), and
// names after it with none in common ("servers are hosted in a
// Frankfurt data center", "servers moved to a data center in
// Helsinki"). A place that names the other ("Lisbon, Portugal") is the
// same place, and a country beside a place that is none may hold it.
func otherPlace(a, b *claim) (string, string, bool) {
	pa, pb := locIndex(a.toks), locIndex(b.toks)
	if pa <= 0 || pb <= 0 || pa != pb && (!(a.changed || b.changed) || min(pa, pb) < 2) {
		return "", "", false
	}
	// The subject's words before the place, aligned from its head: a
	// claim that says the subject moved may name it without a word
	// before it ("the on-prem Git server" vs "the Git server now sits
	// in ...") when two words or more still name it; one ("the team")
	// names too many things.
	for i := 1; i <= min(pa, pb); i++ {
		if a.toks[pa-i].w != b.toks[pb-i].w {
			return "", "", false
		}
	}
	na, nb := placeNames(a.toks[pa+1:]), placeNames(b.toks[pb+1:])
	if len(na) == 0 || len(nb) == 0 || placesNested(a, b, pa, pb) {
		return "", "", false
	}
	for _, x := range na {
		for _, y := range nb {
			if x == y {
				return "", "", false
			}
		}
	}
	return strings.ReplaceAll(strings.Join(na, " "), "_", " "), strings.ReplaceAll(strings.Join(nb, " "), "_", " "), true
}

func locIndex(ts []token) int {
	for i, t := range ts {
		if t.w == locMark {
			return i
		}
	}
	return -1
}

// placeNames returns the words of the names in ts up to the next
// location predicate, a name of several words split into its words.
func placeNames(ts []token) []string {
	var out []string
	for _, t := range ts {
		if t.w == locMark {
			break
		}
		if isName(t) && classOf[t.w] == "" && months[t.w] == 0 {
			// Days and months are times, not places: "works from home
			// on Fridays".
			out = append(out, strings.Split(t.w, "_")...)
		}
	}
	return out
}

func hasLoc(ts []token) bool {
	for _, t := range ts {
		if t.w == locMark {
			return true
		}
	}
	return false
}

// birthplace rewrites a birthplace said with its noun into the verb,
// as [roleNoun] does for a role: "Kofi's birthplace is Kumasi" and
// "Kofi's place of birth was Kumasi" are "Kofi was born in Kumasi". It
// returns words itself when no such frame follows an owner.
func birthplace(words []string) []string {
	for j := 1; j+2 < len(words) && j <= 4; j++ {
		n := 0
		switch {
		case words[j] == "birthplace":
			n = 1
		case words[j] == "place" && wordAt(words, j+1) == "of" && wordAt(words, j+2) == "birth":
			n = 3
		}
		owner, ok := strings.CutSuffix(words[j-1], "'s")
		if n == 0 || !ok || owner == "" {
			continue
		}
		if v := wordAt(words, j+n); v != "is" && v != "was" || j+n+1 >= len(words) {
			return words
		}
		return slices.Concat(words[:j-1], []string{owner, "was", "born", "in"}, words[j+n+1:])
	}
	return words
}
