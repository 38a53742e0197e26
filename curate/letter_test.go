package curate

import (
	"fmt"
	"testing"
)

// TestDiffersOnALetterAlone: a letter standing alone is a value (a unit,
// a size, a grade: "7 d" is not "7 y", size S is not size M), though the
// same letters are the tails of contractions ("we'll", "team’s") that
// differ in wording only.
func TestDiffersOnALetterAlone(t *testing.T) {
	long := "Audit logs of the payment service are kept for %s in the hot tier and then moved to the archive bucket by the lifecycle rule."
	tests := []struct {
		a, b string
		want bool
	}{
		{fmt.Sprintf(long, "7 d"), fmt.Sprintf(long, "7 y"), true},
		{fmt.Sprintf(long, "3 m"), fmt.Sprintf(long, "3 d"), true},
		{fmt.Sprintf(long, "5 t"), fmt.Sprintf(long, "5 m"), true},
		{"The default runner size is S for every job of the suite.", "The default runner size is M for every job of the suite.", true},
		{"the default runner size is s for every job of the suite.", "the default runner size is m for every job of the suite.", true},
		{"The hotel has energy rating D in the facilities report.", "The hotel has energy rating S in the facilities report.", true},
		{"The team's checklist says we'll tag the release after the tests.", "The team’s checklist says we’ll tag the release after the tests.", false},
	}
	for _, tt := range tests {
		for _, ab := range [][2]string{{tt.a, tt.b}, {tt.b, tt.a}} {
			if reason, got := Differs(ab[0], ab[1]); got != tt.want {
				t.Errorf("Differs(%q, %q) = %q, %v, want %v", ab[0], ab[1], reason, got, tt.want)
			}
		}
	}
}

// TestDiffersOnACapitalA: "A" written as a capital inside a sentence is
// a letter that names something ("the A record", "grade A"), which a
// copy lacking it loses; "A" opening a sentence, a list item or a
// heading is the article.
func TestDiffersOnACapitalA(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"Point the A record of the status domain at the load balancer.", "Point the record of the status domain at the load balancer.", true},
		{"The office has energy grade A in the survey of facilities.", "The office has energy grade in the survey of facilities.", true},
		{"A nightly job copies the billing tables into the warehouse.", "The nightly job copies the billing tables into the warehouse.", false},
		{"- A nightly job copies the billing tables into the warehouse.", "- The nightly job copies the billing tables into the warehouse.", false},
		{"Backups are done. A nightly job copies the billing tables.", "Backups are done. The nightly job copies the billing tables.", false},
		{"The job copies a table into the warehouse every night.", "The job copies the table into the warehouse every night.", false},
	}
	for _, tt := range tests {
		for _, ab := range [][2]string{{tt.a, tt.b}, {tt.b, tt.a}} {
			if reason, got := Differs(ab[0], ab[1]); got != tt.want {
				t.Errorf("Differs(%q, %q) = %q, %v, want %v", ab[0], ab[1], reason, got, tt.want)
			}
		}
	}
}
