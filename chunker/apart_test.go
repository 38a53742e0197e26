package chunker_test

import (
	"slices"
	"testing"

	"github.com/memweave/memweave-go/chunker"
)

func TestSplitApart(t *testing.T) {
	src := "# Log\n\nline a\nline b\nline c\nline d\n\n## Later\n\nline e\n"
	for _, c := range []struct {
		apart []chunker.Span
		want  [][2]int
	}{
		{nil, [][2]int{{1, 6}, {8, 10}}},
		{[]chunker.Span{{4, 5}}, [][2]int{{1, 3}, {4, 5}, {6, 6}, {8, 10}}},
		{[]chunker.Span{{3, 3}, {6, 6}}, [][2]int{{1, 3}, {4, 5}, {6, 6}, {8, 10}}},
		{[]chunker.Span{{1, 1}}, [][2]int{{1, 1}, {3, 6}, {8, 10}}},
		{[]chunker.Span{{5, 9}}, [][2]int{{1, 4}, {5, 6}, {8, 8}, {10, 10}}},
		{[]chunker.Span{{4, 5}, {5, 6}, {0, 2}, {20, 30}}, [][2]int{{1, 3}, {4, 5}, {6, 6}, {8, 10}}},
	} {
		var got [][2]int
		for _, ch := range chunker.Split([]byte(src), chunker.Options{Apart: c.apart}) {
			got = append(got, [2]int{ch.StartLine, ch.EndLine})
			if ch.Headings == nil || ch.Headings[0] != "Log" {
				t.Errorf("Apart %v: chunk %d-%d has headings %q, want the section's", c.apart, ch.StartLine, ch.EndLine, ch.Headings)
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("Split with Apart %v = %v, want %v", c.apart, got, c.want)
		}
	}
}
