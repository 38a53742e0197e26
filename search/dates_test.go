package search

import (
	"slices"
	"testing"
)

func TestDateAlternates(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"Dec 3", []string{"12 03"}},
		{"3rd of December", []string{"12 03"}},
		{"December 3, 2026", []string{"2026 12 03"}},
		{"the 14th of march", []string{"03 14"}},
		{"Sept 9th 2025 outage", []string{"2025 09 09"}},
		{"12/03/2026", []string{"2026 12 03", "2026 03 12"}},
		{"12/13/2026", []string{"2026 12 13"}},
		{"2026-12-03", []string{"dec 3 2026", "december 3 2026", "3 dec 2026", "3 december 2026"}},
		{"2026/12/06 deploy", []string{"dec 6 2026", "december 6 2026", "6 dec 2026", "6 december 2026"}},
		{"Dec 32", nil},
		{"may I ask", nil},
		{"13/13/2026", nil},
		{"2026-13-03", nil},
		{"12/03", nil},
	}
	for _, tt := range tests {
		if got := dateAlternates(queryTokens(tt.in)); !slices.Equal(got, tt.want) {
			t.Errorf("dateAlternates(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
