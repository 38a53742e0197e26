package chunker

import (
	"regexp"
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

// TestOpensBracket checks which lines count towards maxLinkRefs.
func TestOpensBracket(t *testing.T) {
	tests := []struct {
		line string
		want bool
	}{
		{"[l]: u", true},
		{"   [l]: u", true},
		{"> > [l]: u", true},
		{"- [l]: u", true},
		{"\t* 12. [l]: u", true},
		{"1234567890. [l]", false},
		{"x [l]: u", false},
		{"-[l]: u", false},
		{"", false},
		{"  >  ", false},
	}
	for _, tt := range tests {
		if got := opensBracket(tt.line); got != tt.want {
			t.Errorf("opensBracket(%q) = %v, want %v", tt.line, got, tt.want)
		}
	}
}

// TestMaskLinkRefs checks that a run of more than maxLinkRefs lines that
// could open a link reference definition, in a container or split by
// lines goldmark does not take as blank, is blanked whole but for its
// headings, and that a run at the limit is not.
func TestMaskLinkRefs(t *testing.T) {
	run := func(n int, prefix, sep string) string {
		var b strings.Builder
		for k := range n {
			if k > 0 {
				b.WriteString(sep)
			}
			b.WriteString(prefix + "[l]: u\n")
		}
		return b.String()
	}
	tests := []struct {
		name   string
		src    string
		masked bool
	}{
		{"at the limit", run(maxLinkRefs, "", ""), false},
		{"over the limit", run(maxLinkRefs+1, "", ""), true},
		{"in a block quote", run(maxLinkRefs+1, "> ", ""), true},
		{"in a list item", "- x\n" + run(maxLinkRefs+1, "  ", ""), true},
		{"split by form feeds", run(maxLinkRefs+1, "", "\f\n"), true},
		{"split by blank lines", run(maxLinkRefs+1, "", " \t\n"), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := tt.src + "# kept\n"
			l := newLines(src)
			out, masked := maskHostile(l)
			if (masked != nil) != tt.masked {
				t.Fatalf("maskHostile(%s) masked = %v, want %v", tt.name, masked != nil, tt.masked)
			}
			if masked == nil {
				return
			}
			want := regexp.MustCompile(`[^\n]`).ReplaceAllString(tt.src, " ") + "# kept\n"
			if string(out) != want {
				t.Errorf("maskHostile(%s) = %.80q..., want %.80q...", tt.name, out, want)
			}
		})
	}
}

// FuzzMaskHostile checks that goldmark never sees more than the parse
// budget allows: maskHostile keeps every byte offset and line feed, blanks
// only whole lines, and leaves no hostile line and no run of more than
// maxLinkRefs lines that could open a link reference definition.
func FuzzMaskHostile(f *testing.F) {
	f.Add("[a]: b\n> [c]: d\n\n" + strings.Repeat("- ", 20) + "\n")
	f.Add(strings.Repeat("[l]: u\n\f\n", maxLinkRefs+1))
	f.Add(strings.Repeat("> [l]: u\n", maxLinkRefs) + "# h\n[l]: u\n")
	f.Fuzz(func(t *testing.T, s string) {
		s = string(normalize([]byte(s)))
		l := newLines(s)
		out, masked := maskHostile(l)
		if out == nil {
			out = []byte(s) // nothing blanked
		}
		if len(out) != len(s) {
			t.Fatalf("maskHostile(%q) = %d bytes, want %d", s, len(out), len(s))
		}
		m := newLines(string(out))
		if m.n() != l.n() {
			t.Fatalf("maskHostile(%q) = %d lines, want %d", s, m.n(), l.n())
		}
		refs := 0
		for j := 0; j < m.n(); j++ {
			line := m.line(j)
			if line != l.line(j) && (masked == nil || !masked[j] || strings.Trim(line, " ") != "") {
				t.Fatalf("maskHostile(%q) line %d = %q, want it unchanged or blanked", s, j+1, line)
			}
			if hostile(line) && strings.Trim(line, " ") != "" {
				t.Fatalf("maskHostile(%q) line %d = %q is hostile", s, j+1, line)
			}
			switch {
			case gapLine(line):
				refs = 0
			case opensBracket(line):
				if refs++; refs > maxLinkRefs {
					t.Fatalf("maskHostile(%q): line %d is link reference %d of its run", s, j+1, refs)
				}
			}
		}
	})
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
