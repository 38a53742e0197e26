package chunker_test

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/memweave/memweave-go/chunker"
)

// c builds a chunk for the tables below.
func c(start, end int, text string, headings ...string) chunker.Chunk {
	return chunker.Chunk{Text: text, StartLine: start, EndLine: end, Headings: headings}
}

func TestSplit(t *testing.T) {
	tests := append(append(splitStructureCases(), splitBudgetCases()...), splitEncodingCases()...)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := chunker.Split([]byte(tt.src), tt.opts)
			if !equalChunks(got, tt.want) {
				t.Errorf("Split(%q, %+v) =\n%s\nwant\n%s", tt.src, tt.opts, dump(got), dump(tt.want))
			}
			checkChunks(t, tt.src, tt.opts, got)
			checkLineEndings(t, tt.src, tt.opts, got)
		})
	}
}

// splitCase is one case of [TestSplit].
type splitCase struct {
	name string
	src  string
	opts chunker.Options
	want []chunker.Chunk
}

// splitStructureCases are the cases of [TestSplit] about the document's
// structure, with the default options: blank documents, headings and
// their paths, front matter.
func splitStructureCases() []splitCase {
	return []splitCase{
		{"empty", "", chunker.Options{}, nil},
		{"blank", " \n\t\n\n   ", chunker.Options{}, nil},
		{"one line", "hello", chunker.Options{}, []chunker.Chunk{c(1, 1, "hello")}},
		{"trims blank lines", "\n\n  \nhello\nworld\n\n\n", chunker.Options{},
			[]chunker.Chunk{c(4, 5, "hello\nworld")}},
		{"heading path", "# A\na\n## B\nb\n### C\nc\n## D\nd\n# E\ne\n", chunker.Options{},
			[]chunker.Chunk{
				c(1, 2, "# A\na", "A"),
				c(3, 4, "## B\nb", "A", "B"),
				c(5, 6, "### C\nc", "A", "B", "C"),
				c(7, 8, "## D\nd", "A", "D"),
				c(9, 10, "# E\ne", "E"),
			}},
		{"skipped and rising levels", "### deep\nx\n# top\ny\n", chunker.Options{},
			[]chunker.Chunk{c(1, 2, "### deep\nx", "deep"), c(3, 4, "# top\ny", "top")}},
		{"text before first heading", "intro\n\n# H\nbody\n", chunker.Options{},
			[]chunker.Chunk{c(1, 1, "intro"), c(3, 4, "# H\nbody", "H")}},
		{"heading markup", "## *Use* `go test` & [docs](x) ##\n", chunker.Options{},
			[]chunker.Chunk{c(1, 1, "## *Use* `go test` & [docs](x) ##", "Use go test & docs")}},
		{"setext", "Title\nmore\n=====\nbody\n\nSub\n---\n", chunker.Options{},
			[]chunker.Chunk{c(1, 4, "Title\nmore\n=====\nbody", "Title more"), c(6, 7, "Sub\n---", "Title more", "Sub")}},
		{"heading in quote is content", "# H\n> # Q\n> q\n", chunker.Options{},
			[]chunker.Chunk{c(1, 3, "# H\n> # Q\n> q", "H")}},
		{"heading in fence is content", "# H\n```\n# not\n```\n", chunker.Options{},
			[]chunker.Chunk{c(1, 4, "# H\n```\n# not\n```", "H")}},
		{"front matter", "---\ntitle: x\n---\n# H\nbody\n", chunker.Options{},
			[]chunker.Chunk{c(1, 3, "---\ntitle: x\n---"), c(4, 5, "# H\nbody", "H")}},
		{"front matter dropped", "---\ntitle: x\n---\n\nbody\n# H\nmore\n", chunker.Options{DropFrontMatter: true},
			[]chunker.Chunk{c(5, 5, "body"), c(6, 7, "# H\nmore", "H")}},
		{"only front matter dropped", "---\ntitle: x\n---\n", chunker.Options{DropFrontMatter: true}, nil},
		{"unclosed front matter is a thematic break", "---\ntitle: x\n", chunker.Options{},
			[]chunker.Chunk{c(1, 2, "---\ntitle: x")}},
	}
}

