package conflict_test

import "testing"

// TestContra10Rules holds cases per rule of the tenth pass, each
// written for the rule and not taken from testdata/contra10.jsonl: the
// look-alikes it must leave alone and the contradictions next to them
// it must still find.
func TestContra10Rules(t *testing.T) {
	checkJudged(t, contra10OneCases)
}

var contra10OneCases = []judgeCase{
	{"one of two kinds of child", "Lea has one daughter.", "Lea has one son.", false},
	{"one of two rooms", "The flat has one balcony.", "The flat has one garage.", false},
	{"one thing denied", "The flat has one balcony.", "The flat has no balcony.", true},
	{"two counts of two things", "Lea has two daughters.", "Lea has two sons.", false},
}
