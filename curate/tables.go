package curate

import (
	"strconv"
	"strings"
	"sync"

	"github.com/memweave/memweave-go/internal/monthname"
)

// loadTables builds the package's word sets, once, before the first
// function that reads them (each exported one that does calls it
// first). Built as package initialisers, they cost every process that
// links this package (every command of the CLI) memory and instructions
// (docs/performance.md, "Stop 51, speed36 and lazy lanes"), while only curation (consolidate, pack, the curator)
// reads them; a fresh search never does. internal/tablecheck's checks
// (TestTablesInitOrder, TestLoadTablesFills) guard that nothing reads a
// set before it and that each is filled. A new set a search does not
// read belongs here.
var loadTables = sync.OnceFunc(func() {
	dashes = strings.NewReplacer("~~", "", " - ", ",", "--", ",")
	conjunctions = setOf(`and or nor but`)
	directionWords = setOf(`from to into onto than towards toward`)
	placeNames = setOf(`memory memories note notes inbox scratch scratchpad misc
	todo todos log logs journal journals daily weekly diary draft drafts archive
	archived index readme general untitled tmp temp`)
	mootFields = setOf(`pinned tags importance feedback expires date`)
	aboutTheNote = setOf(`author authors creator by source sources url link links ref refs
	id uid uuid created updated modified aliases alias cssclass cssclasses layout permalink slug
	draft publish published status type kind lang language weight`)
	apostrophes = strings.NewReplacer("’", "'", "ʼ", "'")
	curlyQuotes = strings.NewReplacer("“", `"`, "”", `"`, "„", `"`)
	numberValues = numberTable()
	orderWords = setOf(`order ordered orders priority priorities prioritised prioritized
rank ranked ranking escalation escalate escalates first second third fourth fifth then
next afterwards sequence step steps previous above below before after followed finally
last top most least preference preferred chronological chronologically newest oldest
earliest latest sorted descending ascending primary secondary fallback failover
former latter preceding following respectively rota rotation rotations roster
schedule schedules agenda timeline queue leaderboard standings shortlist
until till try tries tried successively sequentially consecutively alternately cascade
cascading round-robin rotate rotates rotated rotating cycle cycles cycled cycling cyclic
iterate iterates iterated iterating loop loops looping through`)
	fillerWords = setOf(`quite rather pretty fairly indeed one`)
	mannerWords = setOf(`carefully thoroughly clearly really actually truly certainly
definitely obviously simply quickly promptly properly correctly successfully explicitly
specifically especially particularly currently now directly automatically manually
regularly strictly absolutely completely fully entirely exactly precisely closely
securely safely silently immediately finally additionally`)
	wordingWords = setOf(`a an the also too very so s t d ll m o re ve y`)
	contractionTails = setOf(`s t d ll m o re ve y`)
	numberWords = setOf(`zero two three four five six seven eight nine ten eleven twelve
thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty
sixty seventy eighty ninety hundred hundreds thousand thousands million millions billion
billions dozen dozens half quarter twice thrice double triple single none
first third fourth fifth sixth seventh eighth ninth tenth`)
	dateWords = newDateWords()
	negations = setOf(`not no never none nobody nothing neither nor cannot without
nowhere don doesn didn isn aren wasn weren won hasn haven hadn shouldn wouldn couldn can't
longer stopped stop quit unlike except instead`)
	valueWords = setOf(`all any every each some most many few fewer several more less least
only just always usually often sometimes rarely seldom occasionally again
before after earlier later first last next previous prior latest oldest newest
min max minimum maximum above below over under within beyond up down
on off enabled disabled enable disable true false yes required optional mandatory
allowed forbidden denied public private internal external deprecated removed added
increase decrease increased decreased higher lower faster slower bigger smaller
larger shorter longer cheaper expensive free paid
formerly previously former planned planning proposed tentative tentatively draft
maybe perhaps possibly probably might should must will would could used
supposedly allegedly reportedly apparently presumably seemingly ostensibly purportedly
theoretically nominally likely unlikely partially partly mostly largely mainly nearly
barely hardly scarcely slightly approximately roughly generally typically normally
temporarily permanently briefly initially originally eventually`)
})

// numberTable returns [numberValues]: each number word from two to
// twenty and each ten, and its digits; and each ordinal from first to
// twentieth and each ten's, and its digits ("third", "3rd").
func numberTable() map[string]string {
	t := map[string]string{}
	for i, w := range strings.Fields(`two three four five six seven eight nine ten eleven twelve
thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty`) {
		t[w] = strconv.Itoa(i + 2)
	}
	for i, w := range strings.Fields(`thirty forty fifty sixty seventy eighty ninety`) {
		t[w] = strconv.Itoa(30 + 10*i)
	}
	t["zero"] = "0"
	for i, w := range strings.Fields(`first second third fourth fifth sixth seventh eighth ninth tenth
eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth`) {
		t[w] = ordinal(i + 1)
	}
	for i, w := range strings.Fields(`thirtieth fortieth fiftieth sixtieth seventieth eightieth ninetieth`) {
		t[w] = ordinal(30 + 10*i)
	}
	return t
}

// ordinal returns n written as an ordinal in digits: "1st", "12th",
// "22nd".
func ordinal(n int) string {
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return strconv.Itoa(n) + suffix
}

// newDateWords returns [dateWords]: the months of [monthname] less
// "mar", an English word, and the words of days, times and
// frequencies.
func newDateWords() map[string]bool {
	m := setOf(`monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri
weekday weekdays weekend weekends today tomorrow yesterday tonight morning mornings afternoon
evening evenings night nights noon midnight am pm hourly daily nightly weekly biweekly
fortnightly monthly quarterly yearly annually annual week weeks month months year years
day days hour hours minute minutes second seconds ago since until till
q1 q2 q3 q4 spring summer autumn fall winter`)
	for _, w := range monthname.Words() {
		if w != "mar" {
			m[w] = true
		}
	}
	return m
}
