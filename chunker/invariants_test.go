package chunker_test

import (
	"math"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/memweave/memweave-go/chunker"
)

// effective returns the budget and overlap Split uses for opts, in bytes.
func effective(opts chunker.Options) (budget, overlap int) {
	mt, ov := opts.MaxTokens, chunker.DefaultOverlap
	if mt <= 0 {
		mt = chunker.DefaultMaxTokens
	}
	if opts.Overlap != nil {
		ov = max(*opts.Overlap, 0)
	}
	return 4 * min(mt, math.MaxInt/8), 4 * min(ov, math.MaxInt/8)
}

// lf normalises line endings to "\n" and drops a byte order mark, as
// Split does.
func lf(s string) string {
	s = strings.TrimPrefix(s, "\ufeff")
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}

func blank(s string) bool { return strings.TrimSpace(s) == "" }

// checkChunks reports every way chunks, the result of Split(src, opts),
// breaks Split's contract. It runs in time linear in src and the chunks.
func checkChunks(t testing.TB, src string, opts chunker.Options, chunks []chunker.Chunk) {
	t.Helper()
	budget, _ := effective(opts)
	d := newLineDoc(src, budget)
	n := len(d.lo)

	validIn := utf8.ValidString(src)
	covered := make([]bool, n)
	prevStart := 0
	cursor := 0      // where the previous chunk's Text ends in doc
	midLine := false // the previous chunk ended inside a line
	for i, c := range chunks {
		if c.StartLine < 1 || c.EndLine < c.StartLine || c.EndLine > n {
			t.Fatalf("chunk %d: lines %d-%d out of 1..%d", i, c.StartLine, c.EndLine, n)
		}
		if c.StartLine < prevStart {
			t.Errorf("chunk %d starts at line %d, before chunk %d (line %d)", i, c.StartLine, i-1, prevStart)
		}
		prevStart = c.StartLine
		d.checkContent(t, i, c, validIn)
		end := d.checkPlace(t, i, c, cursor, midLine)
		cursor, midLine = end, end < d.hi[c.EndLine-1]
		for l := c.StartLine; l <= c.EndLine; l++ {
			covered[l-1] = true
		}
	}
	if rest := restOfLine(d.doc, cursor); midLine && !blank(rest) {
		t.Errorf("the rest of the line the last chunk ends in, %q, is in no chunk", rest)
	}
	for i := range frontMatterLines(d, opts) {
		if covered[i] {
			t.Errorf("line %d %q of the front matter is in a chunk", i+1, d.doc[d.lo[i]:d.hi[i]])
		}
		covered[i] = true
	}
	for i := range n {
		if !covered[i] && !blank(d.doc[d.lo[i]:d.hi[i]]) {
			t.Errorf("line %d %q is in no chunk", i+1, d.doc[d.lo[i]:d.hi[i]])
		}
	}
}

// lineDoc is the LF-normalised document with its line table, as
// [checkChunks] reads it.
type lineDoc struct {
	doc string
	// doc[lo[i]:hi[i]] is line i+1. A final "\n" does not start a new
	// line.
	lo, hi []int
	budget int // the chunk size cap in bytes
}

// newLineDoc returns src LF-normalised, with its line table, for chunks
// of at most budget bytes.
func newLineDoc(src string, budget int) *lineDoc {
	d := &lineDoc{doc: lf(src), budget: budget}
	for p := 0; p < len(d.doc); {
		e := strings.IndexByte(d.doc[p:], '\n')
		if e < 0 {
			e = len(d.doc) - p
		}
		d.lo, d.hi = append(d.lo, p), append(d.hi, p+e)
		p += e + 1
	}
	return d
}

// long reports whether the 1-based line is too long for any chunk.
func (d *lineDoc) long(line int) bool { return d.hi[line-1]-d.lo[line-1] > d.budget }

// checkContent reports the ways chunk i, c, breaks the rules on its own:
// over the size cap, invalid UTF-8 from valid input (validIn), blank, or
// starting or ending with a blank line.
func (d *lineDoc) checkContent(t testing.TB, i int, c chunker.Chunk, validIn bool) {
	t.Helper()
	if len(c.Text) > d.budget || chunker.EstimateTokens(c.Text) > d.budget/4 {
		t.Errorf("chunk %d: %d bytes, cap %d", i, len(c.Text), d.budget)
	}
	if validIn && !utf8.ValidString(c.Text) {
		t.Errorf("chunk %d: Text %q is not valid UTF-8", i, c.Text)
	}
	for _, h := range c.Headings {
		if validIn && !utf8.ValidString(h) {
			t.Errorf("chunk %d: heading %q is not valid UTF-8", i, h)
		}
	}
	if blank(c.Text) {
		t.Errorf("chunk %d: Text %q is blank", i, c.Text)
	}
	first, last := d.doc[d.lo[c.StartLine-1]:d.hi[c.StartLine-1]], d.doc[d.lo[c.EndLine-1]:d.hi[c.EndLine-1]]
	if blank(first) || blank(last) {
		t.Errorf("chunk %d: lines %d-%d start or end with a blank line", i, c.StartLine, c.EndLine)
	}
}

