package curate

import "testing"

// TestProseAbbreviationsAndMetricUnits: a prose abbreviation with its
// stop or slash and its word in full, and a metric unit with a prefix
// abbreviated after a number and written out (British or American),
// are one text; another value, another unit, or an abbreviation with
// two meanings ("min.", "temp") is not.
func TestProseAbbreviationsAndMetricUnits(t *testing.T) {
	checkOneText(t, []oneTextCase{
		{"The hall seats approx. 300 guests on the ground floor.", "The hall seats approximately 300 guests on the ground floor.", true},
		{"The hall seats approx. 300 guests on the ground floor.", "The hall seats approximately 330 guests on the ground floor.", false},
		{"Each box is sent w/ a packing slip and the invoice.", "Each box is sent with a packing slip and the invoice.", true},
		{"Each box is sent w/o a packing slip but with the invoice.", "Each box is sent without a packing slip but with the invoice.", true},
		{"Each box is sent w/o a packing slip but with the invoice.", "Each box is sent with a packing slip but with the invoice.", false},
		{"The trail is 12 km long and climbs 300 metres.", "The trail is 12 kilometres long and climbs 300 metres.", true},
		{"The cable is 25 mm thick and weighs 2 kg a metre.", "The cable is 25 millimeters thick and weighs 2 kilograms a metre.", true},
		{"Give 5 ml of the syrup after food.", "Give 5 mg of the syrup after food.", false},
		{"Give 5 ml of the syrup after food.", "Give 5 milliliters of the syrup after food.", true},
		{"The kiln needs a min. of 8 hours to cool.", "The kiln needs a minimum of 8 hours to cool.", false},
		{"Raise the temp before the mash-out.", "Raise the temperature before the mash-out.", false},
	})
}

// TestClockTimesAndRanges: a time of day on the 12-hour clock and the
// same time on the 24-hour clock, "half past" and the minutes, and a
// range joined by a hyphen or by "to" are one text; another hour, a
// time that may be morning or evening, midnight or noon, a date or a
// version, or a range whose first number is the greater, is not.
func TestClockTimesAndRanges(t *testing.T) {
	checkOneText(t, []oneTextCase{
		{"The bar stops serving at 23:00 on weekdays.", "The bar stops serving at 11 pm on weekdays.", true},
		{"The bar stops serving at 23:00 on weekdays.", "The bar stops serving at 11 p.m. on weekdays.", true},
		{"The bar stops serving at 22:00 on weekdays.", "The bar stops serving at 11 pm on weekdays.", false},
		{"The first ferry leaves at 07:15 from the pier.", "The first ferry leaves at 7:15 am from the pier.", true},
		{"The first ferry leaves at 7:15 from the pier.", "The first ferry leaves at 7:15 am from the pier.", false},
		{"The first ferry leaves at 7:15 from the pier.", "The first ferry leaves at 7:15 pm from the pier.", false},
		{"The shop opens at 12:00 on Sundays.", "The shop opens at 12 pm on Sundays.", false},
		{"The cows come in at half past four for milking.", "The cows come in at 4:30 for milking.", true},
		{"The cows come in at quarter to five for milking.", "The cows come in at 4:45 for milking.", true},
		{"The cows come in at half past four for milking.", "The cows come in at 5:30 for milking.", false},
		{"Stitches come out 10-14 days after the surgery.", "Stitches come out 10 to 14 days after the surgery.", true},
		{"Stitches come out 10–14 days after the surgery.", "Stitches come out 10 to 14 days after the surgery.", true},
		{"Stitches come out 10-14 days after the surgery.", "Stitches come out 10 to 15 days after the surgery.", false},
		{"The final score was 14-10 after extra time.", "The final score was 14 to 10 after extra time.", false},
		{"The release is on 2026-10-14 at the latest.", "The release is on 2026-10 to 14 at the latest.", false},
		{"Install version 1.10-14 on the hosts.", "Install version 1.10 to 14 on the hosts.", false},
	})
}
