package conflict_test

import "testing"

// TestContra16Rules holds cases per rule of the sixteenth pass, each
// written for the rule and not taken from testdata/contra16.jsonl: the
// contradictions it must find and the look-alikes next to them it must
// leave alone.
func TestContra16Rules(t *testing.T) {
	checkJudged(t, contra16LikingCases, contra16LongerCases, contra16UnitCases, contra16YearFirstCases, contra16MaritalCases, contra16AbstainCases, contra16KidCases, contra16BirthplaceCases, contra16SpouseCases, contra16CountryCases, contra16PastHolderCases, contra16NoneOwnedCases, contra16RetiredCases)
}

var contra16LikingCases = []judgeCase{
	{"loves a thing, allergic to it", "Petra loves horses.", "Petra is allergic to horses.", false},
	{"enjoys a food, intolerant of it", "Omid enjoys bread.", "Omid is intolerant to bread.", false},
	{"likes a thing, afraid of it", "Lukas likes spiders.", "Lukas is afraid of spiders.", false},
	{"hates a thing, scared of it", "Petra hates wasps.", "Petra is terrified of wasps.", false},
	{"fond of a thing, allergic to it", "Bea is fond of horses.", "Bea is allergic to horses.", false},
	{"keen on a thing, afraid of it", "Bea is keen on horses.", "Bea is afraid of horses.", false},
	{"fond of a thing, hates it", "Bea is fond of horses.", "Bea hates horses.", true},
	{"loves and loathes one thing", "Petra loves horses.", "Petra loathes horses.", true},
	{"enjoys and dislikes one thing", "Omid enjoys bread.", "Omid dislikes bread.", true},
	{"allergic and not allergic", "Petra is allergic to horses.", "Petra isn't allergic to horses.", true},
}

var contra16LongerCases = []judgeCase{
	{"longer and shorter than one thing", "The north tunnel is longer than the south tunnel.", "The north tunnel is shorter than the south tunnel.", true},
	{"longer than, turned round", "The north tunnel is longer than the south tunnel.", "The south tunnel is longer than the north tunnel.", true},
	{"longer than, told from the other side", "The north tunnel is longer than the south tunnel.", "The south tunnel is shorter than the north tunnel.", false},
	{"longer than, and another measure", "The north tunnel is longer than the south tunnel.", "The north tunnel is wider than the south tunnel.", false},
	{"no longer, still a negation", "The north tunnel is no longer open.", "The north tunnel is open.", true},
}

var contra16UnitCases = []judgeCase{
	{"one number in miles and kilometres", "The canal path is 4 miles long.", "The canal path is 4 km long.", true},
	{"one number in feet and metres", "The mast is 30 feet tall.", "The mast is 30 metres tall.", true},
	{"one number in grams and ounces", "The parcel weighs 500 grams.", "The parcel weighs 500 ounces.", true},
	{"one number in centimetres and inches, a ruler's two scales", "The ruler is 30 cm long.", "The ruler is 30 inches long.", true},
	{"one number, units of two measures", "The tank is 40 cm wide.", "The tank holds 40 kg of sand.", false},
	{"one number in the same unit", "The canal path is 4 miles long.", "The canal path is 4 miles long and flat.", false},
	{"one number and units, another year", "In 2019 the canal path was 4 miles long.", "The canal path is 4 km long.", false},
}

var contra16YearFirstCases = []judgeCase{
	{"a year first, a past value", "In 2017 the ferry ticket was 9 euros.", "The ferry ticket is 14 euros.", false},
	{"a year first, a past employer", "In 2016 Wiebke worked at Philips.", "Wiebke works at ASML.", false},
	{"back in a year, a past car", "Back in 2015 Wiebke drove a Saab.", "Wiebke drives a Volvo.", false},
	{"a year first, the present, two values", "In 2026 the ferry ticket is 9 euros.", "In 2026 the ferry ticket is 14 euros.", true},
	{"a year first, a present, against another", "In 2026 the ferry ticket costs 9 euros.", "The ferry ticket costs 14 euros.", true},
	{"no year, two values", "The ferry ticket is 9 euros.", "The ferry ticket is 14 euros.", true},
}

