package chunker

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestLinesTable checks the compact line table against the lines of
// strings.Split: every line's offsets, text and blankness, and the last
// non-blank line before each line, on documents with runs of blank and
// non-blank lines across the 64-line words of the blank bits.
func TestLinesTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 33))
	kinds := []string{"", " ", "\t", "a", "word word", "\u3000", "日本"}
	for range 300 {
		var b strings.Builder
		for range rng.IntN(400) {
			kind := kinds[rng.IntN(len(kinds))]
			for range 1 + rng.IntN(130)*rng.IntN(2) {
				b.WriteString(kind)
				b.WriteByte('\n')
			}
		}
		if rng.IntN(2) == 0 {
			b.WriteString("tail")
		}
		s := b.String()
		l := newLines(s)
		want := strings.Split(s, "\n")
		if strings.HasSuffix(s, "\n") || s == "" {
			want = want[:len(want)-1]
		}
		if l.n() != len(want) {
			t.Fatalf("newLines(%d bytes).n() = %d, want %d", len(s), l.n(), len(want))
		}
		off, nb := 0, 0
		for i, w := range want {
			if l.lastNB(i) != nb {
				t.Fatalf("lastNB(%d) = %d, want %d", i, l.lastNB(i), nb)
			}
			if l.start(i) != off || l.end(i) != off+len(w) || l.line(i) != w || l.blank(i) != (strings.TrimSpace(w) == "") {
				t.Fatalf("line %d = [%d, %d) %q blank %v, want [%d, %d) %q", i, l.start(i), l.end(i), l.line(i), l.blank(i), off, off+len(w), w)
			}
			if !l.blank(i) {
				nb = i + 1
			}
			off += len(w) + 1
		}
		if l.lastNB(l.n()) != nb {
			t.Fatalf("lastNB(n) = %d, want %d", l.lastNB(l.n()), nb)
		}
	}
}
