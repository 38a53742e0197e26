package conflict_test

import "testing"

// TestContra8Rules holds cases per rule of the eighth pass, each
// written for the rule (one sentence that applies beyond any pair) and
// not taken from testdata/contra8.jsonl: the look-alikes it must leave
// alone and the contradictions next to them it must still find.
func TestContra8Rules(t *testing.T) {
	checkJudged(t, contra8DenialCases, contra8ChangeNounCases, contra8ConditionCases, contra8SpanCases, contra8ComparisonCases, contra8ActCases, contra8BareCases, contra8NoonCases, contra8AlternateCases, contra8MonthPositionCases, contra8ActObjectCases, contra8PronounCases, contra8OpenUntilCases, contra8BoundCases, contra8OrderCases, contra8TitleCases, contra8MovedDayCases, contra8ReportedCases, contra8UnitWordCases, contra8OrderOneSideCases, contra8DayKindCases, contra8SellsCases, contra8DateOrderCases)
}

var contra8DenialCases = []judgeCase{
	{"two denials of other things", "Our landlord never allows dogs.", "Our landlord never allows parrots.", false},
	{"two denials of other days", "The museum is not open on Mondays.", "The museum is not open on Tuesdays.", false},
	{"two denials of other amounts", "The library does not charge 5 euros for a card.", "The library does not charge 10 euros for a card.", false},
	{"two denials of opposite words", "The side gate is not open at night.", "The side gate is not closed at night.", true},
	{"a denial against the thing asserted", "Our landlord never allows dogs.", "Our landlord allows dogs.", true},
}

var contra8ChangeNounCases = []judgeCase{
	{"a change named after an article, then a trip to a place", "The van needs a tyre change.", "The van needs a tyre change before the drive to Porto.", false},
	{"a change verb before a new time", "The daily standup is at 9:00.", "The daily standup changed to 9:30.", true},
}

var contra8ConditionCases = []judgeCase{
	{"a condition opened by in the event of", "In the event of snow, the match starts at 3 pm.", "The match starts at 1 pm.", false},
	{"a condition opened by in case of", "In case of a storm, the ferry leaves at 6 pm.", "The ferry leaves at 4 pm.", false},
	{"a past time opened by when", "When we moved in, the flat had 2 radiators.", "The flat has 5 radiators.", false},
	{"a condition opened by whenever", "Whenever it snows, the school bus comes at 8:30.", "The school bus comes at 7:50.", false},
	{"the same facts with no condition", "The match starts at 3 pm.", "The match starts at 1 pm.", true},
	{"the same counts with no time", "The flat has 2 radiators.", "The flat has 5 radiators.", true},
}

var contra8SpanCases = []judgeCase{
	{"months and years, one span", "The warranty lasts 24 months.", "The warranty lasts two years.", false},
	{"weeks and a year, one span", "The membership lasts 52 weeks.", "The membership lasts one year.", false},
	{"weeks and a month, two spans", "The trial lasts 4 weeks.", "The trial lasts one month.", true},
	{"months and years, two spans", "The warranty lasts 18 months.", "The warranty lasts two years.", true},
}

var contra8ComparisonCases = []judgeCase{
	{"two comparisons of other measures", "The new laptop is heavier than the tablet.", "The new laptop is thinner than the tablet.", false},
	{"one comparison with other things", "Mia is taller than Ben.", "Mia is taller than Carl.", false},
	{"comparisons of opposite bounds", "The new laptop is heavier than the tablet.", "The new laptop is lighter than the tablet.", true},
	{"comparisons of listed opposites", "The red car is faster than the van.", "The red car is slower than the van.", true},
}

var contra8ActCases = []judgeCase{
	{"two acts of care on one pet", "Ravi walks the neighbour's dog.", "Ravi feeds the neighbour's dog.", false},
	{"two phrasal acts on one object", "Lola drops off the parcels at the depot.", "Lola picks up the parcels at the depot.", false},
	{"two acts for one relative", "Tomas drives his grandmother.", "Tomas cooks for his grandmother.", false},
	{"owning against renting", "Ravi owns the red canoe.", "Ravi rents the red canoe.", true},
	{"a policy verb replaced", "The school bans phones in class.", "The school allows phones in class.", true},
}