// checkPlace reports chunk i, c, when it is not where its lines say in
// the document, given cursor, where the previous chunk's Text ends, and
// midLine, whether that is inside a line. It returns where c's Text ends.
func (d *lineDoc) checkPlace(t testing.TB, i int, c chunker.Chunk, cursor int, midLine bool) int {
	t.Helper()
	doc, lo, hi := d.doc, d.lo, d.hi
	// Text is the lines StartLine..EndLine, except that a line too
	// long for any chunk may be cut: a chunk may then start inside
	// that line, after white space, where the previous chunk ended
	// (or at its start if no chunk ended inside it, when a cut would
	// have left nothing but white space), or end inside its last line.
	p := lo[c.StartLine-1]
	if midLine && lo[c.StartLine-1] < cursor && cursor <= hi[c.StartLine-1] {
		p = cursor
	} else if rest := restOfLine(doc, cursor); midLine && !blank(rest) {
		t.Errorf("chunk %d: the rest of the line chunk %d ends in, %q, is in no chunk", i, i-1, rest)
	}
	if d.long(c.StartLine) {
		// A cut skips white space; match after it when the text is
		// there too (a chunk of invalid bytes may also match the first
		// bytes of a white-space rune such as U+3000).
		rest := doc[p:hi[c.StartLine-1]]
		skip := len(rest) - len(strings.TrimLeftFunc(rest, unicode.IsSpace))
		if !strings.HasPrefix(doc[p:], c.Text) || (skip > 0 && strings.HasPrefix(doc[p+skip:], c.Text)) {
			p += skip
		}
	}
	if p > lo[c.StartLine-1] && !d.long(c.StartLine) {
		t.Errorf("chunk %d starts inside line %d, which fits the budget", i, c.StartLine)
	}
	end := p + len(c.Text)
	if end > len(doc) || doc[p:end] != c.Text {
		t.Errorf("chunk %d: Text %q is not lines %d-%d from byte %d, %q", i, c.Text, c.StartLine, c.EndLine, p, doc[p:hi[c.EndLine-1]])
	} else if end < lo[c.EndLine-1] || end > hi[c.EndLine-1] {
		t.Errorf("chunk %d: Text %q does not end in line %d", i, c.Text, c.EndLine)
	} else if end < hi[c.EndLine-1] && !d.long(c.EndLine) {
		t.Errorf("chunk %d ends inside line %d, which fits the budget", i, c.EndLine)
	}
	return end
}

// restOfLine returns doc from byte p to the end of its line.
func restOfLine(doc string, p int) string {
	if i := strings.IndexByte(doc[p:], '\n'); i >= 0 {
		return doc[p : p+i]
	}
	return doc[p:]
}

// equalChunks reports whether a and b are the same chunks.
func equalChunks(a, b []chunker.Chunk) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if x.Text != y.Text || x.StartLine != y.StartLine || x.EndLine != y.EndLine || len(x.Headings) != len(y.Headings) {
			return false
		}
		for k := range x.Headings {
			if x.Headings[k] != y.Headings[k] {
				return false
			}
		}
	}
	return true
}

// checkLineEndings reports whether src splits as its LF, CRLF and CR
// twins do.
func checkLineEndings(t testing.TB, src string, opts chunker.Options, chunks []chunker.Chunk) {
	t.Helper()
	norm := lf(src)
	for _, nl := range []string{"\n", "\r\n", "\r"} {
		twin := strings.ReplaceAll(norm, "\n", nl)
		if got := chunker.Split([]byte(twin), opts); !equalChunks(got, chunks) {
			t.Errorf("Split(%q) = %v, want %v as for %q", twin, got, chunks, src)
		}
	}
}

// frontMatterLines is the number of lines of the front matter block that
// opts drops, 0 for none.
func frontMatterLines(d *lineDoc, opts chunker.Options) int {
	line := func(i int) string { return strings.TrimRight(d.doc[d.lo[i]:d.hi[i]], " \t") }
	if !opts.DropFrontMatter || len(d.lo) < 2 || line(0) != "---" {
		return 0
	}
	for i := 1; i < len(d.lo); i++ {
		if l := line(i); l == "---" || l == "..." {
			return i + 1
		}
	}
	return 0
}
