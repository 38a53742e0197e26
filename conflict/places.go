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
// it is no other place ([countryBeside]), unless [within] puts it in
// another country. Built after the tables that
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
func countryIn(ts []token) bool { return nameIn(ts, countries) }

// nameIn reports whether a name of ts, up to the next location
// predicate, is in set.
func nameIn(ts []token, set map[string]bool) bool {
	for _, t := range ts {
		if t.w == locMark {
			return false
		}
		if isName(t) && set[t.w] {
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
// name two managers. A city [within] puts in another country is another
// place ("born in Lagos", "born in Kenya"), and so is a state beside a
// state; a state beside a place that is none may hold it.
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
	x, y := h.a[0], h.b[0]
	if country(y.w) {
		x, y = y, x
	}
	switch {
	case country(x.w) && country(y.w):
		return false
	case country(x.w):
		return !elsewhere(x.w, []token{y})
	}
	switch {
	case states[x.w] && !states[y.w]:
		return !otherState(x.w, []token{y})
	case states[y.w] && !states[x.w]:
		return !otherState(y.w, []token{x})
	}
	return false
}

// placesNested reports whether the places after a and b's location
// predicates, from pa and pb on, may be one within the other: a country
// on one side only, unless the other side names a place [within] puts
// in another country ("lives in Paris", "lives in Chad"); or a state or
// province on one side only ("lives in Austin", "lives in Texas").
func placesNested(a, b *claim, pa, pb int) bool {
	ca, cb := countryIn(a.toks[pa+1:]), countryIn(b.toks[pb+1:])
	switch {
	case ca && cb:
		return false
	case ca:
		return !elsewhere(countryName(a.toks[pa+1:]), b.toks[pb+1:])
	case cb:
		return !elsewhere(countryName(b.toks[pb+1:]), a.toks[pa+1:])
	}
	sa, sb := stateName(a.toks[pa+1:]), stateName(b.toks[pb+1:])
	switch {
	case sa != "" && sb != "":
		return false
	case sa != "":
		return !otherState(sa, b.toks[pb+1:])
	case sb != "":
		return !otherState(sb, a.toks[pa+1:])
	}
	return false
}

// stateName returns the first name of ts, up to the next location
// predicate, that is a state or province of [states].
func stateName(ts []token) string { return firstNameIn(ts, states) }

// otherState reports whether every name of ts, up to the next location
// predicate, is a city [within] puts in a state other than state:
// Denver is not in Oregon. A place whose state the table does not know
// may lie in any.
func otherState(state string, ts []token) bool {
	return placedApart(state, ts, func(in []string) bool { return slices.ContainsFunc(in, func(w string) bool { return states[w] }) })
}

// countryName returns the first name of ts, up to the next location
// predicate, that is one of [countries].
func countryName(ts []token) string { return firstNameIn(ts, countries) }

// firstNameIn returns the first name of ts, up to the next location
// predicate, that is in set.
func firstNameIn(ts []token, set map[string]bool) string {
	for _, t := range ts {
		if t.w == locMark {
			break
		}
		if isName(t) && set[t.w] {
			return t.w
		}
	}
	return ""
}

// elsewhere reports whether every name of ts, up to the next location
// predicate, is a place [within] puts in a country other than country:
// "Paris" is not in Chad. A country with towns named after the world's
// cities ([namesakes]: "Paris, Texas", "London, Ontario") holds any.
func elsewhere(country string, ts []token) bool {
	return !namesakes[country] && placedApart(country, ts, func(in []string) bool { return len(in) > 0 })
}

// placedApart reports whether ts names a place up to the next location
// predicate and every name of it is a place [within] puts somewhere
// other than in place; known reports whether [within]'s places for a
// name tell where it lies at all.
func placedApart(place string, ts []token, known func(in []string) bool) bool {
	seen := false
	for _, t := range ts {
		if t.w == locMark {
			break
		}
		if !isName(t) {
			continue
		}
		in := within[t.w]
		if !known(in) || slices.Contains(in, place) {
			return false
		}
		seen = true
	}
	return seen
}

// otherPlace reports whether a and b put one subject in different
// places: the same words before a location predicate ([locMark]), and
// names after it with none in common ("servers are hosted in a
// Frankfurt data center", "servers moved to a data center in
// Helsinki"). A place that names the other ("Lisbon, Portugal") is the
// same place, a country beside a place that is none may hold it, and a
// place with a past copula ("were located in") is history beside the
// present.
func otherPlace(a, b *claim) (string, string, bool) {
	if wasAndIs(a, b) {
		// "The servers were located in Germany" is where they were,
		// beside where they are.
		return "", "", false
	}
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

// The gazetteer below is small on purpose: a place it does not know may
// lie in any country, so it only ever turns a silence into a hint when
// it knows the place. The names fold as claim words do.

// usStates, caProvinces and auStates are the states and provinces of
// the three federations memory notes name most (one word per name,
// words joined by "_"); Georgia is in [countries] too, and is left to
// it. See [states].
const (
	usStates = `alabama alaska arizona arkansas california colorado connecticut delaware florida hawaii idaho illinois
indiana iowa kansas kentucky louisiana maine maryland massachusetts michigan minnesota mississippi missouri
montana nebraska nevada new_hampshire new_jersey new_mexico new_york north_carolina north_dakota ohio oklahoma
oregon pennsylvania rhode_island south_carolina south_dakota tennessee texas utah vermont virginia washington
west_virginia wisconsin wyoming`
	caProvinces = `alberta british_columbia manitoba new_brunswick newfoundland nova_scotia ontario quebec saskatchewan`
	auStates    = `new_south_wales queensland south_australia tasmania victoria western_australia`
)

// states are the states and provinces of [usStates], [caProvinces] and
// [auStates]. Built after the tables that [lemma] reads.
var states map[string]bool

// namesakes are the countries with towns named after the world's
// cities ("Paris, Texas", "London, Ontario", "Perth, Scotland"), or, for
// Georgia, a US state of the same name ("Athens, Georgia"): a city of
// [within] may lie in them.
var namesakes map[string]bool

// cities lists capitals and a few of the largest cities, each with its
// country as [countries] names it, written by hand for this table; a
// city whose name two countries' cities share (Valencia, Córdoba,
// Santiago, San José, Kingston, Victoria, Hamilton, Georgetown, Athens,
// Hyderabad) is left out.
const cities = `
afghanistan: kabul
albania: tirana
algeria: algiers
argentina: buenos_aires
armenia: yerevan
australia: sydney melbourne brisbane canberra adelaide
austria: vienna salzburg graz innsbruck
azerbaijan: baku
bangladesh: dhaka
belarus: minsk
belgium: brussels antwerp ghent bruges liège
bolivia: la_paz
bosnia_and_herzegovina: sarajevo
brazil: brasília brasilia são_paulo sao_paulo rio_de_janeiro rio salvador
bulgaria: sofia
cambodia: phnom_penh
canada: toronto montreal vancouver ottawa calgary edmonton
chile: valparaíso
china: beijing shanghai shenzhen guangzhou chengdu wuhan
colombia: bogotá bogota medellín medellin cali
croatia: zagreb split dubrovnik
cuba: havana
czechia: prague brno
denmark: copenhagen aarhus
egypt: cairo alexandria
estonia: tallinn
ethiopia: addis_ababa
finland: helsinki tampere
france: paris lyon marseille toulouse nice bordeaux lille nantes strasbourg
georgia: tbilisi batumi
germany: berlin munich hamburg frankfurt cologne stuttgart düsseldorf dusseldorf dresden leipzig
ghana: accra kumasi
greece: thessaloniki
hungary: budapest
iceland: reykjavik reykjavík
india: delhi new_delhi mumbai bangalore bengaluru chennai kolkata pune
indonesia: jakarta bali surabaya
iran: tehran
iraq: baghdad
ireland: dublin cork galway
israel: jerusalem tel_aviv haifa
italy: rome milan naples turin florence venice bologna
japan: tokyo osaka kyoto yokohama sapporo nagoya
kenya: nairobi mombasa
latvia: riga
lebanon: beirut
lithuania: vilnius
luxembourg: luxembourg
malaysia: kuala_lumpur penang
mexico: mexico_city guadalajara monterrey cancún cancun
morocco: rabat casablanca marrakesh marrakech
nepal: kathmandu
netherlands: amsterdam rotterdam utrecht the_hague eindhoven
new_zealand: auckland wellington christchurch
nigeria: lagos abuja
norway: oslo bergen stavanger trondheim
pakistan: karachi lahore islamabad
peru: lima cusco
philippines: manila
poland: warsaw kraków krakow gdańsk gdansk wrocław wroclaw poznań poznan
portugal: lisbon porto
romania: bucharest
russia: moscow st_petersburg saint_petersburg
saudi_arabia: riyadh jeddah
senegal: dakar
serbia: belgrade
singapore: singapore
slovakia: bratislava
slovenia: ljubljana
south_africa: johannesburg cape_town durban pretoria
south_korea: seoul busan
spain: madrid barcelona seville sevilla bilbao málaga malaga
sweden: stockholm gothenburg malmö malmo uppsala
switzerland: zurich zürich geneva bern basel lausanne
taiwan: taipei
tanzania: dar_es_salaam
thailand: bangkok chiang_mai phuket
tunisia: tunis
turkey: istanbul ankara izmir
uganda: kampala
ukraine: kyiv kiev lviv odesa
united_arab_emirates: dubai abu_dhabi
united_kingdom: london manchester liverpool leeds bristol edinburgh glasgow cardiff belfast oxford cambridge
united_states: new_york_city chicago los_angeles san_francisco seattle boston austin houston dallas denver atlanta miami
vietnam: hanoi ho_chi_minh_city saigon
zimbabwe: harare
`

// usCities lists large cities of the United States with their state, as
// [usStates] names it, so that a city beside another state ("lives in
// Denver", "lives in Oregon") is another place; a city beside its state
// may be in it. Left out: names two states' cities share with more than
// ten thousand people (Portland, Kansas City, Columbus, Springfield,
// Arlington, Aurora, Rochester, Richmond, Jackson, Charleston, Albany,
// Lexington, Wilmington, Glendale, Pasadena, Cleveland, Louisville, Miami,
// Las Vegas, Austin, Dallas), and Washington, which names a state and a
// city. Atlanta and Savannah lie in Georgia, which [countries] holds.
const usCities = `
washington: seattle spokane tacoma
colorado: denver boulder
massachusetts: boston
illinois: chicago
california: los_angeles san_francisco san_diego sacramento oakland
arizona: phoenix tucson
nevada: reno
tennessee: nashville memphis
louisiana: new_orleans
michigan: detroit
minnesota: minneapolis
pennsylvania: philadelphia pittsburgh
maryland: baltimore
utah: salt_lake_city
new_mexico: albuquerque
new_york: new_york_city brooklyn manhattan buffalo
hawaii: honolulu
alaska: anchorage
wisconsin: milwaukee
indiana: indianapolis
nebraska: omaha
idaho: boise
north_carolina: charlotte raleigh
florida: orlando tampa
missouri: st_louis
ohio: cincinnati
texas: houston san_antonio el_paso
`

// within maps a place of [cities] or [states] to the names of the
// countries it lies in, with the other names [countries] holds for the
// United States and the United Kingdom (Atlanta lies in Georgia, the
// state).
var within map[string][]string

// placeFold returns the forms a place name w takes as a claim word.
func placeFold(w string) []string {
	return []string{w, stem(w), lemma(spelling(stem(w)))}
}

// newStates builds [states].
func newStates() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(usStates + " " + caProvinces + " " + auStates) {
		for _, k := range placeFold(w) {
			m[k] = true
		}
	}
	return m
}

// newNamesakes builds [namesakes].
func newNamesakes() map[string]bool {
	m := map[string]bool{}
	for _, c := range strings.Fields(`united_states usa america canada australia united_kingdom uk england georgia new_zealand`) {
		for _, k := range placeFold(c) {
			m[k] = true
		}
	}
	return m
}

// newWithin builds [within] from [cities] and the states and provinces.
func newWithin() map[string][]string {
	m := map[string][]string{}
	aliases := map[string][]string{
		"united_states":  {"usa", "america"},
		"united_kingdom": {"uk", "england", "scotland", "wales", "northern_ireland"},
	}
	add := func(place, country string) {
		var in []string
		for _, c := range append([]string{country}, aliases[country]...) {
			in = append(in, placeFold(c)...)
		}
		for _, k := range placeFold(place) {
			m[k] = append(m[k], in...)
		}
	}
	for _, line := range strings.Split(strings.TrimSpace(usCities), "\n") {
		state, list, _ := strings.Cut(line, ":")
		for _, w := range strings.Fields(list) {
			add(w, "united_states")
			for _, k := range placeFold(w) {
				m[k] = append(m[k], placeFold(state)...)
			}
		}
	}
	lines := strings.Split(strings.TrimSpace(cities), "\n")
	lines = append(lines, "united_states: "+usStates, "canada: "+caProvinces, "australia: "+auStates, "georgia: atlanta savannah")
	for _, line := range lines {
		country, list, _ := strings.Cut(line, ":")
		for _, w := range strings.Fields(list) {
			add(w, country)
		}
	}
	return m
}

// placeNouns are the nouns that head a phrase of place that is no name,
// as claim words fold them: rooms, buildings, grounds and the things
// kept things are in ("in the church crypt", "in a biscuit tin", "at
// the quarry car park"), for [placesClosing]: "interested in modern
// art" and "invested in index funds" name no place. Built after the
// tables that [lemma] reads.
var placeNouns map[string]bool

func newPlaceNouns() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`room hall crypt gym church chapel garage shed attic cellar basement loft cupboard drawer
safe cabinet tin box shoebox annexe cafe café pub bar park square library kitchen garden terrace roof office studio barn
boathouse quay pier harbour wharf dock centre center pool field pitch court stadium arena school college hospital ward
clinic station depot warehouse yard bedroom bathroom hallway landing porch veranda balcony greenhouse conservatory
workshop lab laboratory classroom canteen lobby foyer corridor stairs wardrobe closet pantry larder fridge freezer desk
shelf bookcase sideboard dresser chest trunk suitcase bag backpack rucksack glovebox locker bin basket jar envelope
folder corner windowsill sofa bed table counter doormat mat rug flowerpot pot hut cabin caravan tent flat house cottage farmhouse market shop store
restaurant hotel hostel theatre cinema museum gallery vault`) {
		m[lemma(spelling(stem(w)))] = true
	}
	return m
}

