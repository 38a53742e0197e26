package conflict_test

import "testing"

// TestContra22Rules holds cases per rule of the twenty-second pass, each
// written for the rule and not taken from testdata/contra22.jsonl: the
// contradictions it must find and the look-alikes next to them it must
// leave alone.
func TestContra22Rules(t *testing.T) {
	checkJudged(t, contra22OnlyCases, contra22QualityCases, contra22OccasionCases, contra22MovedCases, contra22ContestCases, contra22FactCases, contra22BornCases, contra22PartCases, contra22InOutCases, contra22HandCases, contra22YearCases, contra22PronounCases, contra22CommuteCases)
}

var contra22OnlyCases = []judgeCase{
	{"nothing but, another", "The foal eats nothing but oats.", "The foal eats barley every evening.", true},
	{"nothing but, only", "The foal eats nothing but oats.", "The foal eats only oats.", false},
	{"none but, a name", "None but Petra holds the key.", "Petra holds the key.", false},
	{"nothing, no but", "The foal eats nothing.", "The foal eats oats.", true},
	{"only at one place, another elsewhere", "Lior drinks only tea at the office.", "Lior drinks beer at the pub.", false},
	{"only, another at a place", "Lior drinks only tea.", "Lior drinks beer at the pub.", true},
	{"only at one place, another there", "Lior drinks only tea at the office.", "Lior drinks cocoa at the office.", true},
	{"pretended, a value", "Lior pretended that the quiz is on 3 May.", "The quiz is on 10 May.", false},
	{"imagined, a value", "Lior imagined the loft was 5 metres wide.", "The loft is 3 metres wide.", false},
	{"suspects, a value", "Lior suspects the quiz is on 3 May.", "The quiz is on 10 May.", false},
}

var contra22QualityCases = []judgeCase{
	{"a colour, a deed", "Ole's cat is black.", "Ole's cat drinks milk.", false},
	{"an age, a deed", "The village kettle is old.", "The village kettle whistles loudly.", false},
	{"a look, where it leads", "The back lane is narrow.", "The back lane winds up to the quarry.", false},
	{"two colours", "Ole's cat is black.", "Ole's cat is white.", true},
	{"power, a verb of power", "The barn heater is electric.", "The barn heater runs on paraffin.", true},
}

var contra22OccasionCases = []judgeCase{
	{"open, closed twice", "The lido is open.", "The lido closed twice in 2019.", false},
	{"runs, cancelled twice", "The cliff railway runs all year.", "The cliff railway was cancelled twice in March.", false},
	{"running, cancelled twice", "The cliff railway is running.", "The cliff railway was cancelled twice in March.", false},
	{"open, closed", "The lido is open.", "The lido is closed.", true},
	{"running, cancelled", "The cliff railway is running today.", "The cliff railway is cancelled today.", true},
}

var contra22MovedCases = []judgeCase{
	{"moved from, where it is", "The upright piano is at the end of the hall.", "The upright piano was moved from the lounge in 2019.", false},
	{"moved from, no year", "The gas meter is at the side of the house.", "The gas meter was moved from the kitchen.", false},
	{"moved from, a street", "The dental clinic is at the top of Elm Street.", "The dental clinic was moved from the station in 2011.", false},
	{"moved from, to, where it was", "The upright piano is in the lounge.", "The upright piano was moved from the lounge to the study.", true},
	{"two places now", "The upright piano is in the study.", "The upright piano is in the lounge.", true},
}

var contra22ContestCases = []judgeCase{
	{"a title in two years", "The netball team won the county title in 2011.", "The netball team won the county title in 2016.", false},
	{"a cup in two years", "Ferndale Rovers lifted the trophy in 1998.", "Ferndale Rovers lifted the trophy in 2003.", false},
	{"never won, won in a year", "Ferndale Rovers have never won the trophy.", "Ferndale Rovers won the trophy in 2003.", true},
	{"out, won, one year", "The netball team went out in the semi-finals in 2011.", "The netball team won the title in 2011.", true},
}

var contra22FactCases = []judgeCase{
	{"it emerged that", "It emerged that the boathouse sleeps 12.", "The boathouse sleeps 20.", true},
	{"found that", "The survey found that the pond is 2 metres deep.", "The pond is 4 metres deep.", true},
	{"revealed that", "The audit revealed that the fund holds 3 million euros.", "The fund holds 5 million euros.", true},
	{"found that, antonyms", "The surveyor found that the cellar is dry.", "The cellar is damp.", true},
	{"established that, antonyms", "The vet established that the ewe is healthy.", "The ewe is unhealthy.", true},
	{"never found that", "Nobody ever found that the pond is 2 metres deep.", "The pond is 4 metres deep.", false},
	{"found that, agreeing", "The survey found that the pond is 2 metres deep.", "The pond is 2 metres deep.", false},
	{"found that, another attribute", "The survey found that the pond is 2 metres deep.", "The pond freezes in January.", false},
}

