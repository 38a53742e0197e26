package conflict_test

import "testing"

// TestContra19Rules holds cases per rule of the nineteenth pass, each
// written for the rule and not taken from testdata/contra19.jsonl: the
// contradictions it must find and the look-alikes next to them it must
// leave alone.
func TestContra19Rules(t *testing.T) {
	checkJudged(t, contra19SubstituteCases, contra19QualityCases, contra19DueCases, contra19PossessedCases, contra19KeptDietCases, contra19StateCases, contra19OftenCases, contra19ClockCases, contra19FoundCases, contra19OwnerCases, contra19BoneCases, contra19OppositeCases)
}

var contra19SubstituteCases = []judgeCase{
	{"no milk, soya milk", "Rhea doesn't drink milk.", "Rhea drinks soya milk in her tea.", false},
	{"allergic to milk, rice milk", "Rhea is allergic to milk.", "Rhea drinks rice milk.", false},
	{"no chicken, mock chicken", "Rhea doesn't eat chicken.", "Rhea eats mock chicken.", false},
	{"no meat, vegetarian sausages", "Rhea never eats meat.", "Rhea grills vegetarian sausages.", false},
	{"no butter, almond butter", "Rhea avoids butter.", "Rhea spreads almond butter on her bread.", false},
	{"no milk, goat's milk", "Rhea doesn't drink milk.", "Rhea drinks goat's milk.", true},
	{"no milk, oat milk and whole milk", "Rhea doesn't drink milk.", "Rhea drinks oat milk and whole milk.", true},
	{"no meat, vegan burgers and lamb", "Rhea doesn't eat meat.", "Rhea eats vegan burgers and lamb.", true},
	{"the compound itself denied", "The soup has no coconut cream.", "The soup has coconut cream.", true},
}

var contra19QualityCases = []judgeCase{
	{"dusty, spacious", "The attic is dusty.", "The attic is spacious.", false},
	{"soft, grey", "The new sofa is soft.", "The new sofa is grey.", false},
	{"cold, deep", "The quarry lake is cold.", "The quarry lake is deep.", false},
	{"cheap, noisy", "The hostel on Via Roma is cheap.", "The hostel on Via Roma is noisy.", false},
	{"a colour, a power", "The shed door is green.", "The shed door is electric.", false},
	{"a colour, a material", "The shed door is green.", "The shed door is wooden.", false},
	{"two materials", "The garden gate is wooden.", "The garden gate is metal.", true},
	{"two features of a place", "The scout hut is insulated.", "The scout hut is fenced.", false},
	{"busy, cosy", "The tea room on Mill Lane is busy.", "The tea room on Mill Lane is cosy.", false},
	{"a feature and its lack", "The scout hut by the river is insulated.", "The scout hut by the river is uninsulated.", true},
	{"dusty, spotless", "The attic above the garage is dusty.", "The attic above the garage is spotless.", true},
	{"two colours", "The guest room is red.", "The guest room is green.", true},
	{"cheap, expensive", "The hostel on Via Roma is cheap.", "The hostel on Via Roma is expensive.", true},
	{"warm, freezing", "The quarry lake is warm.", "The quarry lake is freezing.", true},
}

var contra19DueCases = []judgeCase{
	{"a permit expires in two years", "Lior's work permit expires in 2027.", "Lior's work permit expires in 2029.", true},
	{"a contract ends in two months", "The cleaning contract ends in March 2027.", "The cleaning contract ends in May 2027.", true},
	{"expired then, valid now", "Lior's work permit expired in 2020.", "Lior's work permit expires in 2029.", false},
	{"archived in a year, when it came", "The old wiki was archived in 2024.", "The old wiki was archived.", false},
}

var contra19PossessedCases = []judgeCase{
	{"two things of one owner", "Ada's laptop runs Linux.", "Ada's phone runs Linux.", false},
	{"two kin of one person", "Ada's son lives in Oslo.", "Ada's daughter lives in Oslo.", false},
	{"two documents, one year", "Lior's visa expires in 2027.", "Lior's passport expires in 2027.", false},
	{"one thing, two values", "Ada's son lives in Oslo.", "Ada's son lives in Bergen.", true},
}

var contra19KeptDietCases = []judgeCase{
	{"vegetarian for years, a steak", "Bruno has been vegetarian for ten years.", "Bruno eats a steak every Sunday.", true},
	{"vegan since a year, butter", "Bruno has been vegan since 2021.", "Bruno eats butter on his toast.", true},
	{"sober for months, beer", "Bruno has been sober for eight months.", "Bruno drinks beer at the pub on Fridays.", true},
	{"was vegetarian for years, a steak", "Bruno was vegetarian for ten years.", "Bruno eats a steak every Sunday.", false},
	{"sober, a drink without alcohol", "Bruno has been sober for eight months.", "Bruno drinks alcohol-free beer.", false},
	{"sober, his brother drinks", "Bruno has been sober for eight months.", "Bruno's brother drinks beer on Fridays.", false},
}

