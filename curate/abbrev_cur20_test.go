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
