package curate

import "testing"

// TestShortForms: a prose abbreviation ("dept.", "e.g.", "i.e.",
// "etc.", "no." and "#" before a number), a weekday's or a month's
// name abbreviated, a range of them, a day before or after its month,
// thousands with "k" or the word and millions with "m" after a
// currency sign, and a unit of "wks", "yrs", "lbs" or "ft" are one text
// with their words in full; another value, "e.g." against "i.e.", "k"
// against "m", and a name that may be a word (at a sentence's start,
// "May", lower case) are not.
func TestShortForms(t *testing.T) {
	checkOneText(t, []oneTextCase{
		{"The dept. of surgery meets on Mon at noon.", "The department of surgery meets on Monday at noon.", true},
		{"Send it to the Sales Dept. The form is online.", "Send it to the Sales Department. The form is online.", true},
		{"The head of dept., who signs, is away.", "The head of department, who signs, is away.", true},
		{"Bring tools, e.g., a saw and a drill, to the shed.", "Bring tools, for example a saw and a drill, to the shed.", true},
		{"Bring tools, eg a saw and a drill, to the shed.", "Bring tools, for example a saw and a drill, to the shed.", true},
		{"Use the big room, i.e. the one by the lift.", "Use the big room, that is the one by the lift.", true},
		{"Clean the pans, trays etc. before noon.", "Clean the pans, trays and so on before noon.", true},
		{"The bus leaves from stop no. 7 at dawn.", "The bus leaves from stop number 7 at dawn.", true},
		{"The spare key is in locker #7 upstairs.", "The spare key is in locker number 7 upstairs.", true},
		{"The shop is open Tue–Sat from nine.", "The shop is open Tuesday to Saturday from nine.", true},
		{"The audit runs from Sept. until the end of the year.", "The audit runs from September until the end of the year.", true},
		{"The audit is on Jan 9 in the boardroom.", "The audit is on 9 January in the boardroom.", true},
		{"The audit is on the 9th January in the boardroom.", "The audit is on the 9 January in the boardroom.", true},
		{"The fund pays out 20k each spring.", "The fund pays out 20,000 each spring.", true},
		{"The fund pays out 2.5K each spring.", "The fund pays out 2,500 each spring.", true},
		{"The fund pays out 40 thousand each spring.", "The fund pays out 40,000 each spring.", true},
		{"The roof cost €1.2m to replace.", "The roof cost €1.2 million to replace.", true},
		{"Trainees shadow a mentor for 3 wks first.", "Trainees shadow a mentor for 3 weeks first.", true},
		{"The gate is 8 ft wide and the bag is 20 lbs.", "The gate is 8 feet wide and the bag is 20 pounds.", true},
		{"Send a followup note to the parents.", "Send a follow-up note to the parents.", true},
		// another value, another word, or a name that may be a word
		{"The dept. of surgery meets on Mon at noon.", "The department of surgery meets on Tuesday at noon.", false},
		{"The dept. of surgery meets on Mon at noon.", "The department of oncology meets on Monday at noon.", false},
		{"Use the big room, e.g. the one by the lift.", "Use the big room, i.e. the one by the lift.", false},
		{"The shop is open Tue–Sat from nine.", "The shop is open Tuesday to Friday from nine.", false},
		{"The audit is on Jan 9 in the boardroom.", "The audit is on 19 January in the boardroom.", false},
		{"The fund pays out 20k each spring.", "The fund pays out 200,000 each spring.", false},
		{"The roof cost €1.2k to replace.", "The roof cost €1.2m to replace.", false},
		{"The roof is 1.2m high at the eaves.", "The roof is 1.2 million high at the eaves.", false},
		{"The spare key is in locker #7 upstairs.", "The spare key is in locker number 17 upstairs.", false},
		{"Sat down with the team after the audit.", "Saturday down with the team after the audit.", false},
		{"The rota may change in the spring.", "The rota May change in the spring.", false},
		{"Scratches mar the lens when wiped dry.", "Scratches March the lens when wiped dry.", false},
		{"Trainees shadow a mentor for 3 wks first.", "Trainees shadow a mentor for 3 years first.", false},
		{"The eggs come from the co-op by the road.", "The eggs come from the coop by the road.", false},
		{"The bakery keeps a dozen rolls back.", "The bakery keeps 12 rolls back.", false},
	})
}

// TestShortFormsKeepOtherBytes: the rule that keeps a sentence's stop
// after an abbreviation reads the text itself, so a byte the text holds
// (a NUL) is never taken for a stop, and "#4" opening the text is a tag.
func TestShortFormsKeepOtherBytes(t *testing.T) {
	checkOneText(t, []oneTextCase{
		{"Ask the dept. The form\x00is online.", "Ask the department. The form.is online.", false},
		{"Ask the dept. for the form\x00 It is online.", "Ask the department for the form. It is online.", false},
		{"#4 is open for the week", "number 4 is open for the week", false},
	})
	for _, p := range []string{"e.g.", "dept.", "etc.\x00", "#", "no. ", "Mon-", "-Fri", "Oct 3", "3rd Dec", "1.5k", "999.999K", "€1m"} {
		_ = shortForms(p) // no panic on a bare or cut form
	}
}