var contra8BareCases = []judgeCase{
	{"one subject word, two times", "Lunch is at 12:30.", "Lunch is at 13:45.", true},
	{"one subject word, two opposite states", "The cottage is furnished.", "The cottage is unfurnished.", true},
	{"one subject word, two amounts", "Tuition is 900 pounds.", "Tuition is 1100 pounds.", true},
	{"one subject word, a time and a state", "Lunch is at 12:30.", "Lunch is included.", false},
	{"one subject word, two opinions", "Parking is free.", "Parking is convenient.", false},
	{"two subject words, one time", "Lunch is at 12:30.", "Dinner is at 12:30.", false},
}

var contra8NoonCases = []judgeCase{
	{"noon against another hour", "The farm shop closes at noon on Saturdays.", "The farm shop closes at 4 pm on Saturdays.", true},
	{"noon against 12:00", "The farm shop closes at noon on Saturdays.", "The farm shop closes at 12:00 on Saturdays.", false},
	{"midnight against another hour", "The hostel bar is open until midnight.", "The hostel bar is open until 2 am.", true},
}

var contra8AlternateCases = []judgeCase{
	{"every other day of the week against every", "The repair café opens every Thursday.", "The repair café opens every other Thursday.", true},
	{"every second day of the week against a plural day", "The youth club meets on Fridays.", "The youth club meets every second Friday.", true},
	{"every other day of the week, another subject", "The repair café opens every Thursday.", "The swap shop opens every other Thursday.", false},
	{"every other day of the week, both", "The repair café opens every other Thursday.", "The repair café opens every other Thursday at 6 pm.", false},
}

var contra8MonthPositionCases = []judgeCase{
	{"two positions of a weekday in the month", "The parish council meets on the second Tuesday of each month.", "The parish council meets on the fourth Tuesday of each month.", true},
	{"first and last weekday of the month", "The knitting circle gathers on the first Monday of the month.", "The knitting circle gathers on the last Monday of the month.", true},
	{"one position, another subject", "The parish council meets on the second Tuesday of each month.", "The allotment society meets on the fourth Tuesday of each month.", false},
}

var contra8ActObjectCases = []judgeCase{
	{"a meeting and an act with its object, one time", "The parish council meets on the second Tuesday of each month.", "The parish council publishes minutes on the second Tuesday of each month.", false},
	{"an act with its object, something else differing", "Sam drinks his tea black.", "Sam takes milk in his tea.", true},
}

var contra8PronounCases = []judgeCase{
	{"a pronoun subject beside a named one", "We are lodging at the Pension Aurora in Tromsø.", "Lukas is lodging at the Hotel Nord in Tromsø.", false},
	{"I beside a named subject", "I take the 8:10 train.", "Jonas takes the 9:10 train.", false},
	{"one pronoun subject, two values", "We are lodging at the Pension Aurora in Tromsø.", "We are lodging at the Hotel Nord in Tromsø.", true},
}

var contra8OpenUntilCases = []judgeCase{
	{"open until one hour against closing at another", "The post office is open until 5 pm.", "The post office closes at 7 pm.", true},
	{"open until an hour against closing at it", "The post office is open until 5 pm.", "The post office closes at 17:00.", false},
	{"open until a date is no closing time", "The exhibition is open until 12 May.", "The exhibition closes at 6 pm.", false},
	{"open on a day, and until a time on it", "The dental clinic is open on Saturdays.", "The dental clinic is open until noon on Saturdays.", false},
}

var contra8BoundCases = []judgeCase{
	{"a value within more than", "The ferry crossing takes 90 minutes.", "The ferry crossing takes more than an hour.", false},
	{"a range below over", "The ferry crossing takes 20 to 25 minutes.", "The ferry crossing takes over an hour.", true},
	{"a value below at least", "The climb takes at least an hour.", "The climb takes 20 minutes.", true},
	{"a value above under", "The climb takes under an hour.", "The climb takes 2 hours.", true},
	{"a value within under", "The climb takes under an hour.", "The climb takes 40 minutes.", false},
	{"a count below more than", "The marquee holds more than 200 guests.", "The marquee holds 150 guests.", true},
	{"a count within more than", "The marquee holds more than 200 guests.", "The marquee holds 250 guests.", false},
	{"takes over an hour is no handover", "The ferry crossing takes over an hour.", "Ines took over the ferry crossing.", false},
}

