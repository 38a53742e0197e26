package curate

import "testing"

// TestMeasuresAndMultiples pins what [multiples] and [measures] read
// the same and what they keep apart, after the steps of
// [proseSpellings] before them.
func TestMeasuresAndMultiples(t *testing.T) {
	same := [][2]string{
		{"checked twice a week", "checked 2x a week"},
		{"checked twice a week", "checked 2 times a week"},
		{"checked 2× a day", "checked twice a day"},
		{"runs thrice a day", "runs 3x a day"},
		{"sanitised once a week", "sanitised 1x a week"},
		{"sanitised once a week", "sanitised one time a week"},
		{"charges twice as fast", "charges 2X as fast"},
		{"uses half a litre of stock", "uses 0.5 litres of stock"},
		{"uses half a litre of stock", "uses 500 ml of stock"},
		{"uses 0.5 l of stock", "uses 500 millilitres of stock"},
		{"weighs 2500 g packed", "weighs 2.5 kg packed"},
		{"is 120 cm deep", "is 1.2 metres deep"},
		{"mix a quarter of a litre of water", "mix 250 ml of water"},
		{"half a mile past the lock", "0.5 miles past the lock"},
		{"holds 1,500 ml of water", "holds 1.5 litres of water"},
	}
	for _, c := range same {
		if a, b := proseSpellings(c[0]), proseSpellings(c[1]); a != b {
			t.Errorf("proseSpellings(%q) = %q, proseSpellings(%q) = %q; want one text", c[0], a, c[1], b)
		}
	}
	apart := [][2]string{
		{"checked twice a week", "checked 3x a week"},
		{"checked twice a week", "checked twice a month"},
		{"sanitised once a week", "sanitised 2x a week"},
		{"keeps 2x the stock", "keeps 2 the stock"},
		{"uses half a litre of stock", "uses 1.5 l of stock"},
		{"uses half a litre of stock", "uses half a pint of stock"},
		{"drinks half a litre a day", "drinks 0.5 kg a day"},
		{"holds 1500 ml of water", "holds 15 litres of water"},
		{"is 120 cm deep", "is 120 mm deep"},
		{"takes half a day", "takes 0.5 days"},
		{"a 2x4 plank", "a 2 times 4 plank"},
		{"the register 0x1F", "the register 0 times 1F"},
		{"once the build passes", "1 time the build passes"},
		{"At once a guard was posted.", "At one time a guard was posted."},
		{"at once a guard was posted", "at 1 time a guard was posted"},
		{"holds 1.000 l", "holds 1,000 l"},
		{"a 3 m rope", "a 3000 millimetres rope"},
	}
	for _, c := range apart {
		if a, b := proseSpellings(c[0]), proseSpellings(c[1]); a == b {
			t.Errorf("proseSpellings(%q) = proseSpellings(%q) = %q; want them apart", c[0], c[1], a)
		}
	}
}

// TestParticlesWedsForInstance pins what [particleJoined] and
// [shortForms] read the same ("follow up", "follow-up" and "followup";
// "Weds"; "for instance") and what they keep apart.
func TestParticlesWedsForInstance(t *testing.T) {
	same := [][2]string{
		{"Book a follow up visit.", "Book a follow-up visit."},
		{"Book a followup visit.", "Book a follow-up visit."},
		{"The lead will follow-up with them.", "The lead will follow up with them."},
		{"Check-in is at eight.", "Check in is at eight."},
		{"The sign up sheet is on the board.", "The signup sheet is on the board."},
		{"The kick-off is on Monday.", "The kickoff is on Monday."},
		{"The choir sings every Weds at seven.", "The choir sings every Wednesday at seven."},
		{"Open Weds-Sun in summer.", "Open Wednesday to Sunday in summer."},
		{"Late ones, for instance the Cabernet, wait.", "Late ones, for example the Cabernet, wait."},
		{"For instance, the black run shuts.", "For example, the black run shuts."},
	}
	for _, c := range same {
		a, _ := rendered(c[0])
		b, _ := rendered(c[1])
		if a.text != b.text {
			t.Errorf("rendered(%q) = %q, rendered(%q) = %q; want one text", c[0], a.text, c[1], b.text)
		}
	}
	apart := [][2]string{
		{"Book a follow-up visit.", "Book a follow-on visit."},
		{"Check-in is at eight.", "Check-out is at eight."},
		{"The lead will follow up with them.", "The lead will follow them."},
		{"The drum kit set-up takes an hour.", "The drum kit set down takes an hour."},
		{"Restart the host log-in today.", "Restart the host login today."},
		{"The choir sings every Weds at seven.", "The choir sings every Thurs at seven."},
		{"Late ones, for instance the Cabernet, wait.", "Late ones, i.e. the Cabernet, wait."},
		{"Late ones, for instance the Cabernet, wait.", "Late ones, for instances the Cabernet, wait."},
	}
	for _, c := range apart {
		a, _ := rendered(c[0])
		b, _ := rendered(c[1])
		if a.text == b.text {
			t.Errorf("rendered(%q) = rendered(%q) = %q; want them apart", c[0], c[1], a.text)
		}
	}
}
