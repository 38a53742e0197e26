package curate

import "testing"

// TestSpellingsKeepNamesOpeningAClause: a hyphenated word that opens a
// sentence or clause with no determiner and is followed by its verb is
// a name ("Web-app serves the pages"), as it is where a common noun
// would need "the" mid-sentence; before a noun it qualifies, or as the
// compound of "e" or a particle, it is prose (lane cur18 left it open).
func TestSpellingsKeepNamesOpeningAClause(t *testing.T) {
	tests := []oneTextCase{
		{"Web-app serves the pages to the public.", "Webapp serves the pages to the public.", false},
		{"Data-sync copied the tables at two.", "Datasync copied the tables at two.", false},
		{"After the upgrade, work-queue holds 40 jobs.", "After the upgrade, workqueue holds 40 jobs.", false},
		{"The logs grow; back-office rotates them nightly.", "The logs grow; backoffice rotates them nightly.", false},
		{"It failed and log-relay dropped messages for an hour.", "It failed and logrelay dropped messages for an hour.", false},
		{"Set-top answers.", "Settop answers.", false},
		// prose
		{"On-call engineers rotate weekly, on Mondays.", "Oncall engineers rotate weekly, on Mondays.", true},
		{"Multi-zone buckets are cheaper than they were.", "Multizone buckets are cheaper than they were.", true},
		{"Multi-factor login is required for every account.", "Multifactor login is required for every account.", true},
		{"E-mail is the fallback when paging is down.", "Email is the fallback when paging is down.", true},
		{"Sign-up takes two minutes on the phone.", "Signup takes two minutes on the phone.", true},
		{"We moved the files to multi-zone buckets last week.", "We moved the files to multizone buckets last week.", true},
	}
	checkOneText(t, tests)
}
