package chunker_test

import (
	"os"
	"path/filepath"
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
	})
}
