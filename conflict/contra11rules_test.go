package conflict_test

import "testing"

// TestContra11Rules holds cases per rule of the eleventh pass, each
// written for the rule and not taken from testdata/contra11.jsonl: the
// look-alikes it must leave alone and the contradictions next to them
// it must still find.
func TestContra11Rules(t *testing.T) {
	checkJudged(t, contra11MannerCases)
}

var contra11MannerCases = []judgeCase{
	{"a way of travelling denied beside the trip", "Ines didn't fly to Oslo.", "Ines went to Oslo.", false},
	{"a way of travelling denied, another told, beside the trip", "Ben did not drive to the office; he cycled.", "Ben came to the office.", false},
	{"a way of travelling denied beside the same way", "Ben did not cycle to the office.", "Ben cycled to the office.", true},
	{"the trip denied beside the trip", "Ines didn't go to Oslo.", "Ines went to Oslo.", true},
	{"a walk denied beside the walk", "Ben did not walk the dog today.", "Ben walked the dog today.", true},
}