// openAir are the places under the sky, as claim words fold them; the
// other [placeNouns] are indoors (see [inAndOut]). Built after the
// tables that [lemma] reads.
var openAir map[string]bool

func newOpenAir() map[string]bool {
	return foldedSet(`park square garden terrace roof quay pier harbour wharf dock field pitch court stadium yard
veranda balcony market churchyard graveyard green lawn beach meadow playground courtyard`)
}

// inAndOut reports whether h replaces a word that says the subject is
// outdoors ("outside", "outdoors") by a place indoors ("in the gym",
// "in the hotel ballroom"), or one that says indoors ("inside",
// "indoors") by a place under the sky ("in the churchyard"), each
// closing its claim, and returns the two phrases. Other words of place
// ("abroad", "upstairs", "home") may hold beside a room.
func inAndOut(a, b *claim, h hunk) (x, y []token, ok bool) {
	if h.at+len(h.a) != len(a.toks) || h.bt+len(h.b) != len(b.toks) {
		return nil, nil, false
	}
	for _, p := range [2][2][]token{{h.a, h.b}, {h.b, h.a}} {
		one, other := p[0], p[1]
		if len(one) != 1 || len(other) > 3 || len(other) == 0 {
			continue
		}
		out := inOut[one[0].w]
		open := -1
		for _, t := range other {
			switch {
			case openAir[t.w]:
				open = 1
			case placeNouns[t.w]:
				open = 0
			}
		}
		if out == 1 && open == 0 || out == 2 && open == 1 {
			return h.a, h.b, true
		}
	}
	return nil, nil, false
}

// sameInOut reports whether h replaces one word of [inOut] by another
// that says the same: "is held outside", "is outdoors".
func sameInOut(h hunk) bool {
	return len(h.a) == 1 && len(h.b) == 1 && inOut[h.a[0].w] != 0 && inOut[h.a[0].w] == inOut[h.b[0].w]
}

// inOut maps the one-word places [inAndOut] reads, as claim words fold
// them, to 1 for outdoors and 2 for indoors. Built after the tables
// that [lemma] reads.
var inOut map[string]int

func newInOut() map[string]int {
	return map[string]int{fold("outside"): 1, fold("outdoors"): 1, fold("inside"): 2, fold("indoors"): 2}
}

// placeAdverbs are the words that say where in one word, as claim words
// fold them: "sleeps outside", "works remotely", "lives abroad" (see
// [howBeside]). Built after the tables that [lemma] reads.
var placeAdverbs map[string]bool

func newPlaceAdverbs() map[string]bool {
	return foldedSet(`outside inside outdoors indoors upstairs downstairs abroad overseas home remotely offshore
nearby downtown locally onsite offsite away here there`)
}
