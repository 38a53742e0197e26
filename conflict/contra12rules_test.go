package conflict_test

import "testing"

// TestContra12Rules holds cases per rule of the twelfth pass, each
// written for the rule and not taken from testdata/contra12.jsonl: the
// look-alikes it must leave alone and the contradictions next to them
// it must still find.
func TestContra12Rules(t *testing.T) {
	checkJudged(t, contra12HistoryCases, contra12VerbFormCases, contra12OneCases, contra12DateCases, contra12GramCases, contra12HyphenCases, contra12StoppedAgoCases, contra12JustCases, contra12DailyCases, contra12PreferCases, contra12MaintainedCases)
}

var contra12HistoryCases = []judgeCase{
	{"a past event beside a present denial", "Mira sang in the church choir in 2018.", "Mira doesn't sing in the church choir anymore.", false},
	{"a past event beside no longer", "Mira sang in the church choir in 2018.", "Mira no longer sings in the church choir.", false},
	{"a past habit beside its stop", "Olek drank coffee at university.", "Olek quit coffee last year.", false},
	{"a past event in -ed beside a present denial", "Jun coached the under-12 team in 2020.", "Jun doesn't coach the under-12 team anymore.", false},
	{"a past event beside a denial of another time", "Ana cleaned the kitchen last week.", "Ana didn't clean the kitchen this week.", false},
	{"a past event beside a denial of the same time", "Ana cleaned the kitchen last week.", "Ana didn't clean the kitchen last week.", true},
	{"the present beside no longer", "Mira sings in the church choir.", "Mira no longer sings in the church choir.", true},
	{"the present beside its stop", "Olek drinks coffee every morning.", "Olek quit coffee last year.", true},
	{"a past event beside a past denial", "Jun coached the under-12 team in 2020.", "Jun didn't coach the under-12 team in 2020.", true},
	{"an adjective in -ed beside a present denial", "The report lists cancelled orders.", "The report doesn't list cancelled orders.", true},
	{"a participle after is beside a present denial", "The archive is encrypted.", "The archive isn't encrypted anymore.", true},
}

var contra12VerbFormCases = []judgeCase{
	{"an irregular past denied", "Pia paid the gas bill.", "Pia didn't pay the gas bill.", true},
	{"an irregular past denied with did not", "Sven wrote the handbook.", "Sven did not write the handbook.", true},
	{"a participle after never beside the present", "Tariq has never eaten octopus.", "Tariq eats octopus.", true},
	{"an irregular past denied for another thing", "Pia paid the gas bill.", "Pia didn't pay the water bill.", false},
	{"two values, both in the past", "Ola sent three letters on Monday.", "Ola sent five letters on Monday.", true},
	{"a past value beside a present one, one verb", "Tom drove a Ford.", "Tom drives a Volvo.", false},
	{"a past count beside a present rate, one verb", "Ola sent 3 emails.", "Ola sends 10 emails a day.", false},
	{"a past event beside a refusal to come", "Tom paid the invoice.", "Tom won't pay the invoice.", false},
	{"what should have been beside its denial", "Kim should have sent the form.", "Kim didn't send the form.", false},
}

var contra12OneCases = []judgeCase{
	{"one against a number of the same thing", "Mina keeps one horse.", "Mina keeps three horses.", true},
	{"a number against only one", "The flat has two bathrooms.", "The flat has only one bathroom.", true},
	{"one pronoun, one against a number", "We rent one garage.", "We rent two garages.", true},
	{"one of one thing, one of another", "Mina keeps one horse.", "Mina keeps one donkey.", false},
	{"one against a number of another thing", "Mina keeps one horse.", "Mina keeps three goats.", false},
	{"at least one against at least a number, narrowed", "Each release needs at least two sign-offs.", "Each release needs at least one sign-off from legal.", false},
}

var contra12DateCases = []judgeCase{
	{"a date day first beside its month name", "The audit is due on 28/02/2027.", "The audit is due on February 28, 2027.", false},
	{"a date month first beside its ISO form", "The audit is due on 02/28/2027.", "The audit is due on 2027-02-28.", false},
	{"a dotted date beside its month name", "The audit is due on 28.02.2027.", "The audit is due on 28 February 2027.", false},
	{"a date day first beside another day", "The audit is due on 27/02/2027.", "The audit is due on February 28, 2027.", true},
	{"a date beside another year", "The audit is due on 28/02/2026.", "The audit is due on February 28, 2027.", true},
}

var contra12GramCases = []judgeCase{
	{"kilograms against grams, apart", "The parcel weighs 3 kg.", "The parcel weighs 800 g.", true},
	{"kilograms against grams, one mass", "The parcel weighs 3 kg.", "The parcel weighs 3000 g.", false},
	{"milligrams against grams, one dose", "The daily dose is 500 mg.", "The daily dose is 0.5 g.", false},
}

var contra12HyphenCases = []judgeCase{
	{"a word with a hyphen and without, two times", "The check-in opens at 14:00.", "The checkin opens at 15:00.", true},
	{"a word with a hyphen and without, one time", "The check-in opens at 14:00.", "The checkin opens at 2 pm.", false},
	{"a word with a hyphen and without, two languages", "The sign-up form is in German.", "The signup form is in French.", true},
}

var contra12StoppedAgoCases = []judgeCase{
	{"a habit beside giving it up some time ago", "Bruno plays poker.", "Bruno gave up playing poker three months ago.", true},
	{"a habit beside quitting it in a year", "Bruno plays poker.", "Bruno quit poker in 2024.", true},
	{"a habit beside giving up another", "Bruno plays poker.", "Bruno gave up playing chess three months ago.", false},
}

var contra12JustCases = []judgeCase{
	{"a list beside just part of it", "The jury is Ida, Omar and Pia.", "The jury is just Ida and Omar.", true},
	{"a list beside just all of it", "The jury is Ida, Omar and Pia.", "The jury is just Ida, Omar and Pia.", false},
	{"just as recently", "Ida just joined the jury.", "Ida is on the jury.", false},
}

var contra12DailyCases = []judgeCase{
	{"daily beside only on weekends", "The ferry sails daily.", "The ferry sails only at weekends.", true},
	{"every day beside only one day", "The ferry sails every day.", "The ferry sails only on Sundays.", true},
	{"daily beside one day, no only", "The ferry sails daily.", "The ferry sails on Sundays.", false},
	{"daily beside only one day of another subject", "The ferry sails daily.", "The night bus runs only on Sundays.", false},
}

var contra12PreferCases = []judgeCase{
	{"likes beside prefers, two values", "Noa likes front-row tickets.", "Noa prefers back-row tickets.", true},
	{"wants beside prefers, two values", "Noa wants a room facing the sea.", "Noa prefers a room facing the garden.", true},
	{"likes beside prefers, one value", "Noa likes front-row tickets.", "Noa prefers front-row tickets.", false},
	{"likes beside likes, two tastes", "Noa likes jazz.", "Noa likes opera.", false},
}

var contra12MaintainedCases = []judgeCase{
	{"archived beside maintained", "The plugin is archived.", "The plugin is maintained.", true},
	{"retired beside actively maintained", "The old SDK is retired.", "The old SDK is actively maintained.", true},
}
