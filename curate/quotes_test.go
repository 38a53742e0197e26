package curate

import (
	"slices"
	"testing"
)

func TestScareQuotedOf(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{"Don't restart the team's runbook during the users' backup window.", nil},
		{"The users' 'fast' path and the “safe window”.", []string{"fast", "safe window"}},
		{"«Stable» and „Schnellstart“ and ‚kurz‘ and ‘the spare’.", []string{"kurz", "schnellstart", "stable", "the spare"}},
		{`The vendor said "we will fix the leak next week" in the call.`, nil}, // a quotation, not scare quotes
		{"Quotes 'around\nlines' do not pair.", nil},
		{"It's 'fine'.", []string{"fine"}},
	} {
		if got := scareQuotedOf(c.text); !slices.Equal(got, c.want) {
			t.Errorf("scareQuotedOf(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}
