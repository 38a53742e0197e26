package conflict_test

import "testing"

// TestContra17Rules holds cases per rule of the seventeenth pass, each
// written for the rule and not taken from testdata/contra17.jsonl: the
// contradictions it must find and the look-alikes next to them it must
// leave alone.
func TestContra17Rules(t *testing.T) {
	checkJudged(t, contra17FeltCases, contra17PlaceCases, contra17RoleBeforeCases, contra17WatchedCases, contra17ComparativeCases, contra17UnitCases, contra17MaritalCases, contra17HistoryCases, contra17BirthdayCases, contra17ChiefCases, contra17KindCountCases, contra17KindDeniedCases, contra17TurnedCases, contra17LeftCases)
}

var contra17FeltCases = []judgeCase{
	{"adores a kind, owns none", "Jonas adores cats.", "Jonas doesn't own a cat.", false},
	{"loves a kind, has none", "Kira loves horses.", "Kira has no horse.", false},
	{"likes a kind, doesn't have one", "Kira likes bikes.", "Kira doesn't have a bike.", false},
	{"fond of a kind, keeps none", "Noa is fond of parrots.", "Noa doesn't keep parrots.", false},
	{"scared of a kind, owns none", "Noa is scared of dogs.", "Noa doesn't own a dog.", false},
	{"owns one, owns none", "Kira owns a horse.", "Kira has no horse.", true},
	{"loves her own, has none", "Kira loves her horse.", "Kira has no horse.", true},
	{"allergic to a thing, no allergies", "Noa is allergic to wheat.", "Noa has no allergies.", true},
	{"likes and doesn't like", "Kira likes bikes.", "Kira doesn't like bikes.", true},
}

var contra17PlaceCases = []judgeCase{
	{"a capital, another country", "Ada lives in Rome.", "Ada lives in Peru.", true},
	{"a city, a country that is a given name", "Ada lives in Paris.", "Ada lives in Chad.", true},
	{"a city-state, a city elsewhere", "Ada lives in Singapore.", "Ada lives in Jakarta.", true},
	{"born in a city, born in another country", "Ada was born in Lagos.", "Ada was born in Ghana.", true},
	{"a city, its country", "Ada lives in Rome.", "Ada lives in Italy.", false},
	{"born in a city, its country", "Ada was born in Accra.", "Ada was born in Ghana.", false},
	{"a city, a state it lies in", "Ada lives in Boston.", "Ada lives in Massachusetts.", false},
	{"a city unknown, a state", "Ada lives in Plano.", "Ada lives in Texas.", false},
	{"a state, a country it lies in", "Ada lives in Ohio.", "Ada lives in the USA.", false},
	{"two states", "Ada lives in Ohio.", "Ada lives in Oregon.", true},
	{"a city unknown, a country", "Ada lives in Tarnow.", "Ada lives in Poland.", false},
	{"a foreign city beside a country with namesakes", "Ada lives in Paris.", "Ada lives in Canada.", false},
	{"a city beside Georgia, country or state", "Ada lives in Atlanta.", "Ada lives in Georgia.", false},
	{"a capital beside Georgia, whose towns take the world's names", "Ada lives in Rome.", "Ada lives in Georgia.", false},
	// fread: a city of over a million in each of two countries is in neither's list
	{"a city two countries have, the other country", "Amir lives in Hyderabad.", "Amir lives in Pakistan.", false},
	{"a city two countries have, the one country", "Amir lives in Hyderabad.", "Amir lives in India.", false},
}

var contra17RoleBeforeCases = []judgeCase{
	{"was the assistant, is the head", "Mara is the head coach of the Lions.", "Mara was the assistant coach of the Lions.", false},
	{"was a junior, is the lead", "Pia is the lead designer.", "Pia was a junior designer.", false},
	{"was the vice-captain, is the captain", "Lina is the captain of the team.", "Lina was the vice-captain of the team.", false},
	{"is the head, is the assistant", "Mara is the head coach of the Lions.", "Mara is the assistant coach of the Lions.", true},
	{"is the lead, is a junior", "Pia is the lead designer.", "Pia is a junior designer.", true},
	{"was the CEO, another is the CEO", "Ilse was the CEO of Graufeld.", "Ilse is the CFO of Graufeld.", false},
}

var contra17WatchedCases = []judgeCase{
	{"no longer skis, watches skiing", "Rui no longer skis.", "Rui watches skiing on TV.", false},
	{"doesn't dance, teaches dancing", "Ola doesn't dance anymore.", "Ola teaches dancing at the school.", false},
	{"no longer boxes, coaches boxing", "Rui no longer boxes.", "Rui coaches boxing on Mondays.", false},
	{"no longer skis, skis", "Rui no longer skis.", "Rui skis every winter.", true},
	{"doesn't dance, dances", "Ola doesn't dance anymore.", "Ola dances every Friday.", true},
}

