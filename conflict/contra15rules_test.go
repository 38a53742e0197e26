package conflict_test

import "testing"

// TestContra15Rules holds cases per rule of the fifteenth pass, each
// written for the rule and not taken from testdata/contra15.jsonl: the
// contradictions it must find and the look-alikes next to them it must
// leave alone.
func TestContra15Rules(t *testing.T) {
	checkJudged(t, contra15JobCases, contra15TenureCases, contra15RoomCases, contra15UntilCases, contra15AgeCases, contra15GoneCases, contra15GrewUpCases, contra15ShuffledCases, contra15FreeCases, contra15OriginCases, contra15PassiveCases, contra15OppositeCases)
}

var contra15JobCases = []judgeCase{
	{"two occupations", "Hamid is a carpenter.", "Hamid is a baker.", true},
	{"works as, is", "Hamid works as a welder.", "Hamid is a gardener.", true},
	{"a modified occupation against another", "Hamid is a car mechanic.", "Hamid is a hairdresser.", true},
	{"is employed as", "Hamid is employed as a cashier.", "Hamid works as a barber.", true},
	{"two football positions", "Noor plays as a defender.", "Noor is our goalkeeper.", true},
	{"was one, is another", "Hamid was a carpenter.", "Hamid works as a baker.", false},
	{"a former one, is another", "The coach is a former striker.", "The coach is a goalkeeper.", false},
	{"a retired one, works as another", "Hamid is a retired welder.", "Hamid works as a gardener.", false},
	{"worked as one, is another", "Hamid worked as a welder.", "Hamid is a gardener.", false},
	{"trained as one, works as another", "Hamid trained as an architect.", "Hamid works as a barber.", false},
	{"an occupation and a trait", "Hamid is a baker.", "Hamid is a keen swimmer.", false},
	{"two people", "Hamid is a baker.", "Hamid's wife is a pharmacist.", false},
	{"one occupation, said more closely", "Hamid is a baker.", "Hamid is a baker in Leeds.", false},
	{"verbs that fold with occupations", "We pilot the new checkout in Berlin.", "We engineer the new checkout in Berlin.", false},
	{"verbs that fold with occupations, a pronoun", "She nurses the lambs.", "She judges the lambs.", false},
}

var contra15TenureCases = []judgeCase{
	{"own and rent after a pronoun", "They own the bakery building.", "They rent the bakery building.", true},
	{"owns and leases", "Ines owns the studio.", "Ines leases the studio.", true},
	{"owns, and rents it out", "Ines owns the studio.", "Ines leases the studio out to a dancer.", false},
	{"rent one thing, own another", "We rent a garage.", "We own a car.", false},
	{"own as an adjective", "Our own garage is full.", "We rent a garage.", false},
}

var contra15RoomCases = []judgeCase{
	{"one meeting in two rooms", "The budget review is in room 12.", "The budget review is in room 19.", true},
	{"held in two rooms, no copula", "Choir practice happens in Room 3.", "Choir practice happens in Room 8.", true},
	{"a numbered room names which printer", "The printer is in room 12.", "The printer in room 15 is broken.", false},
	{"two meetings, two rooms", "The budget review is in room 12.", "The design review is in room 19.", false},
	{"two numbered tickets", "Ticket 12 is closed.", "Ticket 19 is closed.", false},
	{"a room at one time, another at another", "The budget review was in room 12 in 2023.", "The budget review is in room 19.", false},
}

var contra15UntilCases = []judgeCase{
	{"until a month, told first, in the past", "Until June the pool closed at 20:00.", "The pool closes at 22:00.", false},
	{"until last year, told first", "Until last year Mona took the bus to school.", "Mona takes the tram to school.", false},
	{"until a month, told last, in the past", "The pool closed at 20:00 until June.", "The pool closes at 22:00.", false},
	{"no time told", "The pool closes at 20:00.", "The pool closes at 22:00.", true},
}

var contra15AgeCases = []judgeCase{
	{"an age bare and in years", "Rosa is 52.", "Rosa is 49 years old.", true},
	{"an age in years, agreeing", "Rosa is 52.", "Rosa is 52 years old.", false},
	{"two people's ages", "Rosa is 52.", "Rosa's husband is 49 years old.", false},
	{"an age and a length of service", "Rosa is 52 years old.", "Rosa has taught here for 25 years.", false},
}

