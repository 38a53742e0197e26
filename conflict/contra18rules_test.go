package conflict_test

import "testing"

// TestContra18Rules holds cases per rule of the eighteenth pass, each
// written for the rule and not taken from testdata/contra18.jsonl: the
// contradictions it must find and the look-alikes next to them it must
// leave alone.
func TestContra18Rules(t *testing.T) {
	checkJudged(t, contra18ResumedCases, contra18FreedCases, contra18WishCases, contra18FeltCases, contra18OwnerCases, contra18KinCases, contra18WorkCases, contra18StoppedCases, contra18LearnCases, contra18TaughtCases, contra18TownCases, contra18QuitCases, contra18MealCases)
}

var contra18ResumedCases = []judgeCase{
	{"left a firm, works there again", "Mona left Philips in 2017.", "Mona works at Philips again.", false},
	{"left a club, plays for it once more", "Rik left the Tigers last season.", "Rik plays for the Tigers once more.", false},
	{"gave up a habit, does it again", "Joss gave up drinking coffee.", "Joss drinks coffee again.", false},
	{"moved away, lives there again", "Saba moved out of Ghent in 2012.", "Saba lives in Ghent again.", false},
	{"left a firm, works there", "Mona left Philips in 2017.", "Mona works at Philips.", true},
	{"no longer, again", "Saba no longer lives in Ghent.", "Saba lives in Ghent again.", true},
	{"closed for good, open again", "The bakery closed for good in May.", "The bakery is open again.", true},
	{"a state, its opposite again", "Joss is teetotal.", "Joss drinks beer again.", true},
}

var contra18FreedCases = []judgeCase{
	{"no meat, meatless dishes", "Ivo doesn't eat meat.", "Ivo cooks meatless lasagne.", false},
	{"no sugar, sugar-free drinks", "Lea never drinks sugar.", "Lea drinks sugar-free cola.", false},
	{"teetotal, non-alcoholic cider", "Bas is teetotal.", "Bas drinks non-alcoholic cider.", false},
	{"allergic to gluten, gluten-free bread", "Bas is allergic to gluten.", "Bas eats gluten-free bread.", false},
	{"avoids caffeine, decaf tea", "Ivo avoids caffeine.", "Ivo drinks decaf tea.", false},
	{"no alcohol, alcohol-free beer and gin", "Bas doesn't drink alcohol.", "Bas drinks alcohol-free beer and gin.", true},
	{"no alcohol, cider", "Bas doesn't drink alcohol.", "Bas drinks cider.", true},
	{"teetotal, cider", "Bas is teetotal.", "Bas drinks cider every night.", true},
}

var contra18WishCases = []judgeCase{
	{"never been, wants to go", "Ulla has never been to Peru.", "Ulla wants to travel to Peru.", false},
	{"owns none, saving for one", "Ulla doesn't own a boat.", "Ulla is saving up for a boat.", false},
	{"never been, went", "Ulla has never been to Peru.", "Ulla travelled to Peru in 2019.", true},
	{"owns none, owns one", "Ulla doesn't own a boat.", "Ulla owns a boat.", true},
	{"a meeting moved to a date, not a plan", "The Q4 planning is on 2026-10-01.", "We moved Q4 planning to October 8.", true},
}

var contra18FeltCases = []judgeCase{
	{"afraid of a kind, feeds one", "Mats is afraid of cats.", "Mats feeds his cat every morning.", false},
	{"allergic to a kind, walks one", "Lene is allergic to dogs.", "Lene walks her dog twice a day.", false},
	{"allergic to a kind, keeps one", "Lene is allergic to hamsters.", "Lene keeps a hamster in her room.", false},
	{"allergic, can eat it", "Our niece can eat nuts.", "Our niece is allergic to nuts.", true},
	{"loves, avoids", "Mats loves spicy soup.", "Mats avoids spicy soup since his surgery.", true},
	{"prefers, can't stand", "Mats prefers green tea.", "Mats can't stand green tea.", true},
	{"likes, hates", "Lene likes hamsters.", "Lene hates hamsters.", true},
	{"allergic, not allergic", "Lene is allergic to hamsters.", "Lene is not allergic to hamsters.", true},
}

var contra18OwnerCases = []judgeCase{
	{"no children, coaches a friend's", "Oda has no children.", "Oda coaches the three daughters of a friend.", false},
	{"no dog, walks a neighbour's", "Oda has no dog.", "Oda walks the dog of her neighbour.", false},
	{"no car, drives one of a colleague", "Oda doesn't own a car.", "Oda drives the car of a colleague.", false},
	{"no children, coaches her own", "Oda has no children.", "Oda coaches her three daughters.", true},
	{"no children, the mother of two", "Oda has no children.", "Oda is the mother of two sons.", true},
	// A part of a group told with "of" is no thing of theirs.
	{"clients pay monthly, all of them yearly", "Our clients pay monthly.", "All of our clients pay yearly.", true},
	{"colleagues in Oslo, most of them in Bergen", "My colleagues are based in Oslo.", "Most of my colleagues are based in Bergen.", true},
	{"a friend's sons, one of a friend", "Oda has no children.", "Oda coaches one of her friend's sons.", false},
}

var contra18KinCases = []judgeCase{
	{"no siblings, a younger brother", "Oda has no siblings.", "Oda has a younger brother.", true},
	{"no children, picks up her daughter", "Oda has no children.", "Oda picks up her daughter from school.", true},
	{"an only child, a younger brother", "Oda is an only child.", "Oda has a younger brother.", true},
	{"an only child, visits her brother", "Oda is an only child.", "Oda visits her brother every Sunday.", true},
	{"childless, drives her son", "Oda is childless.", "Oda drives her son to school.", true},
	{"an only child, a friend's brother", "Oda is an only child.", "Oda's friend has a brother.", false},
	{"an only child, her husband's sisters", "Oda is an only child.", "Oda's husband has two sisters.", false},
	{"an only child, the only daughter", "Oda is an only child.", "Oda is her parents' only daughter.", false},
	{"childless, a neighbour's son", "Oda is childless.", "Oda babysits her neighbour's son.", false},
}

