package curate

import (
	"strings"
	"testing"
)

func TestRemovePassage(t *testing.T) {
	src := "# Log\n\nThe team met.\n\n# Deploys\n\nStaging deploys on Tuesday.\n\n# After\n\nLunch.\n"
	tests := []struct {
		from, to int
		keep     [][2]int
		want     string
	}{
		{5, 8, nil, "# Log\n\nThe team met.\n\n# After\n\nLunch.\n"},
		{1, 4, nil, "# Deploys\n\nStaging deploys on Tuesday.\n\n# After\n\nLunch.\n"},
		{5, 8, [][2]int{{7, 9}}, "# Log\n\nThe team met.\n\nStaging deploys on Tuesday.\n\n# After\n\nLunch.\n"},
		{9, 11, nil, "# Log\n\nThe team met.\n\n# Deploys\n\nStaging deploys on Tuesday.\n\n"},
	}
	for _, tt := range tests {
		if got := string(RemovePassage([]byte(src), tt.from, tt.to, tt.keep)); got != tt.want {
			t.Errorf("RemovePassage(%d-%d, keep %v) = %q, want %q", tt.from, tt.to, tt.keep, got, tt.want)
		}
	}
}

// FuzzRemovePassage checks that RemovePassage keeps every line outside
// the range, in order (but blank lines), and every line of keep. Lines
// are compared without their endings: a line ending in a lone CR that
// comes to stand before a blank LF line reads as one CR LF line.
func FuzzRemovePassage(f *testing.F) {
	f.Add("a\n\nb\nc\n\nd", 2, 4, 4, 5)
	f.Add("x\r\ny\r\n", 1, 1, 0, 0)
	f.Add("# A\r\rfact\r\r## B\n\ncopy\n\n## C\n\nother\n", 5, 7, 0, 0)
	f.Add("| a | b |\n|---|---|\n| 1 | 2 |\n\n```\ncode\n```\n", 1, 2, 0, 0)
	f.Add("See [w][rb] and [s](#b).\n\n## B\n\n[rb]: https://a\n", 3, 5, 0, 0)
	f.Fuzz(func(t *testing.T, src string, from, to, k0, k1 int) {
		out := string(RemovePassage([]byte(src), from, to, [][2]int{{k0, k1}}))
		got := SplitLines(out)
		at := 0
		for i, line := range SplitLines(src) {
			l := i + 1
			inside := l >= from && l <= to && !(l >= k0 && l <= k1)
			if inside || strings.TrimSpace(line) == "" {
				continue
			}
			want := strings.TrimRight(line, "\r\n")
			for at < len(got) && strings.TrimRight(got[at], "\r\n") != want {
				at++
			}
			if at == len(got) {
				t.Fatalf("RemovePassage(%q, %d, %d, %d-%d) = %q lost line %d %q", src, from, to, k0, k1, out, l, line)
			}
			at++
		}
		if l := BlockChanged([]byte(src), from, to, [][2]int{{k0, k1}}); l < 0 || l > len(SplitLines(src)) {
			t.Fatalf("BlockChanged(%q, %d, %d, %d-%d) = %d, want 0 or a line of src", src, from, to, k0, k1, l)
		}
		if l, target := DefinitionLost([]byte(src), from, to, [][2]int{{k0, k1}}); l < 0 || l > len(SplitLines(src)) || (l == 0) != (target == "") {
			t.Fatalf("DefinitionLost(%q, %d, %d, %d-%d) = %d, %q, want 0 and \"\" or a line of src and its target", src, from, to, k0, k1, l, target)
		}
	})
}

// TestBlockChanged: a removal that takes a fence of a block and not the
// block whole, the paragraph that kept an indented line from being code,
// or a table's header and not its rows, changes what a kept line is; one
// that takes a block whole, or prose alone, or rows alone, does not.
func TestBlockChanged(t *testing.T) {
	tbl := "# Ports\n\n| service | port |\n|---|---|\n| api | 80 |\n| db | 5432 |\n\nThe end.\n"
	doc := "# Deploy\n\n```sh\nstep one\nstep two\n```\n\nAfter it, check the dashboards.\n"
	cmt := "# Deploy\n\n<!-- old steps\nstep one\nstep two\n-->\n\nAfter it, check the dashboards.\n"
	tests := []struct {
		name     string
		src      string
		from, to int
		want     int
	}{
		{"opening fence and first line", doc, 3, 4, 5},
		{"closing fence", doc, 6, 6, 8},
		{"block whole", doc, 3, 6, 0},
		{"prose", doc, 8, 8, 0},
		{"lines inside", doc, 4, 4, 0},
		{"paragraph above an indented line", "Intro text\n\nPara\n    indented\n", 3, 3, 4},
		{"table header and delimiter", tbl, 3, 4, 5},
		{"table header, delimiter and first row", tbl, 3, 5, 6},
		{"table whole", tbl, 3, 6, 0},
		{"table rows", tbl, 5, 5, 0},
		{"paragraph before two thematic breaks", "Copy para\n\n---\n\nOwner: Carol\n\n---\n\nRest.\n", 1, 2, 3},
		{"thematic break after a line with a pipe", "a | b\n---\nc\n\nd\n", 5, 5, 0},
		// An HTML comment block renders as nothing: removing the part
		// that opens it shows the rest; removing the part that closes
		// it hides what follows, up to the next "-->".
		{"comment opening and first line", cmt, 3, 4, 5},
		{"comment closing line", cmt, 6, 6, 8},
		{"comment whole", cmt, 3, 6, 0},
		{"prose after a comment", cmt, 8, 8, 0},
		{"lines inside a comment", cmt, 4, 4, 0},
		{"one-line comment", "Intro.\n\n<!-- todo: check -->\nThe port is 80.\n", 3, 3, 0},
		{"comment closed on a later line's end", "A.\n\n<!-- draft\nold text -->\n\nB.\n", 3, 3, 4},
		{"comment opened inside code", "```\n<!--\n```\n\nProse.\n", 5, 5, 0},
		{"fence inside a comment", "<!--\n```\n-->\n\nProse.\n\nMore.\n", 7, 7, 0},
	}
	for _, tt := range tests {
		if got := BlockChanged([]byte(tt.src), tt.from, tt.to, nil); got != tt.want {
			t.Errorf("%s: BlockChanged(lines %d-%d) = %d, want %d", tt.name, tt.from, tt.to, got, tt.want)
		}
	}
}
