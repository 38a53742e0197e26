package curate

import (
	"fmt"
	"strings"
	"testing"
	"unicode"
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

// TestQuotedMarksReasonShowsTheMarks: the reason Differs gives for a
// quoted mark names the marks as written, not the private-use glyphs
// blankQuoted compares them by (shown as boxes or nothing).
func TestQuotedMarksReasonShowsTheMarks(t *testing.T) {
	for _, marks := range [][2]string{{",", ";"}, {".", "!"}, {":", ";"}} {
		a := `The CSV export delimiter is "` + marks[0] + `" for every report we send.`
		b := `The CSV export delimiter is "` + marks[1] + `" for every report we send.`
		reason, differs := Differs(a, b)
		if !differs {
			t.Fatalf("Differs(%q, %q) = false, want true", a, b)
		}
		private := strings.IndexFunc(reason, func(r rune) bool { return unicode.In(r, unicode.Co) }) >= 0
		if private || !strings.Contains(reason, marks[0]) || !strings.Contains(reason, marks[1]) {
			t.Errorf("Differs(%q, %q) reason %q, want the marks %q and %q as written", a, b, reason, marks[0], marks[1])
		}
	}
}
