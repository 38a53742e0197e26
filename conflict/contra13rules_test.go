package conflict_test

import "testing"

// TestContra13Rules holds cases per rule of the thirteenth pass, each
// written for the rule and not taken from testdata/contra13.jsonl: the
// look-alikes it must leave alone and the contradictions next to them
// it must still find.
func TestContra13Rules(t *testing.T) {
	checkJudged(t, contra13MonthWordCases, contra13PronounCases)
}

var contra13MonthWordCases = []judgeCase{
	{"may after in is a month", "The recital is held in May.", "The recital is held in October.", true},
	{"march after until is a month", "The gallery stays shut until March.", "The gallery stays shut until August.", true},
	{"may as a modal is no month", "The recital is held in October.", "The pianist may skip the recital.", false},
	{"march as a verb is no month", "The parade is in October.", "The bands march through the parade route.", false},
	{"a past trip in May beside a denial in June", "Ines flew to Porto in May.", "Ines didn't fly to Porto in June.", false},
	{"a switch with the month it happened", "Our bookkeeping runs on Xero.", "Our bookkeeping was switched to Sage in April.", true},
	{"a switch with the month it happened, may", "Our bookkeeping runs on Xero.", "Our bookkeeping was switched to Sage in May.", true},
	{"a removal with its year", "The Orion app is live.", "The Orion app was retired in 2023.", true},
	{"a removal with its month", "The Orion app is live.", "The Orion app was retired in May.", true},
}

var contra13PronounCases = []judgeCase{
	{"opposite verbs after one pronoun", "I enabled the porch light timer.", "I disabled the porch light timer.", true},
	{"opposite verbs after we", "We accepted the garden design.", "We rejected the garden design.", true},
	{"opposite likes after I", "I like green olives.", "I dislike green olives.", true},
	{"opposite verbs, other objects", "I like green olives.", "I dislike salted anchovies.", false},
	{"opposite verbs, other pronouns", "I locked the garden shed.", "She unlocked the garden shed.", false},
	{"opposite verbs, other objects after we", "We enabled the VPN.", "We disabled the proxy.", false},
}