// splitBudgetCases are the cases of [TestSplit] about cutting a section
// too big for one chunk: where cuts go, overlap, code blocks, long lines.
func splitBudgetCases() []splitCase {
	// Budgets here are small: MaxTokens 10 is 40 bytes.
	fence := "```\n" + strings.Repeat("x := 1\n", 4) + "```"              // 35 bytes
	bigFence := "```\n" + strings.Repeat("x := 1\n\ny := 2\n", 4) + "```" // 67 bytes
	return []splitCase{
		{"cut at blank line", "aaaa aaaa\n\nbbbb bbbb\ncccc cccc\ndddd dddd\neeee\n", chunker.Options{MaxTokens: 10, Overlap: new(0)},
			[]chunker.Chunk{c(1, 1, "aaaa aaaa"), c(3, 6, "bbbb bbbb\ncccc cccc\ndddd dddd\neeee")}},
		{"cut between lines", "aaaa aaaa\nbbbb bbbb\ncccc cccc\ndddd dddd\neeee\n", chunker.Options{MaxTokens: 10, Overlap: new(0)},
			[]chunker.Chunk{c(1, 4, "aaaa aaaa\nbbbb bbbb\ncccc cccc\ndddd dddd"), c(5, 5, "eeee")}},
		{"overlap", "aaaa aaaa\nbbbb bbbb\ncccc cccc\ndddd dddd\neeee\n", chunker.Options{MaxTokens: 10, Overlap: new(3)},
			[]chunker.Chunk{c(1, 4, "aaaa aaaa\nbbbb bbbb\ncccc cccc\ndddd dddd"), c(4, 5, "dddd dddd\neeee")}},
		{"overlap too big for a line", "aaaa aaaa\nbbbb bbbb\ncccc cccc\ndddd dddd\neeee\n", chunker.Options{MaxTokens: 10, Overlap: new(2)},
			[]chunker.Chunk{c(1, 4, "aaaa aaaa\nbbbb bbbb\ncccc cccc\ndddd dddd"), c(5, 5, "eeee")}},
		{"no overlap across headings", "# A\naaaa\n# B\nbbbb\n", chunker.Options{MaxTokens: 10, Overlap: new(5)},
			[]chunker.Chunk{c(1, 2, "# A\naaaa", "A"), c(3, 4, "# B\nbbbb", "B")}},
		{"list items", "- one one\n- two two\n  two\n- three\n", chunker.Options{MaxTokens: 6, Overlap: new(0)},
			[]chunker.Chunk{c(1, 1, "- one one"), c(2, 4, "- two two\n  two\n- three")}},
		{"fence kept whole", "intro line\n" + fence + "\nafter\n", chunker.Options{MaxTokens: 10, Overlap: new(0)},
			[]chunker.Chunk{c(1, 1, "intro line"), c(2, 7, fence), c(8, 8, "after")}},
		{"fence kept whole despite overlap", "intro line\n" + fence + "\n", chunker.Options{MaxTokens: 10, Overlap: new(5)},
			[]chunker.Chunk{c(1, 1, "intro line"), c(2, 7, fence)}},
		{"heading alone before a fence that only fits alone", "# Heading\n" + fence + "\n", chunker.Options{MaxTokens: 10, Overlap: new(0)},
			[]chunker.Chunk{c(1, 1, "# Heading", "Heading"), c(2, 7, fence, "Heading")}},
		{"big fence cut at blank lines", bigFence, chunker.Options{MaxTokens: 10, Overlap: new(0)},
			[]chunker.Chunk{
				c(1, 8, "```\nx := 1\n\ny := 2\nx := 1\n\ny := 2\nx := 1"),
				c(10, 14, "y := 2\nx := 1\n\ny := 2\n```"),
			}},
		{"long line cut at a space", "# H\n" + strings.Repeat("word ", 12) + "\n", chunker.Options{MaxTokens: 10, Overlap: new(5)},
			[]chunker.Chunk{
				c(1, 2, "# H\nword word word word word word word ", "H"),
				c(2, 2, "word word word word word ", "H"),
			}},
		{"long line cut at runes", strings.Repeat("日本", 10), chunker.Options{MaxTokens: 5},
			[]chunker.Chunk{
				c(1, 1, "日本日本日本"),
				c(1, 1, "日本日本日本"),
				c(1, 1, "日本日本日本"),
				c(1, 1, "日本"),
			}},
		{"white space inside a long line", "x" + strings.Repeat(" ", 100) + "y", chunker.Options{MaxTokens: 1},
			[]chunker.Chunk{c(1, 1, "x   "), c(1, 1, "y")}},
	}
}

// splitEncodingCases are the cases of [TestSplit] about the bytes of the
// document: a byte order mark, CRLF and lone CR line endings.
func splitEncodingCases() []splitCase {
	return []splitCase{
		{"byte order mark", "\ufeff# A\nx\n", chunker.Options{}, []chunker.Chunk{c(1, 2, "# A\nx", "A")}},
		{"CRLF", "# A\r\nx\r\n\r\ny\r\n", chunker.Options{}, []chunker.Chunk{c(1, 4, "# A\nx\n\ny", "A")}},
		{"lone CR", "# A\rx\r\ry", chunker.Options{}, []chunker.Chunk{c(1, 4, "# A\nx\n\ny", "A")}},
	}
}

