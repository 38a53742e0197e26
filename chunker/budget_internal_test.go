package chunker

import (
	"strings"
	"testing"
)

// TestHostile checks the parse budget's line limits at their edges.
func TestHostile(t *testing.T) {
	tests := []struct {
		line string
		want bool
	}{
		{"- plain list item with [a](b) link", false},
		{strings.Repeat("- ", 16) + "x", false},
		{strings.Repeat("- ", 17) + "x", true},
		{strings.Repeat("* ", 17) + "x", true},
		{strings.Repeat("+ ", 17) + "x", true},
		{strings.Repeat("> ", 17) + "x", true},
		{strings.Repeat(">", 17) + "x", true},
		{strings.Repeat("1. ", 17) + "x", true},
		{strings.Repeat("12) ", 17) + "x", true},
		{strings.Repeat("- > 1. ", 6), true},
		{strings.Repeat("-", 40) + " x", false}, // a thematic break, not markers
		{strings.Repeat("1.", 40) + " x", false},
		{strings.Repeat(" ", 64) + "x", false},
		{strings.Repeat(" ", 65) + "x", true},
		{strings.Repeat("\t", 16) + "x", false},
		{strings.Repeat("\t", 17) + "x", true},
		{strings.Repeat("- ", 10) + strings.Repeat(" ", 45) + "x", true},
		{strings.Repeat("[", 256), false},
		{strings.Repeat("(", 257), true},
		{"# " + strings.Repeat("[a](", 129), true},
		{strings.Repeat("w", 8<<10), false},
		{strings.Repeat("w", 8<<10+1), true},
	}
	for _, tt := range tests {
		if got := hostile(tt.line); got != tt.want {
			t.Errorf("hostile(%.50q) = %v, want %v", tt.line, got, tt.want)
		}
	}
}

// TestCapHeading checks the cut of a long heading at a rune boundary.
func TestCapHeading(t *testing.T) {
	tests := []struct{ in, want string }{
		{"short", "short"},
		{strings.Repeat("a", 200), strings.Repeat("a", 200)},
		{strings.Repeat("a", 201), strings.Repeat("a", 200) + "…"},
		{"a" + strings.Repeat("日", 100), "a" + strings.Repeat("日", 66) + "…"},
	}
	for _, tt := range tests {
		if got := capHeading(tt.in); got != tt.want {
			t.Errorf("capHeading(%.20q...) = %.20q... (%d bytes), want %d bytes", tt.in, got, len(got), len(tt.want))
		}
	}
}