var contra16MaritalCases = []judgeCase{
	{"single and married", "Bruno is single.", "Bruno is married to Ella.", true},
	{"divorced and married", "Bruno is divorced.", "Bruno is married.", true},
	{"engaged and single", "Bruno is engaged.", "Bruno is single.", true},
	{"a widower and married", "Bruno is a widower.", "Bruno is married.", true},
	{"divorced and single", "Bruno is divorced.", "Bruno is single.", false},
	{"unmarried and single", "Bruno is unmarried.", "Bruno is single.", false},
	{"another person married", "Bruno's brother is married.", "Bruno is single.", false},
	{"was married, is single", "Bruno was married.", "Bruno is single.", false},
	{"married, and a single parent", "Bruno is married.", "Bruno is a single parent.", false},
	{"married to one, engaged to another", "Bruno is married to Ella.", "Bruno is engaged to Mia.", true},
	{"happily married and a widower", "Bruno is happily married.", "Bruno is a widower.", true},
	{"a single bed, a married couple", "The guest room has a single bed.", "The guest room is for a married couple.", false},
}

var contra16AbstainCases = []judgeCase{
	{"vegan, drinks milk", "Jana is vegan.", "Jana drinks milk with breakfast.", true},
	{"a vegetarian, orders a thing of meat", "Jana is a vegetarian.", "Jana orders bacon at the diner.", true},
	{"teetotal, a glass of a drink", "Jana is teetotal.", "Jana drinks a glass of cider on Fridays.", true},
	{"no longer eats a kind, one of it this morning", "Jana no longer eats fish.", "Jana had salmon this morning.", true},
	{"stopped drinking, a drink yesterday", "Jana stopped drinking.", "Jana had a gin yesterday.", true},
	{"quit a thing, takes it", "Jana quit sugar.", "Jana takes sugar in her coffee.", true},
	{"avoids a kind, eats a thing of it", "Jana avoids dairy.", "Jana eats butter on toast.", true},
	{"avoids a kind, cooks a thing of it", "Jana avoids meat.", "Jana cooks chicken for her kids.", false},
	{"avoids one thing, eats another", "Jana avoids sugar.", "Jana eats cheese.", false},
	{"we are vegetarian, we had a steak", "We are vegetarian.", "We had a steak last night.", true},
	{"I am teetotal, I drink beer", "I am teetotal.", "I drink beer at the pub on Fridays.", true},
	{"I am vegan, they eat cheese", "I am vegan.", "They eat cheese every day.", false},
	{"I am vegan, I eat lentils", "I am vegan.", "I eat lentils every day.", false},
	{"quit drinking, drinks water", "Jana quit drinking.", "Jana drinks water every day.", false},
	{"doesn't drink, drinks coffee", "Jana doesn't drink.", "Jana drinks two coffees every morning.", false},
	{"quit drinking, drinks beer", "Jana quit drinking.", "Jana drinks beer every day.", true},
	{"vegan, eats what vegans eat", "Jana is vegan.", "Jana eats lentils every day.", false},
	{"vegetarian, eats eggs", "Jana is vegetarian.", "Jana eats eggs.", false},
	{"vegan, her son eats it", "Jana is vegan.", "Jana's son drinks milk.", false},
	{"vegan, a vegan kind of it", "Jana is vegan.", "Jana eats vegan cheese.", false},
	{"teetotal, an alcohol-free drink", "Jana is teetotal.", "Jana drinks alcohol-free cider.", false},
	{"vegan, sells it", "Jana is vegan.", "Jana sells cheese at the market.", false},
	{"was vegan, eats it now", "Jana was vegan.", "Jana eats cheese.", false},
	{"no longer eats a kind, one of it long ago", "Jana no longer eats fish.", "Jana had salmon in 2015.", false},
	{"no longer eats a kind, a thing of it in a year long gone", "Jana no longer eats meat.", "Jana had steak in 2015.", false},
	{"a plan to go vegan", "Jana wants to go vegan.", "Jana eats cheese.", false},
}

var contra16KidCases = []judgeCase{
	{"kids and children counted apart", "Bilal has four kids.", "Bilal has two children.", true},
	{"one child and two kids", "Bilal has one child.", "Bilal has two kids.", true},
	{"kids and children, one count", "Bilal has two kids.", "Bilal has two children.", false},
	{"kids and grandchildren", "Bilal has four kids.", "Bilal has two grandchildren.", false},
	{"a kid's age and a child's", "Bilal's kid is 6.", "Bilal's child is 8.", true},
}

var contra16BirthplaceCases = []judgeCase{
	{"a birthplace and born in another town", "Nuno's birthplace is Braga.", "Nuno was born in Faro.", true},
	{"a place of birth and born in another town", "Nuno's place of birth is Braga.", "Nuno was born in Faro.", true},
	{"a native of one town, born in another", "Nuno is a native of Braga.", "Nuno was born in Faro.", true},
	{"a birthplace, agreeing", "Nuno's birthplace is Braga.", "Nuno was born in Braga.", false},
	{"a birthplace, and where one lives", "Nuno's birthplace is Braga.", "Nuno lives in Faro.", false},
	{"a daughter's birthplace", "Nuno's daughter's birthplace is Braga.", "Nuno was born in Faro.", false},
	{"a native of a town, and an occupation", "Nuno is a native of Braga.", "Nuno is a baker.", false},
}

