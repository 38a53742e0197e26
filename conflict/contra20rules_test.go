package conflict_test

import "testing"

// TestContra20Rules holds cases per rule of the twentieth pass, each
// written for the rule and not taken from testdata/contra20.jsonl: the
// contradictions it must find and the look-alikes next to them it must
// leave alone.
func TestContra20Rules(t *testing.T) {
	checkJudged(t, contra20ShiftCases, contra20PronounCases, contra20PlaceCases, contra20SureCases, contra20UntilCases, contra20AppositionCases)
}

var contra20ShiftCases = []judgeCase{
	{"works days, works nights", "Ines works days at the sorting centre.", "Ines works nights at the sorting centre.", true},
	{"the day shift, the night shift", "Ines is on the day shift at the print works.", "Ines is on the night shift at the print works.", true},
	{"a day porter, a night porter", "Ines is a day porter at the hospital.", "Ines is a night porter at the hospital.", true},
	{"days, in the daytime", "The garage is staffed at night.", "The garage is staffed only in the daytime.", true},
	{"a day of the week stays a day", "Ines works three days a week.", "Ines works four days a week.", true},
	{"every day is no shift", "Ines walks every day.", "Ines walks at night.", false},
	{"a shift of the past", "Ines worked nights before the baby came.", "Ines works days.", false},
	{"a part of the day of the past", "Ines worked nights before the baby came.", "Ines works mornings.", false},
	{"two shifts in two seasons", "Ines works the night shift in winter.", "Ines works the day shift in summer.", false},
	{"days and some nights", "Ines works days.", "Ines works days and some nights.", false},
	{"used to", "Ines used to work nights.", "Ines works days.", false},
}

var contra20PronounCases = []judgeCase{
	{"it, a fuel", "It runs on petrol.", "It runs on diesel.", true},
	{"it, a count", "It sleeps six.", "It sleeps four.", true},
	{"he, a place kept", "He keeps the kayak in the garage.", "He keeps the kayak in the boathouse.", true},
	{"she, a car", "She drives a Volvo.", "She drives a Saab.", true},
	{"he, she", "He runs on the beach.", "She runs on the canal path.", false},
	{"two languages", "She speaks Greek.", "She speaks Italian.", false},
	{"two foods", "He eats fish.", "He eats meat.", false},
	{"two drinks", "I drink tea.", "I drink coffee.", false},
	{"two deeds of the past", "We locked the shed.", "We locked the gate.", false},
	{"two moves", "We moved to Leeds in 2015.", "We moved to York in 2018.", false},
	{"two things kept for two lengths", "We keep invoices for 7 years.", "We keep receipts for 2 years.", false},
	{"a manner", "It runs on petrol.", "It runs smoothly.", false},
	{"two verbs", "We pilot the new app in Lyon.", "We engineer the new app in Lyon.", false},
	{"a count of the past", "It had three bedrooms before the extension.", "It has three bedrooms.", false},
	{"another count", "It has four bedrooms.", "It has four bathrooms.", false},
}

var contra20PlaceCases = []judgeCase{
	{"two rooms", "The chess club meets in the church crypt.", "The chess club now meets in the sports hall.", true},
	{"two containers", "Our birth certificates are in the wall safe.", "Our birth certificates are in the filing cabinet.", true},
	{"two halls", "The meeting is in the blue room.", "The meeting is in the main hall.", true},
	{"no place: interests", "Maja is interested in modern art.", "Maja is interested in jazz music.", false},
	{"no place: investments", "Maja invested in index funds.", "Maja invested in government bonds.", false},
	{"an elaboration", "The bikes are kept in the garden shed.", "The bikes are kept in the garden shed behind the house.", false},
	{"a qualifier added", "The wine is stored in the cellar.", "The wine is stored in the old cellar.", false},
	{"two things, two places", "The tools are in the red toolbox.", "The paint is in the garden shed.", false},
	{"two seasons", "The ferry docks at the north pier in summer.", "The ferry docks at the fishing quay in winter.", false},
	{"a many-valued verb", "Maja reads in the back garden.", "Maja reads in the spare room.", false},
}

var contra20SureCases = []judgeCase{
	{"sure of a day", "Agnes is sure the plumber comes on Monday.", "The plumber comes on Wednesday.", true},
	{"certain that, a time", "Agnes is certain that the last tram leaves at 23:40.", "The last tram leaves at 00:10.", true},
	{"convinced, a place under", "Agnes is convinced the spare key is under the flowerpot.", "The spare key is in the kitchen drawer.", true},
	{"sure, agreeing", "Agnes is sure the plumber comes on Monday.", "The plumber comes on Monday.", false},
	{"not sure", "Agnes is not sure the plumber comes on Monday.", "The plumber comes on Wednesday.", false},
	{"doubts", "Agnes doubts the plumber comes on Monday.", "The plumber comes on Wednesday.", false},
	{"wonders", "Agnes wonders whether the tram leaves at 23:40.", "The tram leaves at 00:10.", false},
	{"sure of another attribute", "Agnes is sure the plumber comes on Monday.", "Agnes is sure the plumber charges 60 euros.", false},
}

var contra20UntilCases = []judgeCase{
	{"until an event, past", "The canoes were kept in the barn until the flood.", "The canoes are kept in the boathouse.", false},
	{"until a year, past", "The canoes were kept in the barn until 2022.", "The canoes are kept in the boathouse.", false},
	{"two places now", "The canoes are kept in the barn.", "The canoes are kept in the boathouse.", true},
	{"under review is no place", "The budget is under review.", "The budget is in the shared folder.", false},
	{"behind schedule is no place", "The bridge repair is behind schedule.", "The bridge repair is on schedule.", false},
}

var contra20AppositionCases = []judgeCase{
	{"a name set beside its role", "Our gardener, Tomasz, comes on Monday mornings.", "Tomasz comes on Monday afternoons.", true},
	{"a name set beside its role, agreeing", "Our gardener, Tomasz, comes on Monday mornings.", "Tomasz comes on Monday mornings.", false},
	{"another person", "Our gardener, Tomasz, comes on Monday mornings.", "Ewa comes on Monday afternoons.", false},
}
