package curate

import (
	"fmt"
	"testing"
)

// TestDiffersOnTheCaseOfANamedValue: a word that a password, a key, an
// id, a branch or a name introduces is a value, and its case is part of
// it ("the branch named Release" is not "the branch named release";
// "password Sunflower" is not "password sunflower"). One word recased
// alone anywhere in prose is held too ("The Staging deploy" may name an
// environment): holding a duplicate costs recall, grouping a name costs
// a fact. A stop word recased ("The password Is rotated") is the same.
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
			"The staging deploy runs every Tuesday at noon from the release branch, and the artifacts are signed.", true},
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

// TestDiffersOnTheCaseOfAFlag: a command line flag's letter is case
// sensitive ("-v" is not "-V", "ls -r" is not "ls -R"). A dash between
// spaces makes no flag; the word after it, recased alone, is held as any
// such word is (see [bareCapitals]).
func TestDiffersOnTheCaseOfAFlag(t *testing.T) {
	long := "The platform team noted in the review that %s, and the on-call engineer checks it every morning before the standup."
	tests := []struct {
		a, b string
		want bool
	}{
		{"the flag is -v", "the flag is -V", true},
		{"the copy runs with -r on the host", "the copy runs with -R on the host", true},
		{"the tool runs with --Force", "the tool runs with --force", true},
		{"the tool is run - Carefully - by hand", "the tool is run - carefully - by hand", true},
	}
	for _, tt := range tests {
		a, b := fmt.Sprintf(long, tt.a), fmt.Sprintf(long, tt.b)
		for _, ab := range [][2]string{{a, b}, {b, a}} {
			if reason, got := Differs(ab[0], ab[1]); got != tt.want {
				t.Errorf("Differs(%q, %q) = %q, %v, want %v", ab[0], ab[1], reason, got, tt.want)
			}
		}
	}
}

// TestDiffersOnTheCaseOfAValueStated: a word stated as the value of a
// user, a name, a bucket or a host ("the user is root") keeps its case,
// and so does one word recased alone ("the user Runs" may name a page).
func TestDiffersOnTheCaseOfAValueStated(t *testing.T) {
	long := "The platform team noted in the review that %s, and the on-call engineer checks it every morning before the standup."
	tests := []struct {
		a, b string
		want bool
	}{
		{"the user is root", "the user is Root", true},
		{"the team name is Team Blue", "the team name is Team blue", true},
		{"the bucket of the exports is Reports", "the bucket of the exports is reports", true},
		{"the user Runs the export", "the user runs the export", true},
	}
	for _, tt := range tests {
		a, b := fmt.Sprintf(long, tt.a), fmt.Sprintf(long, tt.b)
		for _, ab := range [][2]string{{a, b}, {b, a}} {
			if reason, got := Differs(ab[0], ab[1]); got != tt.want {
				t.Errorf("Differs(%q, %q) = %q, %v, want %v", ab[0], ab[1], reason, got, tt.want)
			}
		}
	}
}