var contra18WorkCases = []judgeCase{
	{"unemployed, works as", "Per is unemployed.", "Per works as a teacher.", true},
	{"out of work, works as", "Per is out of work.", "Per works as a driver in Oslo.", true},
	{"no job, works at", "Per has no job.", "Per works at the port.", true},
	{"retired, works full-time", "Per is retired.", "Per works full-time at the port.", true},
	{"retired in a year, works full-time", "Per retired in 2020.", "Per works full-time as a pilot.", true},
	{"unemployed, worked as", "Per is unemployed.", "Per worked as a teacher for years.", false},
	{"unemployed, his wife works", "Per is unemployed.", "Per's wife works as a teacher.", false},
	{"unemployed, looking for work", "Per is unemployed.", "Per is looking for work as a teacher.", false},
	{"unemployed, works out", "Per is unemployed.", "Per works out at the gym.", false},
	{"unemployed, will work", "Per is unemployed.", "Per will work as a teacher next year.", false},
	{"was unemployed, works", "Per was unemployed in 2010.", "Per works as a teacher.", false},
	{"retired, works part-time", "Per is retired.", "Per works part-time at a cafe.", false},
	{"retired from a sport, works full-time", "Per retired from football.", "Per works full-time at a bank.", false},
	{"retired, worked full-time until", "Per is retired.", "Per worked full-time until 2018.", false},
}

var contra18StoppedCases = []judgeCase{
	{"stopped running, runs a distance", "Lars stopped running.", "Lars runs 8 km every day.", true},
	{"gave up running, runs a distance", "Lars gave up running.", "Lars runs 10 km on Sundays.", true},
	{"stopped running, ran a distance in a year", "Lars stopped running.", "Lars ran 10 km every day in 2015.", false},
	{"stopped running, walks a distance", "Lars stopped running.", "Lars walks 8 km every day.", false},
	{"stopped running, his wife runs", "Lars stopped running.", "Lars's wife runs 8 km every day.", false},
	{"stopped running, runs again", "Lars stopped running.", "Lars runs 8 km again.", false},
}

var contra18LearnCases = []judgeCase{
	{"can't swim, learning to", "Nico can't swim.", "Nico is learning to swim.", false},
	{"can't swim, takes lessons", "Nico can't swim.", "Nico takes swimming lessons.", false},
	{"can't drive, taking lessons", "Nico can't drive.", "Nico is taking driving lessons.", false},
	{"can't swim, swims", "Nico can't swim.", "Nico swims every day.", true},
	// A lesson given does not end the reading of a wish after it.
	{"gives lessons and hopes to go, never been", "Ana gives piano lessons and hopes to move to Oslo.", "Ana has never been to Oslo.", false},
	{"gives lessons, never been", "Ana gives piano lessons in Oslo.", "Ana has never been to Oslo.", true},
}

var contra18TaughtCases = []judgeCase{
	{"no kids, teaches kids", "Nico has no kids.", "Nico teaches thirty kids at the school.", false},
	{"no children, teaches children", "Nico has no children.", "Nico teaches twenty children at the village school.", false},
	{"no children, coaches her daughters", "Nico has no children.", "Nico coaches her three daughters.", true},
	{"no children, drives his sons", "Nico has no children.", "Nico drives his two sons to school.", true},
	{"no children, has sons", "Nico has no children.", "Nico has two sons.", true},
}

var contra18TownCases = []judgeCase{
	{"works at a firm, works in a town", "Nico works at Siemens.", "Nico works in Munich.", false},
	{"works at two firms", "Nico works at Siemens.", "Nico works at Bosch.", true},
	{"lives in two towns", "Nico lives in Munich.", "Nico lives in Hamburg.", true},
}

var contra18QuitCases = []judgeCase{
	{"quit a job at a firm, works there", "Omar quit his job at Ikea.", "Omar works at Ikea.", true},
	{"resigned from a firm, works there", "Omar resigned from Ikea in 2019.", "Omar works at Ikea.", true},
	{"fired from a firm, works there", "Omar was fired from Ikea.", "Omar works at Ikea.", true},
	{"quit a job at a firm, works at another", "Omar quit his job at Ikea.", "Omar works at Lidl.", false},
	{"quit a job at a firm, his wife works there", "Omar quit his job at Ikea.", "Omar's wife works at Ikea.", false},
	{"quit a job at a firm, worked there", "Omar quit his job at Ikea.", "Omar worked at Ikea for years.", false},
	{"quit a job at a firm, works there again", "Omar quit his job at Ikea.", "Omar works at Ikea again.", false},
}

var contra18MealCases = []judgeCase{
	{"vegetarian, had meat for a meal", "Olle is vegetarian.", "Olle had a steak for lunch.", true},
	{"vegetarian, had a beef burger for a meal", "Olle is vegetarian.", "Olle had a beef burger for dinner.", true},
	{"vegan, has eggs for a meal", "Olle is vegan.", "Olle has eggs for breakfast every day.", true},
	{"vegan, had eggs for a meal in a year", "Olle is vegan.", "Olle had eggs for breakfast in 2015.", false},
	{"vegan, his kids have eggs", "Olle is vegan.", "Olle's kids have eggs for breakfast.", false},
	{"vegetarian, a steak knife for dinners", "Olle is vegetarian.", "Olle has a steak knife for dinner parties.", false},
}
