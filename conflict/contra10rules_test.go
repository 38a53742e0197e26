package conflict_test

import "testing"

// TestContra10Rules holds cases per rule of the tenth pass, each
// written for the rule and not taken from testdata/contra10.jsonl: the
// look-alikes it must leave alone and the contradictions next to them
// it must still find.
func TestContra10Rules(t *testing.T) {
	checkJudged(t, contra10OneCases, contra10PastYearCases, contra10ExceptCases, contra10TurnedCases, contra10MeasureCases, contra10StoppedCases, contra10OnlyAddedCases, contra10DayPartCases, contra10ResultCases, contra10KindCases)
}

var contra10OneCases = []judgeCase{
	{"one of two kinds of child", "Lea has one daughter.", "Lea has one son.", false},
	{"one of two rooms", "The flat has one balcony.", "The flat has one garage.", false},
	{"one thing denied", "The flat has one balcony.", "The flat has no balcony.", true},
	{"two counts of two things", "Lea has two daughters.", "Lea has two sons.", false},
}

var contra10PastYearCases = []judgeCase{
	{"a past amount with its year beside the amount now", "The membership fee was 40 euros in 2019.", "The membership fee is 55 euros.", false},
	{"past amounts with their years beside the amount now", "Tickets were 12 pounds in 2020.", "Tickets are 15 pounds.", false},
	{"two past amounts of one year", "The membership fee was 40 euros in 2019.", "The membership fee was 55 euros in 2019.", true},
	{"two years of one event", "The club was founded in 1998.", "The club was founded in 2004.", true},
}

var contra10ExceptCases = []judgeCase{
	{"a day left out, then said open", "The library opens every day except Monday.", "The library opens on Mondays.", true},
	{"a person left out, then said to come", "Everyone except Tom came to the party.", "Tom came to the party.", true},
	{"a group left out, then said to get it", "All staff except managers get paid overtime.", "Managers get paid overtime.", true},
	{"a day left out beside another day", "The library opens every day except Monday.", "The library opens on Tuesdays.", false},
	{"a day left out, then denied", "The library opens every day except Monday.", "The library does not open on Mondays.", false},
	{"a day left out beside another act that day", "The library opens every day except Monday.", "On Mondays the library hosts school visits.", false},
	{"a person left out beside another person", "Everyone except Tom came to the party.", "Ana came to the party.", false},
}

var contra10TurnedCases = []judgeCase{
	{"a comparison turned round", "Rosa is faster than Jan.", "Jan is faster than Rosa.", true},
	{"a comparison of things turned round", "The train is cheaper than the bus.", "The bus is cheaper than the train.", true},
	{"a comparison turned round with its opposite", "Rosa is faster than Jan.", "Jan is slower than Rosa.", false},
	{"a comparison turned round with the opposite bound", "The red box is bigger than the blue box.", "The blue box is smaller than the red box.", false},
	{"one comparative against its opposite", "Rosa is faster than Jan.", "Rosa is slower than Jan.", true},
	{"a comparison with a third", "Rosa is faster than Jan.", "Jan is faster than Ilse.", false},
	{"an equal measure both ways", "Rosa is as fast as Jan.", "Jan is as fast as Rosa.", false},
}

var contra10MeasureCases = []judgeCase{
	{"one length in miles and kilometres", "The ferry route is 6 miles long.", "The ferry route is 9.7 km long.", false},
	{"two lengths in miles and kilometres", "The ferry route is 6 miles long.", "The ferry route is 20 km long.", true},
	{"one mass in kilograms and pounds", "The dog weighs 30 kg.", "The dog weighs 66 lb.", false},
	{"two masses in kilograms and pounds", "The dog weighs 30 kg.", "The dog weighs 45 lb.", true},
	{"one length in centimetres and metres", "The shelf is 80 cm deep.", "The shelf is 0.8 metres deep.", false},
	{"two lengths in centimetres and metres", "The shelf is 80 cm deep.", "The shelf is 0.6 metres deep.", true},
	{"one dose in grams and milligrams", "Take 1 gram of paracetamol.", "Take 1000 mg of paracetamol.", false},
}

