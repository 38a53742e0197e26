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
		fm := frontMatterEnd(l)
		whole := parseBlocks(l, src, fm)
		for _, piece := range []int{1, 2, 3, 5, 8, 13, 64} {
			w := parseBlocks(l, src, fm)
			if fm+1 < l.n() {
				w = walker{l: l, doc: w.doc, masked: w.masked, pend: -1, pieceLines: piece}
				if !w.parse(fm + 1) {
					t.Fatalf("%s: parse in pieces of %d panicked", name, piece)
				}
			}
			if w.cuts > 0 {
				continue
			}
			compared++
			if !reflect.DeepEqual(w.starts, whole.starts) || !reflect.DeepEqual(w.codes, whole.codes) || !reflect.DeepEqual(w.heads, whole.heads) {
				t.Errorf("%s in pieces of %d lines:\nstarts %v\ncodes %v\nheads %v\nwant\nstarts %v\ncodes %v\nheads %v",
					name, piece, w.starts, w.codes, w.heads, whole.starts, whole.codes, whole.heads)
			}
		}
	}
	if compared < len(docs) {
		t.Errorf("compared %d parses in pieces of %d documents: too few without a cut block", compared, len(docs))
	}
}