var contra22BornCases = []judgeCase{
	{"born, year on one side", "Ines was born in Faro in 1993.", "Ines was born in Braga.", true},
	{"born, one year both sides", "Ines was born in Faro in 1993.", "Ines was born in Braga in 1993.", true},
	{"born, an old year", "The painter was born in Ghent in 1841.", "The painter was born in Bruges.", true},
	{"born, the place again", "Ines was born in Faro in 1993.", "Ines was born in Faro.", false},
	{"born, the year alone", "Ines was born in Faro in 1993.", "Ines was born in 1993.", false},
	{"born, another person", "Ines was born in Faro in 1993.", "Ines's brother was born in Braga.", false},
	{"one year, two towns worked in", "Ines worked in Faro in 1993.", "Ines worked in Braga in 1993.", false},
}

var contra22PartCases = []judgeCase{
	{"the pocket of a jacket, a porch", "The dog lead is in the pocket of my jacket.", "The dog lead is in the porch.", true},
	{"the back of a jeep, a shed", "The tow rope is in the back of the jeep.", "The tow rope is in the garden shed.", true},
	{"the pocket of a jacket, another thing", "The dog lead is in the pocket of my jacket.", "The house keys are in the porch.", false},
	{"the pocket of a jacket, a colour", "The dog lead is in the pocket of my jacket.", "The dog lead is red.", false},
	{"the pocket of a jacket, again", "The dog lead is in the pocket of my jacket.", "The dog lead is in the pocket of my jacket by the door.", false},
}

var contra22InOutCases = []judgeCase{
	{"outdoors, a room", "The book fair is held outdoors.", "The book fair is held in the library.", true},
	{"indoors, a park", "The tai chi group meets indoors.", "The tai chi group meets in the park.", true},
	{"outside, a garden", "The book fair is held outside.", "The book fair is held in the garden.", false},
	{"outside, a day", "The book fair is held outside.", "The book fair is held on Saturdays.", false},
	{"outdoors, a room when it rains", "The book fair is usually held outdoors.", "If it rains, the book fair is held in the library.", false},
}

var contra22HandCases = []judgeCase{
	{"left-handed, right-handed", "Tuula is left-handed.", "Tuula is right-handed.", true},
	{"writes left, right-handed", "Tuula writes with her right hand.", "Tuula is left-handed.", true},
	{"left-footed, right-footed", "Our full-back is left-footed.", "Our full-back is right-footed.", true},
	{"writes left, left-handed", "Tuula writes with her left hand.", "Tuula is left-handed.", false},
	{"writes left, throws right", "Tuula writes with her left hand.", "Tuula throws with her right hand.", false},
	{"left-handed, kicks right", "Tuula is left-handed.", "Tuula kicks with her right foot.", false},
	{"left-handed, another person", "Tuula is left-handed.", "Tuula's son is right-handed.", false},
}

var contra22YearCases = []judgeCase{
	{"all year, only a season", "The lakeside campsite opens all year.", "The lakeside campsite only opens in summer.", true},
	{"all year round, only months", "The lakeside campsite opens all year round.", "The lakeside campsite opens only from April to October.", true},
	{"throughout the year, only two months", "The lakeside campsite opens throughout the year.", "The lakeside campsite opens only in July and August.", true},
	{"every day, only two weekdays", "The school minibus runs every day.", "The school minibus runs only on Tuesdays and Thursdays.", true},
	{"all year, busier in a season", "The lakeside campsite opens all year.", "The lakeside campsite is busiest in summer.", false},
	{"all year, a season with no only", "The lakeside campsite opens all year.", "The lakeside campsite opens in summer.", false},
	{"every day, two weekdays with no only", "The school minibus runs every day.", "The school minibus runs on Tuesdays and Thursdays.", false},
}

var contra22PronounCases = []judgeCase{
	{"she, black, cream", "She drinks her filter coffee black.", "She always adds cream to her filter coffee.", true},
	{"he, neat, ice", "He takes his rum neat.", "He always puts ice in his rum.", true},
	{"she, black, another drink with milk", "She drinks her filter coffee black.", "She has her cocoa with milk.", false},
	{"he, black, she with milk", "He drinks his filter coffee black.", "She takes milk in her filter coffee.", false},
	{"he, black, sugar on food", "He drinks his filter coffee black.", "He puts sugar on his cereal.", false},
}

var contra22CommuteCases = []judgeCase{
	{"commutes by tram, drives to work", "Soren commutes by tram.", "Soren drives to work.", true},
	{"commutes by car, cycles to work", "Soren commutes by car.", "Soren cycles to work every day.", true},
	{"commutes by bike, cycles to work", "Soren commutes by bike.", "Soren cycles to work.", false},
	{"commutes by tram, drives to the coast", "Soren commutes by tram.", "Soren drives to the coast at weekends.", false},
	{"commuted by car until last year", "Until last year Soren commuted by car.", "Soren commutes by bike.", false},
}
