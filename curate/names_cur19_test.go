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

// TestContractionsAndUnitWords: a contraction and its words in full,
// and a unit of time abbreviated after a number and written out, are
// one text; another word, unit or value is not.
func TestContractionsAndUnitWords(t *testing.T) {
	checkOneText(t, []oneTextCase{
		{"Do not restart the broker during the day.", "Don't restart the broker during the day.", true},
		{"The gate cannot be opened from inside.", "The gate can’t be opened from inside.", true},
		{"It is made fresh and is not frozen.", "It's made fresh and isn't frozen.", true},
		{"The gate can be opened from inside.", "The gate can't be opened from inside.", false},
		{"The reports will be mailed on Fridays.", "The reports won't be mailed on Fridays.", false},
		{"Its lid is cleaned daily by the porter.", "It's lid is cleaned daily by the porter.", false},
		{"It has been moved to the basement store.", "It's been moved to the basement store.", false},
		{"Rest the dough for 20 minutes, then shape it.", "Rest the dough for 20 min, then shape it.", true},
		{"The alarm gives the technician 2 hours.", "The alarm gives the technician 2 h.", true},
		{"The job takes 1 hour on a quiet night.", "The job takes 1 hr on a quiet night.", true},
		{"Each probe waits 30 seconds between tries.", "Each probe waits 30 secs between tries.", true},
		{"Warm up with a 5 min jog around the pitch.", "Warm up with a 5 m jog around the pitch.", false},
		{"The timeout is 20 min for the export.", "The timeout is 20 ms for the export.", false},
		{"The timeout is 2 hours for the export.", "The timeout is 2 minutes for the export.", false},
		{"It allows 500 requests/s per key.", "It allows 500 requests/h per key.", false},
	})
}

// TestSentenceBreakRecases: a sentence split or joined recases the word
// after the break, name or not, and the copies are one fact; a word
// recased after a comma or a colon, or a lower case kept at a
// sentence's start, is not.
func TestSentenceBreakRecases(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"The generator is tested every month; restores of the database are rehearsed every quarter by the contractor.", "The generator is tested every month. Restores of the database are rehearsed every quarter by the contractor.", true},
		{"Payroll closes on the 25th. Overtime entered after that is paid with the next month's salary, never apart.", "Payroll closes on the 25th — overtime entered after that is paid with the next month's salary, never apart.", true},
		{"The rota is published on the 20th of the month. Bill checks it against the limits before it goes out to crews.", "The rota is published on the 20th of the month; bill checks it against the limits before it goes out to crews.", true},
		{"Before the hearing, Mark the exhibits with the reference and send the bundle to the court by noon today.", "Before the hearing, mark the exhibits with the reference and send the bundle to the court by noon today.", false},
		{"The deploy runs from the main branch. Npm ci installs the packages from the lockfile before the build starts.", "The deploy runs from the main branch. npm ci installs the packages from the lockfile before the build starts.", false},
		{"The deploy runs from the main branch. Runs are listed on the page that opens after the build has started.", "The deploy runs from the main branch; runs are listed on the page that opens after the build, Has started.", false},
	}
	for _, tt := range tests {
		got, why := grouped(labelled{a: tt.a, b: tt.b, fileA: "memory/2026-11-01.md", fileB: "memory/2026-11-02.md"}, Threshold)
		if got != tt.want {
			t.Errorf("grouped(%q, %q) = %v (%s), want %v", tt.a, tt.b, got, why, tt.want)
		}
	}
}

// TestHostsEmojiAndDates: a host name's case, an emoji's short code
// and a whole date with its month's name are spelt two ways for one
// value; a path's case, another code or emoji, and a date without its
// year or in digits with slashes are not.
func TestHostsEmojiAndDates(t *testing.T) {
	checkOneText(t, []oneTextCase{
		{"The status page is at Status.Example.com and is kept current.", "The status page is at status.example.com and is kept current.", true},
		{"The guide is at wiki.example.com/Eng/Onboarding for now.", "The guide is at wiki.example.com/eng/onboarding for now.", false},
		{"The settings are in Config.yaml at the repository root.", "The settings are in config.yaml at the repository root.", false},
		{"The status page is at status.example.com and is kept current.", "The status page is at status.example.org and is kept current.", false},
		{":warning: Never run the cleanup script against production.", "⚠️ Never run the cleanup script against production.", true},
		{":white_check_mark: The staging bucket may be wiped at any time.", ":x: The staging bucket may be wiped at any time.", false},
		{":warning: Never run the cleanup script against production.", "⛔ Never run the cleanup script against production.", false},
		{":caution_sign: Never run the cleanup script against production.", "⚠️ Never run the cleanup script against production.", false},
		{"The lease was signed on 4 March 2026 for five years.", "The lease was signed on 2026-03-04 for five years.", true},
		{"The lease was signed on March 4, 2026 for five years.", "The lease was signed on 2026-03-04 for five years.", true},
		{"The lease was signed on 4th Sept 2026 for five years.", "The lease was signed on 2026-09-04 for five years.", true},
		{"The lease was signed on 4 March 2026 for five years.", "The lease was signed on 2026-04-03 for five years.", false},
		{"The lease was signed on 03/04/2026 for five years.", "The lease was signed on 4 March 2026 for five years.", false},
		{"The lease was signed on 4 March for five years.", "The lease was signed on 2026-03-04 for five years.", false},
	})
}

// TestBritishImperatives: a British spelling that opens a sentence or
// an item with a determiner after it is a verb, read as the American
// one; opening a sentence otherwise, or inside one, a capital may be a
// name's.
func TestBritishImperatives(t *testing.T) {
	checkOneText(t, []oneTextCase{
		{"Organise the files of a new matter by year.", "Organize the files of a new matter by year.", true},
		{"Ask the clerk first. Colour each cell of the rota by team.", "Ask the clerk first. Color each cell of the rota by team.", true},
		{"- Centre the title on the cover page\n- Number the pages", "- Center the title on the cover page\n- Number the pages", true},
		{"Harbour runs the image registry for the lab.", "Harbor runs the image registry for the lab.", false},
		{"Ask Harbour the question before noon.", "Ask Harbor the question before noon.", false},
		{"Colour codes mark the drugs that need a second signature.", "Color codes mark the drugs that need a second signature.", false},
	})
}