var contra16SpouseCases = []judgeCase{
	{"single, and her husband", "Wanda is single.", "Wanda's husband teaches chemistry.", true},
	{"a widower, and his wife", "Emil is a widower.", "Emil's wife runs the bakery.", true},
	{"divorced, and her spouse", "Wanda is divorced.", "Wanda's spouse works nights.", true},
	{"a widower, and his late wife", "Emil is a widower.", "Emil's late wife ran the bakery.", false},
	{"a widower, and what his wife did", "Emil is a widower.", "Emil's wife ran the bakery.", false},
	{"single, and her sister's husband", "Wanda is single.", "Wanda's sister's husband teaches chemistry.", false},
	{"married, and her husband", "Wanda is married.", "Wanda's husband teaches chemistry.", false},
	{"single, and her brother", "Wanda is single.", "Wanda's brother teaches chemistry.", false},
}

var contra16CountryCases = []judgeCase{
	{"born in a city, born in a country", "Tomasz was born in Krakow.", "Tomasz was born in Poland.", false},
	{"lives in a city, lives in a country", "Tomasz lives in Krakow.", "Tomasz lives in Poland.", false},
	{"stored in a city, stored in a country", "The backups are stored in Frankfurt.", "The backups are stored in Germany.", false},
	{"born in two countries", "Tomasz was born in Poland.", "Tomasz was born in Hungary.", true},
	{"born in two cities", "Tomasz was born in Krakow.", "Tomasz was born in Gdansk.", true},
	{"a country's name as a holder", "Chad leads the choir.", "Bruno leads the choir.", true},
	// A country's name that is a given name too is a person's where
	// nothing says a place: two managers, two leads.
	{"a country's name as a manager", "Ilse reports to Chad.", "Ilse reports to Bruno.", true},
	{"a country's name as a lead", "The choir's lead is Jordan.", "The choir's lead is Marek.", true},
	{"a country's name, a contact", "The contact for the bid is Georgia.", "The contact for the bid is Priya.", true},
	{"born in a city, born in a country that is a given name", "Tomasz was born in Tbilisi.", "Tomasz was born in Georgia.", false},
	{"grew up in a city, in a country that is a given name", "Tomasz grew up in Amman.", "Tomasz grew up in Jordan.", false},
}

var contra16PastHolderCases = []judgeCase{
	{"was the CEO, is the CEO", "Ilse was the CEO of Graufeld.", "Marek is the CEO of Graufeld.", false},
	{"was the lead, is the lead", "Ilse was the lead of the bid team.", "Marek is the lead of the bid team.", false},
	{"was the head, heads", "Ilse was the head of the choir.", "Marek heads the choir.", false},
	{"two CEOs now", "Ilse is the CEO of Graufeld.", "Marek is the CEO of Graufeld.", true},
	{"two leads now", "Ilse is the lead of the bid team.", "Marek is the lead of the bid team.", true},
	{"the lead now, another leads", "Ilse is the head of the choir.", "Marek heads the choir.", true},
}

var contra16NoneOwnedCases = []judgeCase{
	{"no children, and her son", "Greta has no children.", "Greta's son plays in a band.", true},
	{"no pets, and his dog", "Oskar has no pets.", "Oskar's dog sleeps in the hall.", true},
	{"no children, and her sister's son", "Greta has no children.", "Greta's sister's son plays in a band.", false},
	{"no children, and a neighbour's son", "Greta has no children.", "The neighbour's son plays in a band.", false},
	{"no pets, and his old dog", "Oskar has no pets.", "Oskar's old dog slept in the hall.", false},
}

var contra16RetiredCases = []judgeCase{
	{"retired from a work, does it", "Pavel retired from nursing.", "Pavel nurses patients at the clinic.", true},
	{"retired from a work, does it daily", "Pavel retired from coaching.", "Pavel coaches the junior squad every Saturday.", true},
	{"retired from a work, did it", "Pavel retired from coaching.", "Pavel coached the junior squad for years.", false},
	{"retired from a work, another", "Pavel retired from coaching.", "Pavel paints landscapes every Saturday.", false},
	{"retired from the work, in a year", "Pavel retired from coaching in 2019.", "Pavel coached the junior squad in 2015.", false},
}
