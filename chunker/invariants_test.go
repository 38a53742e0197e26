package chunker_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/memweave/memweave-go/chunker"
)

// effective returns the budget and overlap Split uses for opts, in bytes.
func effective(opts chunker.Options) (budget, overlap int) {
	mt, ov := opts.MaxTokens, opts.Overlap
	if mt <= 0 {
		mt = chunker.DefaultMaxTokens
	}
	switch {
	case ov == 0:
		ov = chunker.DefaultOverlap
	case ov < 0:
		ov = 0
	}
	return 4 * mt, 4 * ov
}

// sourceLines splits src into lines the way Split does: "\n", "\r\n" and
// "\r" end a line, and a final line ending does not start a new line.
func sourceLines(src string) []string {
	s := lf(src)
	if s == "" {
		return nil
	}
	s = strings.TrimSuffix(s, "\n")
	return strings.Split(s, "\n")
}

// lf normalises line endings to "\n".
func lf(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}

func blank(s string) bool { return strings.TrimSpace(s) == "" }

// checkChunks reports every way chunks, the result of Split(src, opts),
// breaks Split's contract.
func checkChunks(t testing.TB, src string, opts chunker.Options, chunks []chunker.Chunk) {
	t.Helper()
	budget, _ := effective(opts)
	lines := sourceLines(src)
	validIn := utf8.ValidString(src)
	covered := make([]bool, len(lines))
	prev := 0
	for i, c := range chunks {
		if c.StartLine < 1 || c.EndLine < c.StartLine || c.EndLine > len(lines) {
			t.Fatalf("chunk %d: lines %d-%d out of 1..%d", i, c.StartLine, c.EndLine, len(lines))
		}
		if c.StartLine < prev {
			t.Errorf("chunk %d starts at line %d, before chunk %d (line %d)", i, c.StartLine, i-1, prev)
		}
		prev = c.StartLine
		if len(c.Text) > budget || chunker.EstimateTokens(c.Text) > budget/4 {
			t.Errorf("chunk %d: %d bytes, cap %d", i, len(c.Text), budget)
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
		if strings.ContainsRune(c.Text, '\r') {
			t.Errorf("chunk %d: Text %q holds a CR", i, c.Text)
		}
		span := lines[c.StartLine-1 : c.EndLine]
		if blank(span[0]) || blank(span[len(span)-1]) {
			t.Errorf("chunk %d: lines %d-%d start or end with a blank line", i, c.StartLine, c.EndLine)
		}
		joined := strings.Join(span, "\n")
		if c.Text != joined {
			// A partial chunk: only a line too long for any chunk may be cut.
			if !strings.Contains(joined, c.Text) {
				t.Errorf("chunk %d: Text %q is not part of lines %d-%d %q", i, c.Text, c.StartLine, c.EndLine, joined)
			}
			if len(span[0]) <= budget && len(span[len(span)-1]) <= budget {
				t.Errorf("chunk %d: Text %q cuts lines %d-%d %q, none longer than %d bytes", i, c.Text, c.StartLine, c.EndLine, joined, budget)
			}
		}
		for l := c.StartLine; l <= c.EndLine; l++ {
			covered[l-1] = true
		}
	}
	for i, l := range lines {
		if !covered[i] && !blank(l) {
			t.Errorf("line %d %q is in no chunk", i+1, l)
		}
	}
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
