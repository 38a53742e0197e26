package chunker

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestParseInPieces checks that parsing a document in pieces finds the
// blocks a parse of the whole document finds, unless a top-level block
// was longer than a piece: the documents are the golden inputs and
// random mixtures of every block shape (fences holding blank lines and
// headings, loose lists, block quotes with lazy lines, setext headings,
// HTML blocks, link reference definitions), parsed in pieces of a few
// lines.
func TestParseInPieces(t *testing.T) {
	docs := map[string]string{}
	names, _ := filepath.Glob("testdata/*.md")
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		docs[name] = string(b)
	}
	parts := []string{
		"# Title\n", "Setext\n---\n", "Other setext\n===\n", "para line\nanother line\n",
		"```\ncode\n\n# not a heading\n```\n", "~~~go\nx := 1\n~~~\n", "    indented code\n\n    more\n",
		"- item\n\n  continued\n- next\n", "1. one\n2. two\n\n   para\n", "> quote\nlazy line\n> more\n",
		"<!--\ncomment\n\n# not a heading\n-->\n", "<div>\nhtml\n</div>\n", "[ref]: http://x\n[b]: /y\n",
		"***\n", "## Sub\ntext\n", "\n", "\n\n",
	}
	rng := rand.New(rand.NewPCG(33, 5))
	for i := range 300 {
		var b strings.Builder
		for range 5 + rng.IntN(40) {
			b.WriteString(parts[rng.IntN(len(parts))])
			if rng.IntN(2) == 0 {
				b.WriteString("\n")
			}
		}
		docs[fmt.Sprintf("random %d", i)] = b.String()
	}
	compared := 0
	for name, doc := range docs {
		src := normalize([]byte(doc))
		l := newLines(string(src))
		whole := analyzeIn(l, 64, false, true, l.n()+1)
		for _, piece := range []int{1, 2, 3, 5, 8, 13, 64} {
			o := analyzeIn(l, 64, false, true, piece)
			if o.cuts > 0 {
				continue
			}
			compared++
			if !reflect.DeepEqual(o, whole) {
				t.Errorf("%s in pieces of %d lines:\n%v\nwant\n%v", name, piece, o, whole)
			}
		}
	}
	if compared < len(docs) {
		t.Errorf("compared %d parses in pieces of %d documents: too few without a cut block", compared, len(docs))
	}
}
