package conflict_test

import "testing"

// TestContra7Rules holds cases per rule of the seventh pass, each
// written for the rule (one sentence that applies beyond any pair) and
// not taken from testdata/contra7.jsonl: the look-alikes it must leave
// alone and the contradictions next to them it must still find.
func TestContra7Rules(t *testing.T) {
	checkJudged(t, contra7Cases, contra7NegationCases, contra7RateCases, contra7ManyCases, contra7PastCases)
}

var contra7Cases = []judgeCase{
	{"a plan said with thinking of", "The café opens at 8.", "We are thinking of opening the café at 7.", false},
	{"a plan said with planning on", "The shop sells 40 kinds of tea.", "The shop is planning on selling 60 kinds of tea.", false},
	{"a plan verb with of, the fact next to it", "The café opens at 8.", "The café opens at 7.", true},
	{"a mixed-unit range holding the value, before an event", "Boarding starts 40 minutes before departure.", "Boarding starts between 30 minutes and 1 hour before departure.", false},
	{"the same measure changed, before an event", "Boarding starts 40 minutes before departure.", "Boarding starts 25 minutes before departure.", true},
	{"a mixed-unit range holding the value", "The drive takes 2 hours.", "The drive takes between 90 minutes and 3 hours.", false},
}

var contra7NegationCases = []judgeCase{
	{"a denial beside the opposite word", "The gate is not open at night.", "The gate is closed at night.", false},
	{"a denial of allow beside forbid", "The hotel forbids smoking on balconies.", "Smoking on balconies is not allowed at the hotel.", false},
	{"a denial of a failure beside a pass", "The nightly build did not fail.", "The nightly build passed.", false},
	{"a denial beside the same word", "The gate is not open at night.", "The gate is open at night.", true},
	{"forbid against allow", "The hotel forbids smoking on balconies.", "The hotel allows smoking on balconies.", true},
}

var contra7RateCases = []judgeCase{
	{"rates per other periods", "The nanny earns 15 pounds an hour.", "The nanny earns 600 pounds a week.", false},
	{"rates per the same period", "Bike hire costs 4 euros an hour.", "Bike hire costs 6 euros an hour.", true},
}

var contra7ManyCases = []judgeCase{
	{"a subject taught beside another", "Mr. Osei teaches chemistry.", "Mr. Osei teaches biology.", false},
	{"a dish cooked beside another", "Grandpa cooks paella.", "Grandpa cooks risotto.", false},
	{"one teacher's day changed", "Mr. Osei teaches chemistry on Mondays.", "Mr. Osei now teaches chemistry on Fridays instead.", true},
}

var contra7PastCases = []judgeCase{
	{"a past count dated by its year", "The choir has 40 singers.", "The choir had 25 singers in 2012.", false},
	{"a count now against another now", "The choir has 40 singers.", "The choir has 25 singers.", true},
}