var contra17ComparativeCases = []judgeCase{
	{"colder and warmer than one place", "Tromso is colder than Oslo.", "Tromso is warmer than Oslo.", true},
	{"hotter and cooler than one place", "Seville is hotter than Madrid.", "Seville is cooler than Madrid.", true},
	{"deeper and shallower than one lake", "Loch Ness is deeper than Loch Lomond.", "Loch Ness is shallower than Loch Lomond.", true},
	{"thicker and thinner than one wall", "The east wall is thicker than the west wall.", "The east wall is thinner than the west wall.", true},
	{"colder than two places", "Tromso is colder than Oslo.", "Tromso is colder than Bergen.", false},
	{"colder, told from the other side", "Tromso is colder than Oslo.", "Oslo is warmer than Tromso.", false},
	{"warmer and wider, two measures", "The east room is warmer than the west room.", "The east room is narrower than the west room.", false},
	{"warmer than a bound, and colder than another", "Keep the tank warmer than 20 degrees.", "Keep the tank colder than 30 degrees.", false},
}

var contra17UnitCases = []judgeCase{
	{"one speed in mph and km/h", "The school zone limit is 20 mph.", "The school zone limit is 20 km/h.", true},
	{"one speed converted", "The ferry's top speed is 25 mph.", "The ferry's top speed is 40 km/h.", false},
	{"a weight in kilograms and pounds", "The dog's crate weighs 15 kg.", "The dog's crate weighs 15 pounds.", true},
	{"a weight converted to pounds", "The dog's crate weighs 15 kg.", "The dog's crate weighs 33 pounds.", false},
	{"pounds of money beside kilograms", "The dog's crate weighs 15 kg.", "The dog's crate costs 15 pounds.", false},
	{"pounds of money beside euros", "The dog's crate costs 15 pounds.", "The dog's crate costs 15 euros.", true},
	{"one volume in litres and gallons", "The rain barrel holds 50 litres.", "The rain barrel holds 50 gallons.", true},
	{"gallons, imperial, in litres", "The garden tank holds 100 gallons.", "The garden tank holds 455 litres.", false},
	{"gallons, US, in litres", "The garden tank holds 100 gallons.", "The garden tank holds 379 litres.", false},
	{"pints and litres apart", "The jug holds 4 pints.", "The jug holds 4 litres.", true},
}

var contra17MaritalCases = []judgeCase{
	{"never married, divorced a wife", "Luca has never been married.", "Luca divorced his second wife last year.", true},
	{"never married, a widower", "Luca never married.", "Luca is a widower.", true},
	{"never married, an ex-husband", "Sofie has never married.", "Sofie's ex-husband runs a bakery.", true},
	{"never married, a late husband", "Sofie has never married.", "Sofie's late husband was a sailor.", true},
	{"never married, single", "Luca never married.", "Luca is single.", false},
	{"never married, a brother divorced", "Luca never married.", "Luca's brother is divorced.", false},
	{"got engaged, single", "Sofie got engaged to Piet in May.", "Sofie is single.", true},
	{"has been married since a year, single", "Piet has been married to Sofie since 2015.", "Piet is single.", true},
	{"got married in a year, single", "Piet got married in 2015.", "Piet is single.", true},
	{"got married in a year, divorced now", "Piet got married in 2015.", "Piet is divorced.", false},
	{"got engaged in a year, married now", "Piet got engaged in 2014.", "Piet is married.", false},
	{"single, a husband, a name that folds", "Sofie is single.", "Sofie's husband is a chef.", true},
}

var contra17HistoryCases = []judgeCase{
	{"a place with a past copula and a year", "The office was located in Porto before 2022.", "The office is located in Braga.", false},
	{"two places now", "The office is located in Porto.", "The office is located in Braga.", true},
	{"two words of permission", "Bikes are allowed on the train.", "Bikes are welcome on the train.", false},
	{"permission and a ban", "Bikes are allowed on the train.", "Bikes are banned on the train.", true},
	{"reached a stage, lost in it", "Ruth reached the semi-final of the county cup.", "Ruth lost the semi-final of the county cup.", false},
	{"won a stage, lost it", "Ruth won the semi-final of the county cup.", "Ruth lost the semi-final of the county cup.", true},
	{"a price with a year, today's price", "A season pass cost 300 euros in 2019.", "A season pass costs 380 euros now.", false},
	{"two prices now", "A season pass costs 300 euros.", "A season pass costs 380 euros now.", true},
	{"a span of hours, its start", "The backup window is Saturday 01:00-03:00.", "The backup window opens on Saturdays at 1 am.", false},
	{"a span of hours, a time outside it", "The backup window is Saturday 01:00-03:00.", "The backup window opens on Saturdays at 5 am.", true},
}

