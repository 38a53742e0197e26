package conflict_test

import "testing"

// TestContra11Rules holds cases per rule of the eleventh pass, each
// written for the rule and not taken from testdata/contra11.jsonl: the
// look-alikes it must leave alone and the contradictions next to them
// it must still find.
func TestContra11Rules(t *testing.T) {
	checkJudged(t, contra11MannerCases, contra11PronounCases, contra11WonCases, contra11MonthDayCases)
}

var contra11MannerCases = []judgeCase{
	{"a way of travelling denied beside the trip", "Ines didn't fly to Oslo.", "Ines went to Oslo.", false},
	{"a way of travelling denied, another told, beside the trip", "Ben did not drive to the office; he cycled.", "Ben came to the office.", false},
	{"a way of travelling denied beside the same way", "Ben did not cycle to the office.", "Ben cycled to the office.", true},
	{"the trip denied beside the trip", "Ines didn't go to Oslo.", "Ines went to Oslo.", true},
	{"a walk denied beside the walk", "Ben did not walk the dog today.", "Ben walked the dog today.", true},
}

var contra11PronounCases = []judgeCase{
	{"one pronoun, two counts of one thing", "We keep two dogs.", "We keep four dogs.", true},
	{"one pronoun, two counts, no verb of its own", "We have two dogs.", "We have four dogs.", true},
	{"one pronoun, two daily amounts", "I drink two coffees a day.", "I drink five coffees a day.", true},
	{"two pronouns, two counts", "We keep two dogs.", "They keep four dogs.", false},
	{"she and he, two counts", "She has three brothers.", "He has one brother.", false},
	{"one pronoun, counts of two things", "We keep two dogs.", "We keep four hens.", false},
	{"one pronoun, the same count", "I drink two coffees a day.", "I drink two coffees every morning.", false},
}

var contra11WonCases = []judgeCase{
	{"a win beside a third place", "Ravi won the darts league.", "Ravi finished third in the darts league.", true},
	{"a win beside a fifth place", "Ravi won the darts league.", "Ravi finished fifth in the darts league.", true},
	{"a win beside a place in another year", "Ravi won the darts league in 2021.", "Ravi finished third in the darts league in 2023.", false},
	{"a win beside a place in another league", "Ravi won the darts league.", "Ravi finished third in the snooker league.", false},
	{"a win beside the same win", "Ravi won the darts league.", "Ravi won the darts league twice.", false},
	{"a win beside another player's place", "Ravi won the darts league.", "Mona finished third in the darts league.", false},
}

var contra11MonthDayCases = []judgeCase{
	{"every day of the week beside one of the month", "The choir rehearses every Thursday.", "The choir rehearses on the first Thursday of the month.", true},
	{"a day of the week beside the last of the month", "The book club meets on Tuesdays.", "The book club meets only on the last Tuesday of the month.", true},
	{"one of the month for another group", "The choir rehearses every Thursday.", "The orchestra rehearses on the first Thursday of the month.", false},
	{"another act on one of the month", "The choir rehearses every Thursday.", "The choir performs on the first Thursday of the month.", false},
	{"the same day with a daypart", "The choir rehearses every Thursday.", "The choir rehearses every Thursday evening.", false},
}