var contra19StateCases = []judgeCase{
	{"a city, another state", "Noa lives in Chicago.", "Noa lives in Arizona.", true},
	{"moved to a city, lives in another state", "Noa moved to Nashville.", "Noa lives in Ohio.", true},
	{"born in a city, born in another state", "Noa was born in Detroit.", "Noa was born in Texas.", true},
	{"a city, its state", "Noa lives in Nashville.", "Noa lives in Tennessee.", false},
	{"a city two states share", "Noa lives in Portland.", "Noa lives in Maine.", false},
	{"a town the table lacks", "Noa lives in Fresno.", "Noa lives in Oregon.", false},
	{"a city that is a state's name too", "Noa lives in Seattle.", "Noa lives in Washington.", false},
}

var contra19OftenCases = []judgeCase{
	{"every evening, rarely", "Pim plays chess every evening.", "Pim rarely plays chess.", true},
	{"always, seldom", "Pim always takes the stairs.", "Pim seldom takes the stairs.", true},
	{"daily, hardly ever", "Pim reads the paper daily.", "Pim hardly ever reads the paper.", true},
	{"in the evening, rarely", "Pim plays chess in the evening.", "Pim rarely plays chess.", false},
	{"twice a year, rarely", "Pim goes to the theatre twice a year.", "Pim rarely goes to the theatre.", false},
	{"every evening, rarely another game", "Pim plays chess every evening.", "Pim rarely plays bridge.", false},
	{"every evening, rarely in summer", "Pim plays chess every evening.", "Pim rarely plays chess in summer.", false},
	{"every evening once, rarely now", "Pim played chess every evening as a student.", "Pim rarely plays chess.", false},
}

var contra19ClockCases = []judgeCase{
	{"is noon, is a clock time", "The school's pickup time is noon.", "The school's pickup time is 1:30 pm.", true},
	{"is midnight, is a clock time", "The hostel's curfew is midnight.", "The hostel's curfew is 11 pm.", true},
	{"is noon, is 12:00", "The school's pickup time is noon.", "The school's pickup time is 12:00.", false},
	{"a season after the copula", "Ilse's favourite season is spring.", "Ilse's favourite season is winter.", true},
	{"a season and a month", "Ilse's favourite season is spring.", "Ilse's favourite month is May.", false},
}

var contra19FoundCases = []judgeCase{
	{"enjoys, finds it dull", "Bea enjoys long train rides.", "Bea finds long train rides dull.", true},
	{"hates, finds it relaxing", "Bea hates ironing.", "Bea finds ironing relaxing.", true},
	{"enjoys, finds another thing dull", "Bea enjoys long train rides.", "Bea finds long bus rides dull.", false},
	{"enjoys, found one dull once", "Bea enjoys long train rides.", "Bea found the train ride to Oslo dull.", false},
	{"enjoys, finds it relaxing", "Bea enjoys ironing.", "Bea finds ironing relaxing.", false},
}

var contra19OwnerCases = []judgeCase{
	{"her shop moved", "Hanne's flower shop is in Aarhus.", "Hanne moved her flower shop to Odense.", true},
	{"his office is in a town, he moved it", "Olle's office is in Uppsala.", "Olle moved his office to Malmö.", true},
	{"her son lives elsewhere", "Hanne's son lives in Aarhus.", "Hanne lives in Odense.", false},
	{"sold a thing to her kin", "Hanne's cousin owns the red van.", "Hanne sold the red van to her cousin.", false},
	{"a friend of hers moved", "Hanne lives in Aarhus.", "Hanne's friend moved to Odense.", false},
}

var contra19BoneCases = []judgeCase{
	{"never broke a bone, broke a leg", "Jip has never broken a bone.", "Jip broke his leg playing rugby.", true},
	{"never broke a bone, broke a collarbone", "Jip has never broken a bone.", "Jip broke his collarbone in 2015.", true},
	{"never broke a bone, sprained an ankle", "Jip has never broken a bone.", "Jip sprained his ankle in 2015.", false},
	{"never broke a bone, his sister broke a leg", "Jip has never broken a bone.", "Jip's sister broke her leg.", false},
	{"never broke a bone, broke a phone", "Jip has never broken a bone.", "Jip broke his phone.", false},
}

var contra19OppositeCases = []judgeCase{
	{"paid, unpaid", "The deposit for the hall is paid.", "The deposit for the hall is unpaid.", true},
	{"sold, unsold", "The last two puppies were sold.", "The last two puppies are unsold.", true},
	{"high, low", "The water level in the canal is high.", "The water level in the canal is low.", true},
	{"empty, full", "The rain barrel is empty.", "The rain barrel is full.", true},
	{"full, empty of two things", "The rain barrel by the shed is full.", "The rain barrel by the house is empty.", false},
	{"paid, unpaid of two things", "The deposit for the hall is paid.", "The deposit for the band is unpaid.", false},
	{"high, low of two things", "The water level in the canal is high.", "The water level in the reservoir is low.", false},
}