var contra15GoneCases = []judgeCase{
	{"shut down, and a present fact of it", "The bike shop shut down in March.", "The bike shop repairs e-bikes.", true},
	{"passed away, and a present fact of him", "Uncle Joe passed away last year.", "Uncle Joe lives in Leeds.", true},
	{"retired, and a present fact of it", "The Atlas dashboard was retired in 2024.", "The Atlas dashboard shows weekly sales.", true},
	{"closed down, and a past fact of it", "The bike shop closed down in March.", "The bike shop repaired my e-bike.", false},
	{"shut down something of its own", "The bike shop shut down its website.", "The bike shop repairs e-bikes.", false},
	{"passed away, and another person", "Uncle Joe passed away last year.", "Aunt May lives in Leeds.", false},
	{"passed an exam", "Uncle Joe passed the exam.", "Uncle Joe lives in Leeds.", false},
}

var contra15GrewUpCases = []judgeCase{
	{"grew up in two towns", "Tomas grew up in Brno.", "Tomas grew up in Ostrava.", true},
	{"grew up in one town, lives in another", "Tomas grew up in Brno.", "Tomas lives in Ostrava.", false},
	{"born in one town, grew up in another", "Tomas was born in Brno.", "Tomas grew up in Ostrava.", false},
	{"grows two things", "Tomas grows tomatoes.", "Tomas grows peppers.", false},
	{"two people grew up in two towns", "Tomas grew up in Brno.", "Tomas's wife grew up in Ostrava.", false},
}

var contra15ShuffledCases = []judgeCase{
	{"two positions, the club said in two orders", "Noor is the club's defender.", "Noor plays as a winger for the club.", true},
	{"two occupations, the hospital said in two orders", "Ada is the hospital's pharmacist.", "Ada works as a nurse in the hospital.", true},
	{"another person's position", "Noor is the club's defender.", "Noor's sister plays as a winger for the club.", false},
	{"was one, plays another", "Noor was the club's defender.", "Noor plays as a winger for the club.", false},
	{"also another position", "Noor is the club's defender.", "Noor also plays as a winger for the club.", false},
}

var contra15FreeCases = []judgeCase{
	{"free, and a price charged", "The zoo is free.", "The zoo charges 12 dollars.", true},
	{"free, and what it costs", "The yoga class is free.", "The yoga class costs 8 pounds.", true},
	{"free on one day, a price on others", "The zoo is free on Mondays.", "The zoo charges 12 dollars on weekends.", false},
	{"free, and the price of another thing", "The zoo is free.", "The zoo cafe charges 4 dollars for coffee.", false},
	{"free, and a price it used to cost", "The zoo is free.", "The zoo cost 12 dollars in 2019.", false},
}

var contra15OriginCases = []judgeCase{
	{"originally from one town, born in another", "Piotr is originally from Gdansk.", "Piotr was born in Lodz.", true},
	{"born and raised in another town", "Piotr was born in Gdansk.", "Piotr was born and raised in Lodz.", true},
	{"originally from one town, lives in another", "Piotr is originally from Gdansk.", "Piotr lives in Lodz.", false},
	{"born in one town, raised in another", "Piotr was born in Gdansk.", "Piotr was raised in Lodz.", false},
	{"originally from one town, agreeing", "Piotr is originally from Gdansk.", "Piotr was born and raised in Gdansk.", false},
}

var contra15PassiveCases = []judgeCase{
	{"played in two cities", "The cup final is played in Lyon.", "The cup final is played in Nantes.", true},
	{"held in two towns", "The chess final is held in Oslo.", "The chess final is held in Bergen.", true},
	{"plays two games", "Mia plays chess.", "Mia plays bridge.", false},
	{"allergic to two things", "Mia is allergic to cats.", "Mia is allergic to pollen.", false},
}

var contra15OppositeCases = []judgeCase{
	{"dry and wet", "The cellar is dry.", "The cellar is wet.", true},
	{"read-only and writable", "The archive share is read-only.", "The archive share is writable.", true},
	{"dry, and another thing wet", "The cellar is dry.", "The garden is wet.", false},
}
