package chunker_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/chunker"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden from Split's output")

// goldenOptions are small, so that the test documents need several chunks.
var goldenOptions = chunker.Options{MaxTokens: 40, Overlap: new(10)}

// goldenChunk is how a chunk is stored in a .golden file: a JSON array
// with one chunk per line.
type goldenChunk struct {
	StartLine int      `json:"start_line"`
	EndLine   int      `json:"end_line"`
	Headings  []string `json:"headings"`
	Tokens    int      `json:"tokens"`
	Text      string   `json:"text"`
}

func marshalGolden(t testing.TB, chunks []chunker.Chunk) []byte {
	t.Helper()
	var buf bytes.Buffer
	buf.WriteString("[\n")
	for i, c := range chunks {
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(goldenChunk{c.StartLine, c.EndLine, c.Headings, chunker.EstimateTokens(c.Text), c.Text}); err != nil {
			t.Fatal(err)
		}
		if i < len(chunks)-1 {
			buf.Truncate(buf.Len() - 1)
			buf.WriteString(",\n")
		}
	}
	buf.WriteString("]\n")
	return buf.Bytes()
}

// TestGolden splits each testdata/*.md with goldenOptions and compares the
// chunks with the .golden file next to it. Run with -update to rewrite
// the golden files after an intended change, and review the diff.
func TestGolden(t *testing.T) {
	inputs, err := filepath.Glob(filepath.Join("testdata", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	if len(inputs) == 0 {
		t.Fatal("no testdata/*.md")
	}
	for _, in := range inputs {
		name := strings.TrimSuffix(filepath.Base(in), ".md")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			chunks := chunker.Split(src, goldenOptions)
			checkChunks(t, string(src), goldenOptions, chunks)
			checkLineEndings(t, string(src), goldenOptions, chunks)

			got := marshalGolden(t, chunks)
			golden := strings.TrimSuffix(in, ".md") + ".golden"
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("Split(%s) = %s\nwant %s", in, got, want)
			}
		})
	}
}
