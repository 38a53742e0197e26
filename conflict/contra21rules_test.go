package conflict_test

import "testing"

// TestContra21Rules holds cases per rule of the twenty-first pass, each
// written for the rule and not taken from testdata/contra21.jsonl: the
// contradictions it must find and the look-alikes next to them it must
// leave alone.
func TestContra21Rules(t *testing.T) {
	checkJudged(t, contra21EatenCases, contra21HowCases, contra21FactCases, contra21DatedCases, contra21UnlessCases, contra21DrinkCases)
}

var contra21EatenCases = []judgeCase{
	{"two foods of a named subject", "Piet eats rye bread.", "Piet eats pickled herring.", false},
	{"two drinks of a named subject", "The goats drink rainwater.", "The goats drink whey.", false},
	{"eats no meat, eats meat", "Piet eats no meat.", "Piet eats meat at weekends.", true},
	{"only one drink, another", "The calves drink only skimmed milk.", "The calves drink a mash of oats and water.", true},
	{"only one food, another", "Piet eats only rice at lunch.", "Piet eats rice at lunch.", false},
	{"only a kind, one of it", "Piet eats only fish.", "Piet eats mackerel.", false},
	{"only a bare kind of food", "Piet eats only fruit.", "Piet eats apricots.", false},
	{"only with when", "Piet drinks only water in the evening.", "Piet drinks beer at lunch.", false},
	{"a route taken is no food", "The school bus takes the bypass.", "The school bus takes the motorway.", true},
}

var contra21HowCases = []judgeCase{
	{"how beside on what", "The chainsaw runs on two-stroke fuel.", "The chainsaw runs smoothly.", false},
	{"how beside on what, two words", "The lawn sprinkler runs well.", "The lawn sprinkler runs on mains water.", false},
	{"on what, twice", "The chainsaw runs on two-stroke fuel.", "The chainsaw runs on a battery.", true},
	{"a place in one word is a place", "The tortoise sleeps outdoors.", "The tortoise sleeps in the shed.", true},
	{"how the hair is worn", "Piet wears his beard short.", "Piet wears his beard in a long plait.", true},
}

var contra21FactCases = []judgeCase{
	{"confirmed that, another attribute", "The garage confirmed that the van needs new brakes.", "The van is due for its MOT in May.", false},
	{"confirmed that, a value", "The clinic confirmed that the scan is on 4 May.", "The scan is on 11 May.", true},
	{"found out that", "We found out that the flat has two bedrooms.", "The flat has three bedrooms.", true},
	{"it turns out", "It turns out the ferry takes 40 minutes.", "The ferry takes 25 minutes.", true},
	{"as the notice says", "As the notice says, the tip closes at 4 pm.", "The tip closes at 6 pm.", true},
	{"as far as one knows is a belief", "As far as Piet knows, the tip closes at 4 pm.", "The tip closes at 6 pm.", false},
	{"says stays a report", "Piet says the tip closes at 4 pm.", "The tip closes at 6 pm.", false},
	{"adamant", "Piet is adamant the tip closes at 4 pm.", "The tip closes at 6 pm.", true},
	{"a fact found, agreeing", "We found out that the flat has two bedrooms.", "The flat has two bedrooms.", false},
	{"two people, one person", "The tandem seats two people.", "The tandem seats one person.", true},
}

var contra21DatedCases = []judgeCase{
	{"two moves, two years", "The bakery moved to Mill Lane in 2009.", "The bakery moved to the high street in 2017.", false},
	{"one move, two places, one year", "The bakery moved to Mill Lane in 2009.", "The bakery moved to the high street in 2009.", true},
	{"two past deeds, two years", "Piet captained the second eleven in 2016.", "Piet captained the first eleven in 2019.", false},
	{"one past deed, two years", "Piet finished the Dolomites trek in 2016.", "Piet finished the Dolomites trek in 2019.", true},
	{"one opening, two years", "The lido opened in 1936.", "The lido opened in 1938.", true},
	{"one closing, one year", "The lido closed in 1989.", "The lido closed in 1989 after a storm.", false},
	{"born, with a year", "Piet was born in Utrecht in 1979.", "Piet was born in Utrecht.", false},
	{"two seasons, two values", "The harbour café opens at 8 in summer.", "The harbour café opens at 10 in winter.", false},
	{"two weekdays, two values", "The ferry runs every 20 minutes on Saturdays.", "The ferry runs hourly on Sundays.", false},
	{"one season, two values", "The ferry runs every 20 minutes in summer.", "The ferry runs hourly in summer.", true},
}

var contra21UnlessCases = []judgeCase{
	{"unless, always", "Unless it is icy, the bin lorry comes on Mondays.", "The bin lorry always comes on Tuesdays.", true},
	{"unless, never", "The ferry to the island sails unless it is stormy.", "The ferry to the island never sails.", true},
	{"unless, the case", "Unless it is icy, the bin lorry comes on Mondays.", "When it is icy, the bin lorry comes on Tuesdays.", false},
	{"unless, no case named", "Unless it is icy, the bin lorry comes on Mondays.", "The bin lorry comes on Tuesdays.", false},
	{"always, two places", "The lifeboat is always moored in the inner harbour.", "The lifeboat is moored at the north pier.", true},
}

var contra21DrinkCases = []judgeCase{
	{"black, milk", "Piet takes his tea black.", "Piet puts milk in his tea.", true},
	{"neat, ice", "Piet drinks his rum neat.", "Piet drinks his rum with ice and lime.", true},
	{"black, another drink with milk", "Piet takes his tea black.", "Piet puts milk in his coffee.", false},
	{"black, milk at another time", "Piet takes his tea black at work.", "Piet puts milk in his tea in the evening.", false},
	{"a black tin", "Piet's tea tin is black.", "Piet takes milk in his tea.", false},
	{"black, someone else's milk", "Piet takes his tea black.", "Piet's wife puts milk in her tea.", false},
}
