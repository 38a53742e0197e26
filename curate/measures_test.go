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
		{"holds 1.000 l", "holds 1,000 l"},
		{"a 3 m rope", "a 3000 millimetres rope"},
	}
	for _, c := range apart {
		if a, b := proseSpellings(c[0]), proseSpellings(c[1]); a == b {
			t.Errorf("proseSpellings(%q) = proseSpellings(%q) = %q; want them apart", c[0], c[1], a)
		}
	}
}