var contra8OrderCases = []judgeCase{
	{"before and after one event", "Water the seedlings before sunset.", "Water the seedlings after sunset.", true},
	{"after one event and before another", "Water the seedlings before sunset.", "Water the seedlings after breakfast.", false},
	{"after a migration beside a switch", "Feature toggles are kept in Flagsmith.", "Feature toggles now live in Unleash after the migration.", true},
	{"before one event, the other with none", "Water the seedlings before sunset.", "Water the seedlings daily.", false},
}

var contra8TitleCases = []judgeCase{
	{"a name against a title and a name, after a number", "The night porter on floor 3 is Uncle Femi.", "The night porter on floor 3 is Mrs. Dlamini.", true},
	{"a title and a name against a name", "The choir director is Dr. Mensah.", "The choir director is Father Quinn.", true},
	{"one title and name, another subject", "The night porter on floor 3 is Uncle Femi.", "The night porter on floor 5 is Mrs. Dlamini.", false},
}

var contra8MovedDayCases = []judgeCase{
	{"a gained noun moved to a day", "The open day tour moved to Saturday.", "The open day is on Sunday.", false},
	{"a gained noun moved to a month", "The harvest festival market moved to October.", "The harvest festival is in September.", false},
	{"the subject itself moved to a day", "The open day moved to Saturday.", "The open day is on Sunday.", true},
	{"a place still a place", "The pottery studio moved to Leith.", "The pottery studio is in Portobello.", true},
}

var contra8ReportedCases = []judgeCase{
	{"a person's word reported with said", "Tomas said the late bus leaves at 11:40.", "The late bus leaves at 11:55.", false},
	{"a person's belief", "Grandad thinks the library closes at 5.", "The library closes at 7.", false},
	{"two reports of one person", "Tomas said the late bus leaves at 11:40.", "Tomas said the late bus leaves at 11:55.", true},
	{"the facts alone", "The late bus leaves at 11:40.", "The late bus leaves at 11:55.", true},
}

var contra8UnitWordCases = []judgeCase{
	{"one dose of two medicines", "Grandma takes 10 mg of ramipril at night.", "Grandma takes 10 mg of simvastatin at night.", false},
	{"two doses of one medicine", "Grandma takes 10 mg of ramipril at night.", "Grandma takes 5 mg of ramipril at night.", true},
}

var contra8OrderOneSideCases = []judgeCase{
	{"an order to one thing beside another relation", "Soak the lentils before cooking.", "Soak the lentils overnight.", false},
	{"the same relation to other things", "Soak the lentils in cold water.", "Soak the lentils in warm water.", true},
}

var contra8DayKindCases = []judgeCase{
	{"a weekday beside holidays", "The launderette is shut on Sundays.", "The launderette is shut on public holidays.", false},
	{"a weekday beside a season", "The ice rink opens late on Fridays.", "The ice rink opens late in winter.", false},
	{"two weekdays", "The launderette is shut on Sundays.", "The launderette is shut on Wednesdays.", true},
}

var contra8SellsCases = []judgeCase{
	{"a shop selling two things", "The corner shop sells firewood.", "The corner shop sells charcoal.", false},
	{"a canteen serving two dishes", "The canteen serves lentil soup.", "The canteen serves fish pie.", false},
	{"a shop that now sells another thing", "The corner shop sells firewood.", "The corner shop now sells charcoal instead.", true},
}

var contra8DateOrderCases = []judgeCase{
	{"one date day first and month first", "The piano exam is on 6/5/2027.", "The piano exam is on 5/6/2027.", false},
	{"one date, a day over 12", "The piano exam is on 17/5.", "The piano exam is on 5/17.", false},
	{"one date with dots and slashes", "The piano exam is on 06.05.2027.", "The piano exam is on 05/06/2027.", false},
	{"two dates", "The piano exam is on 6/5/2027.", "The piano exam is on 9/5/2027.", true},
	{"two versions", "The kiosk runs Android 8.1.", "The kiosk runs Android 1.8.", true},
}
