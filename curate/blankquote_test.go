package curate

import (
	"fmt"
	"testing"
)

// TestDiffersOnABlankString: an empty quoted string and a quoted blank
// are values ("writes \"\" for a missing field" is not "writes \" \""),
// though quotes themselves are form.
func TestDiffersOnABlankString(t *testing.T) {
	long := "The CSV exporter of the reporting service writes %s as the value of a missing field, and the data team parses the files with that rule."
	tests := []struct {
		a, b string
		want bool
	}{
		{`""`, `" "`, true},
		{`''`, `' '`, true},
		{`“”`, `“ ”`, true},
		{`""`, `nothing`, true},
		{`" "`, `"  "`, false},
		{`""`, `“”`, false},
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

// TestDiffersOnQuotedMarks: a quoted string of marks alone is a value
// (a delimiter "," is not ";"), though a pause between words is form.
func TestDiffersOnQuotedMarks(t *testing.T) {
	long := "The CSV exporter of the reporting service uses %s as the delimiter of every field, and the data team parses the files with that rule."
	tests := []struct {
		a, b string
		want bool
	}{
		{`","`, `";"`, true},
		{`','`, `';'`, true},
		{`"|"`, `"/"`, true},
		{`"."`, `"!"`, true},
		{`","`, `“,”`, false},
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
