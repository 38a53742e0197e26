package chunker_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/memweave/memweave-go/chunker"
)

// TestSplitHeadingBounds checks that a heading path holds the innermost
// three headings, each cut to 200 bytes at a rune boundary with "…".
func TestSplitHeadingBounds(t *testing.T) {
	long := strings.Repeat("é", 150) // 300 bytes
	src := "# One\n\n## Two\n\n### Three\n\n#### Four " + long + "\n\nbody\n"
	chunks := chunker.Split([]byte(src), chunker.Options{})
	last := chunks[len(chunks)-1]
	want := []string{"Two", "Three", "Four " + strings.Repeat("é", 97) + "…"}
	if !slices.Equal(last.Headings, want) {
		t.Errorf("Split(%q) last Headings = %q, want %q", src, last.Headings, want)
	}
	for _, h := range last.Headings {
		if len(h) > 200+len("…") || !utf8.ValidString(h) {
			t.Errorf("heading %q: %d bytes or invalid UTF-8", h, len(h))
		}
	}
	checkChunks(t, src, chunker.Options{}, chunks)
}

// TestSplitHostileRegion checks that a hostile region is cut by lines
// while the document around it, its headings and a fence it closes, keep
// their structure and exact line numbers.
func TestSplitHostileRegion(t *testing.T) {
	markers := strings.Repeat("- ", 40) + "x"
	tests := []struct {
		name string
		src  string
		want []chunker.Chunk
	}{{
		name: "markers between sections",
		src:  "# A\n\ntext\n\nbefore\n" + markers + "\nafter\n\n# B\n\nend\n",
		want: []chunker.Chunk{
			{Text: "# A\n\ntext\n\nbefore\n" + markers + "\nafter", StartLine: 1, EndLine: 7, Headings: []string{"A"}},
			{Text: "# B\n\nend", StartLine: 9, EndLine: 11, Headings: []string{"B"}},
		},
	}, {
		name: "heading inside the region",
		src:  markers + "\n# B\nend\n",
		want: []chunker.Chunk{
			{Text: markers, StartLine: 1, EndLine: 1},
			{Text: "# B\nend", StartLine: 2, EndLine: 3, Headings: []string{"B"}},
		},
	}, {
		name: "fence closed inside the region",
		src:  "```\ncode\n\n" + markers + "\n```\n# C\n\nend\n",
		want: []chunker.Chunk{
			{Text: "```\ncode\n\n" + markers + "\n```", StartLine: 1, EndLine: 5},
			{Text: "# C\n\nend", StartLine: 6, EndLine: 8, Headings: []string{"C"}},
		},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := chunker.Split([]byte(tt.src), chunker.Options{})
			if !equalChunks(got, tt.want) {
				t.Errorf("Split(%q) = %+v, want %+v", tt.src, got, tt.want)
			}
			checkChunks(t, tt.src, chunker.Options{}, got)
		})
	}
}

// TestSplitBudgetEdges checks lines at the length and bracket limits of
// the parse budget: a line just within is parsed as Markdown (it is the
// text of a setext heading), one just over is not.
func TestSplitBudgetEdges(t *testing.T) {
	tests := []struct {
		name   string
		line   string
		parsed bool
	}{
		{"256 brackets", strings.Repeat("[(", 128), true},
		{"257 brackets", strings.Repeat("[(", 128) + "[", false},
		{"8 KB", strings.Repeat("w", 8<<10), true},
		{"8 KB + 1", strings.Repeat("w", 8<<10+1), false},
	}
	opts := chunker.Options{MaxTokens: 8 << 10}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := tt.line + "\n===\n\nbody\n"
			got := chunker.Split([]byte(src), opts)
			if parsed := len(got) > 0 && got[0].Headings != nil; parsed != tt.parsed {
				t.Errorf("Split(%.40q...) heading parsed = %v, want %v", src, parsed, tt.parsed)
			}
			checkChunks(t, src, opts, got)
		})
	}
}

// TestSplitLinkRefEdges checks runs of link reference definitions at the
// parse budget's limit: a paragraph opened by 128 definitions is parsed as
// Markdown (its last line is a setext heading), one opened by 129 is cut
// by lines alone, as are 129 split by lines that are blank to Split but
// not to goldmark (U+3000); 129 split by a
// blank line into two paragraphs are parsed.
func TestSplitLinkRefEdges(t *testing.T) {
	defs := func(n int, sep func(k int) string) string {
		var b strings.Builder
		for k := range n {
			b.WriteString(sep(k))
			fmt.Fprintf(&b, "[l%d]: https://example.com/%d \"t\"\n", k, k)
		}
		return b.String()
	}
	none := func(int) string { return "" }
	tests := []struct {
		name   string
		src    string
		parsed bool
	}{
		{"128 definitions", defs(128, none), true},
		{"129 definitions", defs(129, none), false},
		{"129 split by U+3000 lines", defs(129, func(k int) string {
			if k > 0 {
				return "\u3000\n"
			}
			return ""
		}), false},
		{"129 split by a blank line", defs(129, func(k int) string {
			if k == 64 {
				return "\n"
			}
			return ""
		}), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := tt.src + "Title\n===\n\nbody\n"
			got := chunker.Split([]byte(src), chunker.Options{})
			parsed := false
			for _, c := range got {
				parsed = parsed || c.Headings != nil
			}
			if parsed != tt.parsed {
				t.Errorf("Split(%s) heading parsed = %v, want %v", tt.name, parsed, tt.parsed)
			}
			checkChunks(t, src, chunker.Options{}, got)
		})
	}
}

// TestSplitPacksTinySections checks that a document of many tiny
// sections is packed into full chunks, each with the heading path of its
// first section, while a few small sections stay apart.
func TestSplitPacksTinySections(t *testing.T) {
	var b strings.Builder
	for n := range 200 {
		fmt.Fprintf(&b, "# H%d\nbody %d\n", n, n)
	}
	src := b.String()
	opts := chunker.Options{MaxTokens: 64}
	got := chunker.Split([]byte(src), opts)
	// Sections are 13 to 17 bytes: 15 or more fit in 256 bytes.
	if len(got) < 10 || len(got) > 14 {
		t.Errorf("Split(200 tiny sections) = %d chunks, want 10 to 14", len(got))
	}
	if len(got) > 0 && (got[0].StartLine != 1 || !slices.Equal(got[0].Headings, []string{"H0"})) {
		t.Errorf("Split(200 tiny sections)[0] = %+v, want lines from 1 under H0", got[0])
	}
	checkChunks(t, src, opts, got)

	few := "# A\nx\n# B\ny\n"
	if got := chunker.Split([]byte(few), opts); len(got) != 2 {
		t.Errorf("Split(%q) = %d chunks, want 2", few, len(got))
	}
}
