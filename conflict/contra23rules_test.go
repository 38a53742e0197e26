package conflict_test

import "testing"

// TestContra23Rules holds cases per rule of the twenty-third pass, each
// written for the rule and not taken from testdata/contra23.jsonl: the
// contradictions it must find and the look-alikes next to them it must
// leave alone.
func TestContra23Rules(t *testing.T) {
	checkJudged(t, contra23PlaceCases, contra23BeforeCases, contra23KinCases, contra23DeedCases, contra23VisitCases, contra23TripCases, contra23VenueCases, contra23DisposedCases, contra23HabitCases)
}

var contra23PlaceCases = []judgeCase{
	{"part of one place, beside another", "The rain gauge is at the far corner of the lawn.", "The rain gauge is next to the greenhouse door.", true},
	{"on a shelf, in a drawer", "The first-aid kit is on the top shelf of the pantry.", "The first-aid kit is in the left drawer of the desk.", true},
	{"a verb of rest, two places", "The old bell hangs above the chapel door.", "The old bell hangs at the end of the cloister.", true},
	{"opposite, behind", "The bus stop is opposite the village pub.", "The bus stop is behind the old fire station.", true},
	{"in a room, on a hook in it", "The spare key is in the hall.", "The spare key is on the hook by the back door.", false},
	{"in a place, at the back of it", "The ladder is in the garage.", "The ladder is at the back of the garage.", false},
	{"last year's, this year's", "This year's harvest show is on the school field.", "Last year's harvest show was in the church hall.", false},
	{"was, is", "The rain gauge was at the far corner of the lawn.", "The rain gauge is next to the greenhouse door.", false},
	{"two things in two places", "The rain gauge is at the far corner of the lawn.", "The sundial is next to the greenhouse door.", false},
	{"one place said twice", "The bus stop is opposite the village pub.", "The bus stop is opposite the pub in the village.", false},
	{"a deed in a place", "Petr paints at the end of the cloister.", "Petr paints next to the greenhouse door.", false},
}

var contra23BeforeCases = []judgeCase{
	{"was, before an event; is", "The sports hall was 30 metres long before the extension.", "The sports hall is 45 metres long.", false},
	{"was, before a year; is", "The ferry fare was 12 euros before 2019.", "The ferry fare is 20 euros.", false},
	{"was, before the subsidy; is", "The ferry fare was 12 euros before the subsidy.", "The ferry fare is 20 euros.", false},
	{"is, is", "The sports hall is 30 metres long.", "The sports hall is 45 metres long.", true},
	{"a rule before an event, now", "The form costs 12 euros before the deadline.", "The form costs 20 euros.", true},
}

var contra23KinCases = []judgeCase{
	{"kin, two-word other", "Lwazi is Femi's cousin.", "Lwazi is Femi's line manager.", false},
	{"two-word other, kin", "Lwazi is Femi's football coach.", "Lwazi is Femi's uncle.", false},
	{"kin, kin", "Lwazi is Femi's cousin.", "Lwazi is Femi's uncle.", true},
	{"kin, two-word kin", "Lwazi is Femi's cousin.", "Lwazi is Femi's older brother.", true},
}

var contra23DeedCases = []judgeCase{
	{"a state, a past deed", "Ines is engaged to Rafael.", "Ines met Rafael on a train.", false},
	{"a state, a past deed with its object", "Ines is friends with Rafael.", "Ines phoned Rafael last week.", false},
	{"a state, a state", "Ines is engaged to Rafael.", "Ines is married to Rafael.", true},
	{"a state, an antonym in the past", "The clinic is open.", "The clinic closed last week.", true},
}

var contra23VisitCases = []judgeCase{
	{"never set foot in, went to", "Ama has never set foot in Peru.", "Ama went to Peru last year.", true},
	{"never visited, flew to", "Ama has never visited Peru.", "Ama flew to Peru in 2021.", true},
	{"never visited, flew elsewhere", "Ama has never visited Peru.", "Ama flew to Chile in 2021.", false},
	{"never set foot in, hopes to go", "Ama has never set foot in Peru.", "Ama hopes to go to Peru.", false},
	{"visited, visited elsewhere", "Ama visited Peru in May.", "Ama visited Chile in May.", false},
	{"always asks for, prefers", "Jonas always asks for a corner table.", "Jonas prefers a window table.", true},
	{"always asks for, the same", "Jonas always asks for a corner table.", "Jonas prefers a corner table.", false},
	{"always asks for, another subject", "Jonas always asks for a corner table.", "Mira prefers a window table.", false},
}

