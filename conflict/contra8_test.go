package conflict_test

import (
	"testing"
)

// TestContra8PrecisionRecall scores Judge on testdata/contra8.jsonl, a
// held-out set written before the eighth pass over the rules, in
// domains the earlier sets do not use (medicine doses, travel, personal
// finance, code and service configuration, households): changed values,
// roles, places, preferences, quantities in units, number words, dates
// written day-first or as ISO dates, times with a time zone, recurring
// days ("every Saturday" / "every other Saturday", "the last Sunday of
// each month"), comparatives, before/after, always/never, one-word
// subjects ("Rent is 1200 euros") and paraphrases with other verbs and
// nouns; and as many look-alikes: refinements, other subjects and
// times, additions, quoted or reported speech, hypotheticals,
// questions, plans, denials of another thing, acts of care on one
// object, a gained noun before a change ("the launch dinner moved") and
// agreeing units, number words, date forms and time zones. The split is
// by a hash of the pair id (loadHashed); misses are printed for the
// tune part only:
//
//	go test -tags sqlite_fts5 -count=1 -run TestContra8PrecisionRecall -v ./conflict/
func TestContra8PrecisionRecall(t *testing.T) {
	judgeHashedSet(t, "testdata/contra8.jsonl", "contra8", 200, []floor{{"tune", 1, 0.96}, {"check", 0.90, 0.75}})
}