func dump(chunks []chunker.Chunk) string {
	var b strings.Builder
	for _, c := range chunks {
		fmt.Fprintf(&b, "\t%d-%d %q %q\n", c.StartLine, c.EndLine, c.Headings, c.Text)
	}
	return b.String()
}

// TestSplitCap checks the size cap and rune safety across budgets on a
// document with every kind of block.
func TestSplitCap(t *testing.T) {
	src := string(genDoc(20<<10, 7)) + "\n" + strings.Repeat("é", 3000) + "\n" + strings.Repeat("🎉", 1000)
	for _, mt := range []int{1, 2, 3, 7, 50, 400, 5000} {
		for _, ov := range []int{-1, 1, 80} {
			opts := chunker.Options{MaxTokens: mt, Overlap: new(ov)}
			t.Run(fmt.Sprintf("%d,%d", mt, ov), func(t *testing.T) {
				chunks := chunker.Split([]byte(src), opts)
				checkChunks(t, src, opts, chunks)
				for i, c := range chunks {
					if !utf8.ValidString(c.Text) {
						t.Fatalf("chunk %d is not valid UTF-8", i)
					}
				}
			})
		}
	}
}

func TestSplitInvalidUTF8(t *testing.T) {
	for _, src := range []string{"\xff", "# \xc3\n\xe6\x97", strings.Repeat("\x80", 100), "a\xe6\x97\xa5\xe6\x97" + strings.Repeat("b", 40)} {
		for _, mt := range []int{1, 2, 10} {
			opts := chunker.Options{MaxTokens: mt}
			chunks := chunker.Split([]byte(src), opts)
			checkChunks(t, src, opts, chunks)
		}
	}
}

// TestSplitDoesNotAlias checks that chunks do not change when the caller
// reuses src.
func TestSplitDoesNotAlias(t *testing.T) {
	src := []byte("# Title\nbody text\n")
	chunks := chunker.Split(src, chunker.Options{})
	for i := range src {
		src[i] = 'x'
	}
	if got, want := chunks[0].Text, "# Title\nbody text"; got != want {
		t.Errorf("after reusing src, Text = %q, want %q", got, want)
	}
}

func TestEstimateTokens(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want int
	}{{"", 0}, {"a", 1}, {"abcd", 1}, {"abcde", 2}, {"日本", 2}} {
		if got := chunker.EstimateTokens(tt.s); got != tt.want {
			t.Errorf("EstimateTokens(%q) = %d, want %d", tt.s, got, tt.want)
		}
	}
}

// TestSplitConcurrent runs Split from several goroutines; run it with
// -race. The goldmark parsers are shared.
func TestSplitConcurrent(t *testing.T) {
	src := genDoc(20<<10, 3)
	want := chunker.Split(src, chunker.Options{})
	done := make(chan []chunker.Chunk)
	for range 4 {
		go func() { done <- chunker.Split(src, chunker.Options{}) }()
	}
	for range 4 {
		if got := <-done; !equalChunks(got, want) {
			t.Errorf("concurrent Split differs from a lone one")
		}
	}
}

func TestSplitHugeOptions(t *testing.T) {
	src := "# A\n" + strings.Repeat("x", 10000) + "\n# B\ny\n"
	opts := chunker.Options{MaxTokens: math.MaxInt, Overlap: new(math.MaxInt)}
	got := chunker.Split([]byte(src), opts)
	if len(got) != 2 {
		t.Errorf("Split(%d bytes, %+v) = %d chunks, want 2", len(src), opts, len(got))
	}
	checkChunks(t, src, opts, got)
}

func TestCountLines(t *testing.T) {
	tests := []struct {
		s    string
		want int
	}{
		{"", 0}, {"a", 1}, {"a\n", 1}, {"a\nb", 2}, {"a\r\nb\r\n", 2}, {"a\rb", 2}, {"\n\n", 2},
	}
	for _, tt := range tests {
		if got := chunker.CountLines(tt.s); got != tt.want {
			t.Errorf("CountLines(%q) = %d, want %d", tt.s, got, tt.want)
		}
	}
	// Every chunk's line range agrees with CountLines of its text.
	src := "# A\r\n\r\nline one\r\nline two\n\n## B\rtext\n"
	for _, c := range chunker.Split([]byte(src), chunker.Options{}) {
		if got := chunker.CountLines(c.Text); c.EndLine-c.StartLine+1 != got {
			t.Errorf("chunk %d-%d has %d lines by CountLines", c.StartLine, c.EndLine, got)
		}
	}
}