var contra10StoppedCases = []judgeCase{
	{"a habit stopped in a month, kept daily", "Lina stopped cycling to work in March.", "Lina cycles to work every day.", true},
	{"a service quit in a year, used daily", "Dev quit Spotify in 2022.", "Dev listens to Spotify daily.", true},
	{"a food given up years ago, still taken", "Mum gave up sugar two years ago.", "Mum takes sugar in her tea.", true},
	{"a tool dropped last fall, used at work", "Omar stopped using Trello last fall.", "Omar uses Trello at work.", true},
	{"a habit stopped, another kept", "Lina stopped cycling to work in March.", "Lina takes the bus to work every day.", false},
	{"a service quit, used in an earlier year", "Dev quit Spotify in 2022.", "Dev listened to Spotify daily in 2020.", false},
	{"a service stopped for one use, used for another", "Dev stopped using Zoom for client calls in May.", "Dev uses Zoom for team calls.", false},
}

var contra10OnlyAddedCases = []judgeCase{
	{"only one language, then also another", "Sam speaks only French.", "Sam also speaks German.", true},
	{"only one holder, then also another", "Only Ana has a key to the shed.", "Ben also has a key to the shed.", true},
	{"only one thing sold, then another as well as it", "The kiosk sells only stamps.", "The kiosk sells maps as well as stamps.", true},
	{"only one subject's habit, another subject also", "The train only runs on weekdays.", "The bus also runs on weekdays.", false},
	{"only one value in one scope, another in another", "Sam speaks only French at home.", "Sam also speaks German at work.", false},
	{"two additions", "Sam speaks French.", "Sam also speaks German.", false},
	{"only a kind of a thing, then the thing and another", "The park allows only leashed dogs.", "The park allows dogs and horses.", true},
	{"only members, members also elsewhere", "Only members can use the sauna.", "Members can also use the pool.", false},
	{"only members, members also at other times", "Only members can use the sauna.", "Members can also use the sauna on Sundays.", false},
}

var contra10DayPartCases = []judgeCase{
	{"one thing in the morning, two in the afternoon", "The cafe serves only tea in the morning.", "The cafe serves tea and cake in the afternoon.", false},
	{"one act in the morning, another with more in the evening", "Nora swims in the morning.", "Nora swims and runs in the evening.", false},
	{"one act in two parts of the day", "The gym opens in the morning.", "The gym opens in the afternoon.", true},
	{"one habit moved to another part of the day", "I stretch in the evening.", "I stretch first thing in the morning now.", true},
}

var contra10ResultCases = []judgeCase{
	{"a win told from the loser's side", "Porto beat Braga 2-0 on Friday.", "Braga lost 0-2 to Porto on Friday.", false},
	{"a win told from the loser's side, winner's score first", "Porto beat Braga 2-0 on Friday.", "Braga lost 2-0 to Porto on Friday.", false},
	{"a win and a loss of one side", "Porto beat Braga 2-0 on Friday.", "Porto lost to Braga 1-2 on Friday.", true},
	{"a draw and a win", "Porto drew 1-1 with Braga on Friday.", "Braga beat Porto 2-1 on Friday.", true},
	{"two scores of one win", "Porto beat Braga 2-0 on Friday.", "Porto beat Braga 3-0 on Friday.", true},
	{"two matches", "Porto beat Braga 2-0 on Friday.", "Braga beat Porto 1-0 on Tuesday.", false},
	{"a draw told from both sides", "Porto drew 1-1 with Braga.", "Braga drew 1-1 with Porto.", false},
}

var contra10KindCases = []judgeCase{
	{"two kinds named after the copula", "Our van is a Ford Transit.", "Our van is a Renault Master.", true},
	{"two kinds with a colour each", "My bike is a red Trek.", "My bike is a blue Giant.", true},
	{"one kind, once with its colour", "Our van is a Ford Transit.", "Our van is a white Ford Transit.", false},
	{"two subjects' kinds", "Our van is a Ford Transit.", "Our car is a Renault Clio.", false},
	{"a make and its model", "Our van is a Ford.", "Our van is a silver Ford Transit.", false},
	{"two acts on two days", "The rota is posted on Mondays.", "The rota is printed on Fridays.", false},
	{"a kind denied", "Our van is a Ford Transit.", "Our van is not a Renault Master.", false},
}
