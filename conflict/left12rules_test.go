package conflict_test

import "testing"

// TestLeft12Rules: two acts of one subject on one object ("calls her
// mother", "visits her mother") both hold; a subject that gained a head
// noun before a change verb ("the release party slipped to June 3") is
// another subject than "the release". The tune cases were written before
// the rules; the check cases were run once, after them.
func TestLeft12Rules(t *testing.T) {
	for _, line := range judgeWrong(left12Tune) {
		t.Error("tune " + line)
	}
	// The check part, read once after the rules: 3 of 6 right then
	// (care acts, "feeds" / "walks", are not ways of keeping in touch;
	// "moved to" a day reads as a place). A floor, not a target.
	misses := judgeWrong(left12Check)
	for _, line := range misses {
		t.Log("check miss " + line)
	}
	if len(misses) > 3 {
		t.Errorf("check part: %d of %d wrong, want at most 3", len(misses), len(left12Check))
	}
}

var left12Tune = []judgeCase{
	{"two acts on one person", "Ana calls her mother.", "Ana visits her mother.", false},
	{"two acts on one person, a day", "Ana calls her mother on Sundays.", "Ana visits her mother on Sundays.", false},
	{"two acts on one client", "Tom emails the client every week.", "Tom meets the client every week.", false},
	{"phones and visits", "Lena phones her brother.", "Lena visits her brother.", false},
	{"loves and hates one thing", "Ana loves her job.", "Ana hates her job.", true},
	{"rents and owns", "Ana rents her flat.", "Ana owns her flat.", true},
	{"a head noun gained before a change verb", "The release party slipped to June 3.", "The release is on May 4.", false},
	{"a head noun gained, other order", "The release is on May 4.", "The release party slipped to June 3.", false},
	{"a meeting of the review", "The review meeting slipped to Tuesday.", "The review is on Monday.", false},
	{"one subject slipped", "The release slipped to June 3.", "The release is on May 4.", true},
	{"one deadline slipped", "The deadline slipped to June 3.", "The deadline is May 4.", true},
	{"a version bumped", "The node version was bumped to 22.", "Node is 20.", true},
}

var left12Check = []judgeCase{
	{"texts and calls", "Mia texts her sister.", "Mia calls her sister.", false},
	{"feeds and walks", "Sam feeds the dog.", "Sam walks the dog.", false},
	{"helps and visits", "Raj helps his father.", "Raj visits his father.", false},
	{"an event of the launch", "The launch event moved to Friday.", "The launch is on Thursday.", false},
	{"the release's date slipped", "The release date slipped to June 3.", "The release is on May 4.", true},
	{"one launch moved", "The launch moved to Friday.", "The launch is on Thursday.", true},
}