var contra17BirthdayCases = []judgeCase{
	{"celebrates a birthday, a birthday on another day", "Ivo celebrates his birthday on 9 May.", "Ivo's birthday is on 21 June.", true},
	{"celebrates a birthday, the same day written otherwise", "Ivo celebrates his birthday on 9 May.", "Ivo's birthday is May 9th.", false},
	{"celebrates a birthday, his wife's", "Ivo celebrates his birthday on 9 May.", "Ivo's wife's birthday is on 21 June.", false},
	{"celebrates a birthday with a party", "Ivo celebrates his birthday with a party.", "Ivo's birthday is on 21 June.", false},
}

var contra17ChiefCases = []judgeCase{
	{"a firm's CEO, another runs it as chief executive", "Kestrel's CEO is Omar Said.", "Lin Wu runs Kestrel as its chief executive.", true},
	{"chief executive of a firm, the firm's CEO another", "Lin Wu is the chief executive of Kestrel.", "Kestrel's CEO is Omar Said.", true},
	{"the CEO of a firm, the firm's CEO another", "The CEO of Kestrel is Omar Said.", "Lin Wu is Kestrel's CEO.", true},
	{"one CEO named two ways", "Kestrel's CEO is Omar Said.", "Omar Said runs Kestrel as its chief executive.", false},
	{"a CEO and a CFO", "Kestrel's CEO is Omar Said.", "Lin Wu is the CFO of Kestrel.", false},
	{"the CEOs of two firms", "Kestrel's CEO is Omar Said.", "Brightline's CEO is Lin Wu.", false},
	{"where the CEO sits", "Kestrel's CEO is based in Oslo.", "Omar Said is the CEO of Kestrel.", false},
}

var contra17KindCountCases = []judgeCase{
	{"one sibling, two brothers", "Milo has one sibling.", "Milo has two brothers.", true},
	{"one child, three sons", "Aya has one child.", "Aya has three sons.", true},
	{"two pets, four cats", "Aya has two pets.", "Aya has four cats.", true},
	{"four children, two daughters", "Aya has four children.", "Aya has two daughters.", false},
	{"three siblings, three sisters", "Milo has three siblings.", "Milo has three sisters.", false},
	{"one sibling, two cousins", "Milo has one sibling.", "Milo has two cousins.", false},
	{"one sibling, his wife's two sisters", "Milo has one sibling.", "Milo's wife has two sisters.", false},
}

var contra17KindDeniedCases = []judgeCase{
	{"no pets, two dogs", "Teo has no pets.", "Teo owns two dogs.", true},
	{"no children, two sons", "Teo has no children.", "Teo has two sons.", true},
	{"no pets, a neighbour's dog", "Teo has no pets.", "Teo walks the neighbour's dog.", false},
	{"no pets, a daughter's dogs", "Teo has no pets.", "Teo's daughter owns two dogs.", false},
	{"no pets, likes dogs", "Teo has no pets.", "Teo likes dogs.", false},
	{"no siblings, a wife's sister", "Teo has no siblings.", "Teo's wife has a sister.", false},
	// fread: every pet of kindOf, as the other rules read kinds
	{"no pets, two puppies", "Teo has no pets.", "Teo owns two puppies.", true},
	{"no pets, two kittens", "Teo has no pets.", "Teo owns two kittens.", true},
	{"no pets, feeds stray cats", "Teo has no pets.", "Teo feeds two stray cats.", false},
	{"no dog, walks a stray dog", "Teo has no dog.", "Teo walks a stray dog.", false},
}

var contra17TurnedCases = []judgeCase{
	{"turned an age last month, a year younger", "Rafi turned 30 last month.", "Rafi is 29.", true},
	{"just turned an age, younger", "Rafi just turned 30.", "Rafi is 28.", true},
	{"just turned an age, that age", "Rafi just turned 30.", "Rafi is 30.", false},
	{"turned an age in a year long ago", "Rafi turned 30 in 2015.", "Rafi is 39.", false},
	{"turned an age, a son's age", "Rafi turned 30 last month.", "Rafi's son is 3.", false},
	{"a tap turned some degrees", "The tap turned 90 degrees.", "The tap is 45.", false},
}

var contra17LeftCases = []judgeCase{
	{"left a firm last year, works there", "Eva left Google last year.", "Eva works at Google.", true},
	{"left a firm, her husband works there", "Eva left Google last year.", "Eva's husband works at Google.", false},
	{"left a firm, works at another", "Eva left Google last year.", "Eva works at Meta.", false},
	{"left a city, works in it", "Eva left Paris last year.", "Eva works in Paris.", false},
}