var contra23TripCases = []judgeCase{
	{"on foot, drives", "Noor goes to the market on foot.", "Noor drives to the market.", true},
	{"by bus, cycles", "Noor gets to the library by bus.", "Noor cycles to the library.", true},
	{"by train, drives", "Noor travels to Bristol by train.", "Noor drives to Bristol.", true},
	{"by bus, takes the bus", "Noor gets to the library by bus.", "Noor takes the bus to the library.", false},
	{"on foot, drives elsewhere", "Noor goes to the market on foot.", "Noor drives to the office.", false},
	{"on foot, another drives", "Noor goes to the market on foot.", "Noor's father drives to the market.", false},
	{"a habit, a trip once", "Noor walks to the market.", "Noor drove to the market once when it rained.", false},
	{"a habit, a trip yesterday", "Noor cycles to the library.", "Noor took the bus to the library yesterday.", false},
}

var contra23VenueCases = []judgeCase{
	{"takes place at, takes place in", "The spring fair takes place on the village green.", "The spring fair takes place in the sports hall.", true},
	{"takes place, is held", "The spring fair is held on the village green.", "The spring fair takes place in the school hall.", true},
	{"a possessive in the place", "The charity quiz takes place at Dunmore's bakery.", "The charity quiz takes place at the rowing club.", true},
	{"took place, takes place", "The spring fair took place in the school hall.", "The spring fair takes place on the village green.", false},
	{"will take place, one place", "The spring fair will take place on the village green.", "The spring fair is on the village green.", false},
	{"outside, outdoors", "The school sports day is held outside.", "The school sports day takes place outdoors.", false},
	{"another owner's thing", "The charity quiz takes place at Dunmore's bakery.", "The charity quiz's prizes come from Dunmore's bakery.", false},
}

var contra23DisposedCases = []judgeCase{
	{"sold, drives it with a place after", "Tariq sold his pickup truck in May.", "Tariq drives his pickup truck to the quarry every day.", true},
	{"gave away, plays on it", "Tariq gave his drum kit away in 2020.", "Tariq plays on his drum kit every evening.", true},
	{"donated, rides it", "Tariq donated his tandem to the club.", "Tariq rides his tandem along the coast every Sunday.", true},
	{"sold the old one, drives the new one", "Tariq sold his old truck.", "Tariq drives his new truck to the quarry every day.", false},
	{"gave his dog a bath, walks it", "Tariq gave his dog a bath.", "Tariq walks his dog along the coast every day.", false},
	{"sold one thing, uses another", "Tariq sold his pickup truck in May.", "Tariq drives his hatchback to the quarry every day.", false},
	{"sold it, another uses it", "Tariq sold his pickup truck in May.", "Tariq's brother drives the pickup truck to the quarry every day.", false},
}

var contra23HabitCases = []judgeCase{
	{"doesn't, did this morning", "Oskar doesn't swim.", "Oskar swam across the bay this morning.", true},
	{"never, did last night", "Oskar never cooks.", "Oskar cooked a curry for six last night.", true},
	{"doesn't, did yesterday", "Oskar doesn't cycle.", "Oskar cycled to the harbour yesterday.", true},
	{"doesn't, did for years", "Oskar doesn't swim.", "Oskar swam competitively for years.", false},
	{"doesn't, did last year", "Oskar doesn't swim.", "Oskar swam across the bay last year.", false},
	{"doesn't at night, did yesterday", "Oskar doesn't cycle at night.", "Oskar cycled to the harbour yesterday.", false},
	{"doesn't, another did", "Oskar doesn't swim.", "Oskar's daughter swam across the bay this morning.", false},
	{"doesn't, will", "Oskar doesn't swim.", "Oskar will swim across the bay tomorrow.", false},
}
