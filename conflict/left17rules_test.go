package conflict_test

import "testing"

// TestLeft17Rules holds the false hints left open after the fifteenth
// pass, each family written for this change and not taken from
// testdata: lengths in units the judge must convert before comparing
// (or stay silent on), a name at a sentence start that is also an
// abbreviation, and a negation that ends at "but".
func TestLeft17Rules(t *testing.T) {
	checkJudged(t, left17UnitCases, left17NameCases, left17ButCases)
}

var left17UnitCases = []judgeCase{
	{"centimetres and metres written with a short m, agreeing", "Ravi is 175 cm tall.", "Ravi is 1.75 m tall.", false},
	{"a trailing zero in metres, agreeing", "The door is 210 cm high.", "The door is 2.10 m high.", false},
	{"metres with a short m and millimetres, agreeing", "The beam is 2.4 m long.", "The beam is 2400 mm long.", false},
	{"short m and kilometres, agreeing", "The trail is 1500 m long.", "The trail is 1.5 km long.", false},
	{"centimetres and a short m, apart", "Ravi is 175 cm tall.", "Ravi is 1.62 m tall.", true},
	{"a short m and millimetres, apart", "The shelf is 0.8 m deep.", "The shelf is 600 mm deep.", true},
	{"two short m lengths, apart", "The pool is 25 m long.", "The pool is 50 m long.", true},
	{"litres and gallons, no conversion known", "The tank holds 40 litres.", "The tank holds 10 gallons.", false},
}

var left17NameCases = []judgeCase{
	{"a name that is an abbreviation, two heights", "Max is 175 cm tall.", "Max is 190 cm tall.", true},
	{"a name that is an abbreviation against the word", "Max is 52.", "The maximum is 60.", false},
	{"a name that is an abbreviation, another person", "Max is a baker.", "Sam is a welder.", false},
	{"the abbreviation inside a sentence still folds", "The max upload size is 10 MB.", "The maximum upload size is 25 MB.", true},
}

var left17ButCases = []judgeCase{
	{"negated first clause, the other subject after but", "The kitchen isn't painted, but the hallway is.", "The hallway is painted.", false},
	{"negated first clause, its own subject affirmed", "The kitchen isn't painted, but the hallway is.", "The kitchen is painted.", true},
	{"not yet before but, the other subject", "The invoice hasn't been paid, but the deposit has.", "The deposit has been paid.", false},
	{"negation after but, the other subject", "The hallway is painted, but the kitchen isn't.", "The hallway is painted.", false},
	{"negation after but, its subject affirmed", "The hallway is painted, but the kitchen isn't.", "The kitchen is painted.", true},
}
