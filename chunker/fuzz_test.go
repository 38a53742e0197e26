package chunker_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/chunker"
)

// Time bounds for one Split in FuzzSplit.
const (
	fuzzTimeBase    = 200 * time.Millisecond
	fuzzTimePerByte = 20 * time.Microsecond
)

// FuzzSplit checks Split's invariants on arbitrary input: chunks are
// ordered, lie within the document, cover every non-blank line, respect
// the cap, never split a rune, match their source lines, and do not
// depend on the line-ending style. Split must also run in linear time:
// it may take at most fuzzTimeBase plus fuzzTimePerByte per input byte
// (bounds loose enough for the fuzzer's instrumentation and -race).
func FuzzSplit(f *testing.F) {
	seeds := []string{
		"",
		"\n \t\n",
		"# A\n\ntext\n## B\n- x\n- y\n",
		"```\ncode\n\n```\n",
		"Title\n===\nbody\n",
		"---\na: 1\n---\n# H\n",
		"> # quoted\n> text\n\n    indented\n",
		"日本語のテキスト。日本語のテキスト。\r\n",
		"a\rb\r\nc\n",
		"\xff\xfe # bad\n",
		// Shapes over the parse budget.
		strings.Repeat("- ", 20) + "x\n# H\ntext\n",
		"# " + strings.Repeat("[a](", 70) + "\n\nbody\n",
		strings.Repeat("\t", 18) + "- x\n```\n\ncode\n",
		"```\ncode\n\n" + strings.Repeat("> ", 20) + "\n```\n# C\n",
		strings.Repeat("[l]: u \"t\"\n", 130) + "T\n===\n",
	}
	for _, s := range seeds {
		f.Add([]byte(s), uint8(4), int8(2))
	}
	// Found by the fuzzer: a cut chunk of invalid bytes that also matches
	// the start of the white-space rune U+3000 before it.
	f.Add([]byte("\u3000\xe3\x80"), uint8(1), int8(0))
	inputs, _ := filepath.Glob(filepath.Join("testdata", "*.md"))
	for _, name := range inputs {
		src, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src, uint8(24), int8(6))
	}
	f.Fuzz(func(t *testing.T, src []byte, maxTokens uint8, overlap int8) {
		opts := chunker.Options{MaxTokens: int(maxTokens % 64), Overlap: new(int(overlap % 32))}
		start := time.Now()
		chunks := chunker.Split(src, opts)
		if d, bound := time.Since(start), fuzzTimeBase+time.Duration(len(src))*fuzzTimePerByte; d > bound {
			t.Errorf("Split(%d bytes) took %v, want at most %v", len(src), d, bound)
		}
		checkChunks(t, string(src), opts, chunks)
		checkLineEndings(t, string(src), opts, chunks)
		// A document too long for one line table is chunked in parts.
		most := partBytes(string(src), len(src)/3)
		checkChunks(t, string(src), opts, chunker.SplitInParts(src, opts, most))
	})
}

// TestSplitInParts chunks the golden inputs and the fuzz seeds cut into
// parts of a few bytes, as Split cuts a document too long for one line
// table: the chunks keep Split's contract, with the lines numbered in the
// whole document.
func TestSplitInParts(t *testing.T) {
	docs := []string{"a\nb\nc\n", strings.Repeat("word ", 100), "---\na: 1\n---\n# H\ntext\n\n## I\nmore\n", "日本語のテキスト。\r\n日本語\n"}
	inputs, _ := filepath.Glob(filepath.Join("testdata", "*.md"))
	for _, name := range inputs {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, string(src))
	}
	for _, doc := range docs {
		for _, most := range []int{0, 7, 64, 500} {
			most = partBytes(doc, most)
			for _, opts := range []chunker.Options{{}, {MaxTokens: 8, Overlap: new(2)}} {
				checkChunks(t, doc, opts, chunker.SplitInParts([]byte(doc), opts, most))
			}
		}
	}
	// A part may end inside a line, when no line ends in its second half:
	// the line goes on in the next part, numbered as one line.
	var got []string
	for _, c := range chunker.SplitInParts([]byte("abcdefghijk\nxy\n"), chunker.Options{}, 4) {
		got = append(got, fmt.Sprintf("%d-%d %s", c.StartLine, c.EndLine, c.Text))
	}
	if want := []string{"1-1 abcd", "1-1 efgh", "1-1 ijk", "2-2 xy"}; !slices.Equal(got, want) {
		t.Errorf("SplitInParts(a line of 11 bytes, 4) = %q, want %q", got, want)
	}
}

// partBytes returns a part size of at least most bytes for which every
// part of doc ends after a line feed, as the parts of any document of
// lines shorter than half of the line table's cap do: twice its longest
// line and two.
func partBytes(doc string, most int) int {
	longest := 0
	for line := range strings.Lines(lf(doc)) {
		longest = max(longest, len(line))
	}
	return max(most, 2*longest+2)
}
