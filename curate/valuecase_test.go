package curate

import "testing"

// TestDiffersOnTheCaseOfANamedValue: a word that a password, a key, an
// id, a branch or a name introduces is a value, and its case is part of
// it ("the branch named Release" is not "the branch named release";
// "password Sunflower" is not "password sunflower"), though a word
// capitalised for style elsewhere ("The Staging deploy") is the same.
func TestDiffersOnTheCaseOfANamedValue(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"The mobile team cuts release builds from the branch named Release on the app repository every Friday.",
			"The mobile team cuts release builds from the branch named release on the app repository every Friday.", true},
		{"The guest Wi-Fi password of the Lisbon office is Sunflower this quarter, printed on the cards in the lobby.",
			"The guest Wi-Fi password of the Lisbon office is sunflower this quarter, printed on the cards in the lobby.", true},
		{"Guest Wi-Fi of the Lisbon office, password: Sunflower, printed on the cards in the lobby.",
			"Guest Wi-Fi of the Lisbon office, password: sunflower, printed on the cards in the lobby.", true},
		{"Support needs the customer id Orbital when they open a ticket with the vendor about the billing sync.",
			"Support needs the customer id orbital when they open a ticket with the vendor about the billing sync.", true},
		{"The Staging deploy runs every Tuesday at noon from the release branch, and the artifacts are signed.",
			"The staging deploy runs every Tuesday at noon from the release branch, and the artifacts are signed.", false},
		{"Release builds are cut from the main branch every Friday. The password Is rotated monthly by the security team.",
			"Release builds are cut from the main branch every Friday. The password is rotated monthly by the security team.", false},
	}
	for _, tt := range tests {
		for _, ab := range [][2]string{{tt.a, tt.b}, {tt.b, tt.a}} {
			if reason, got := Differs(ab[0], ab[1]); got != tt.want {
				t.Errorf("Differs(%q, %q) = %q, %v, want %v", ab[0], ab[1], reason, got, tt.want)
			}
		}
	}
}
