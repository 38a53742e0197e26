package conflict_test

import "testing"

// TestContra9Rules holds cases per rule of the ninth pass, each
// written for the rule and not taken from testdata/contra9.jsonl: the
// look-alikes it must leave alone and the contradictions next to them
// it must still find.
func TestContra9Rules(t *testing.T) {
	checkJudged(t, contra9AllergyCases, contra9KinCases, contra9ExceptCases, contra9TimeBoundCases, contra9PhoneCases, contra9ComparedCases, contra9WeekendCases, contra9OrdinalCases, contra9OnlyListCases, contra9ResultCases)
}

var contra9AllergyCases = []judgeCase{
	{"allergic to two things", "Noor is allergic to cats.", "Noor is allergic to pollen.", false},
	{"intolerant of two things", "Dev is intolerant to lactose.", "Dev is intolerant to gluten.", false},
	{"an allergy denied", "Noor is allergic to cats.", "Noor is not allergic to cats.", true},
}

var contra9KinCases = []judgeCase{
	{"a relative who is also a neighbour", "Ivo is Petra's uncle.", "Ivo is Petra's neighbour.", false},
	{"a relative who is also a colleague", "Mara is Luca's sister.", "Mara is Luca's colleague.", false},
	{"two relations of kin", "Ivo is Petra's uncle.", "Ivo is Petra's grandfather.", true},
	{"a tie and a word for its kind", "Ravi is Mia's husband.", "Ravi is Mia's partner.", false},
	{"a tie and a word for its kind, siblings", "Felix is Ana's sibling.", "Felix is Ana's brother.", false},
	{"two roles at work", "Mara is Luca's manager.", "Mara is Luca's intern.", true},
}

var contra9ExceptCases = []judgeCase{
	{"a rule with an exception beside the exception's own rule", "The canteen serves lunch until 2 pm except on Mondays.", "On Mondays the canteen serves lunch until noon.", false},
	{"an exception and the day after it", "The shuttle runs every 20 minutes except at weekends.", "At weekends the shuttle runs every hour.", false},
	{"the case with a value of its own and with none", "The gym opens at 6 except on Sundays.", "On Sundays the gym opens late.", false},
	{"two rules with one exception", "The canteen serves lunch until 2 pm except on Mondays.", "The canteen serves lunch until 3 pm except on Mondays.", true},
}

var contra9TimeBoundCases = []judgeCase{
	{"two upper bounds of a time", "Kim got home before ten.", "Kim got home before eleven.", false},
	{"two lower bounds of a time", "The parcel arrived after 2 pm.", "The parcel arrived after 1 pm.", false},
	{"an upper bound below a lower bound", "Kim got home before ten.", "Kim got home after eleven.", true},
	{"two times, no bound", "Kim got home at ten.", "Kim got home at eleven.", true},
	{"two deadlines of a rule", "Hand in the keys before 5 pm.", "Hand in the keys before 6 pm.", true},
	{"a span after an event, not a time of day", "The parcel arrived after 2 days.", "The parcel arrived after 5 days.", true},
}

var contra9PhoneCases = []judgeCase{
	{"a number with and without its country code", "The vet's number is 0161 496 0321.", "The vet's number is +44 161 496 0321.", false},
	{"a number with a country code in brackets", "Our landline is 030 1234 5678.", "Our landline is +49 (0)30 1234 5678.", false},
	{"two numbers, one with a country code", "The vet's number is 0161 496 0321.", "The vet's number is +44 161 496 0999.", true},
	{"a North American number with and without +1", "Call +1 555 0100 for the front desk.", "Call 555 0100 for the front desk.", false},
	{"an Italian number keeps its 0", "The hotel's number is 06 4470 1234.", "The hotel's number is +39 06 4470 1234.", false},
	{"two numbers", "The vet's number is 0161 496 0321.", "The vet's number is 0161 496 0777.", true},
}

var contra9ComparedCases = []judgeCase{
	{"a comparative against more and its opposite", "The night bus is cheaper than the taxi.", "The night bus is more expensive than the taxi.", true},
	{"a comparative against less and its opposite", "The night bus is cheaper than the taxi.", "The night bus is less expensive than the taxi.", false},
	{"a comparative against another measure", "The night bus is cheaper than the taxi.", "The night bus is slower than the taxi.", false},
}

var contra9WeekendCases = []judgeCase{
	{"every weekend against every other weekend", "Jo works every weekend.", "Jo works every other weekend.", true},
	{"every other weekend against weekends", "Jo works every other weekend.", "Jo works at weekends.", true},
	{"every other weekend of two people", "Jo works every other weekend.", "Sam works every other weekend.", false},
}

var contra9OrdinalCases = []judgeCase{
	{"two places in one race", "Ola came third in the relay.", "Ola came sixth in the relay.", true},
	{"second place against another", "Ola came second in the relay.", "Ola came fourth in the relay.", true},
	{"two places in a race named by its length", "Tom placed third in the 800 m.", "Tom placed seventh in the 800 m.", true},
	{"two floors of one office", "Our desk is on the third floor.", "Our desk is on the fifth floor.", true},
	{"two ordinals in the subject", "The third train leaves at 6:10.", "The fourth train leaves at 6:10.", false},
}

var contra9OnlyListCases = []judgeCase{
	{"only one thing against a list of it and another", "The kiosk sells only newspapers.", "The kiosk sells newspapers and magazines.", true},
	{"only to one kind against two", "The grant is open only to students.", "The grant is open to students and retirees.", true},
	{"a list against the same thing alone, no only", "The kiosk sells newspapers and magazines.", "The kiosk sells newspapers.", false},
	{"only one thing beside words that are no list", "The kiosk sells only newspapers.", "The kiosk sells newspapers in the morning.", false},
	{"only one thing and another claim joined by and", "The kiosk sells only newspapers.", "The kiosk sells newspapers and closes at noon.", false},
	{"only one thing and an act joined by and", "The kiosk sells only newspapers.", "The kiosk sells newspapers and opens early.", false},
}

var contra9ResultCases = []judgeCase{
	{"beat against lost to one team", "Celtic beat Hearts in the cup.", "Celtic lost to Hearts in the cup.", true},
	{"beat against lost to, a score on one side", "Celtic beat Hearts 2-0 in the cup.", "Celtic lost to Hearts in the cup.", true},
	{"beat two teams", "Celtic beat Hearts in the cup.", "Celtic beat Hibs in the league.", false},
	{"beat one team, lost to another", "Celtic beat Hearts in the cup.", "Celtic lost to Hibs in the league.", false},
}
