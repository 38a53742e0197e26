package indexer

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/memweave/memweave-go/chunker"
)

// TestIndexPrefix checks the heading prefix and its cap at maxTokens
// bytes, a quarter of the chunk's byte cap.
func TestIndexPrefix(t *testing.T) {
	long := strings.Repeat("日", 100) // 300 bytes
	tests := []struct {
		name      string
		c         chunker.Chunk
		maxTokens int
		want      string
	}{
		{"no headings", chunker.Chunk{Text: "x"}, 400, ""},
		{"starts with its heading", chunker.Chunk{Text: "# A\nx", Headings: []string{"A"}}, 400, ""},
		{"path", chunker.Chunk{Text: "x", Headings: []string{"A", "B"}}, 400, "A > B\n"},
		{"exactly the cap", chunker.Chunk{Text: "x", Headings: []string{"A", "B"}}, 6, "A > B\n"},
		{"cut at a rune", chunker.Chunk{Text: "x", Headings: []string{long, long}}, 400, long + " > " + strings.Repeat("日", 31) + "…\n"},
		{"cap too small", chunker.Chunk{Text: "x", Headings: []string{"Alpha"}}, 3, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := indexPrefix(tt.c, tt.maxTokens)
			if got != tt.want {
				t.Errorf("indexPrefix(%q, %d) = %q, want %q", tt.c.Headings, tt.maxTokens, got, tt.want)
			}
			if len(got) > tt.maxTokens || !utf8.ValidString(got) {
				t.Errorf("indexPrefix(%q, %d) = %d bytes, valid UTF-8 %v", tt.c.Headings, tt.maxTokens, len(got), utf8.ValidString(got))
			}
		})
	}
}
