package history

import (
	"testing"

	"github.com/memweave/memweave-go/chunker"
)

// TestChangeSidesNameTheirFile: each side of a change is a
// workspace.Lines, as a conflict's passages are: it names the file its
// lines are in, so that a side read alone (memory_changes' old or new)
// says where to find them.
func TestChangeSidesNameTheirFile(t *testing.T) {
	h := []string{"H"}
	old := []chunker.Chunk{{Text: "# H\n\nold", StartLine: 1, EndLine: 3, Headings: h}, {Text: "gone", StartLine: 5, EndLine: 5}}
	cur := []chunker.Chunk{{Text: "# H\n\nnew", StartLine: 1, EndLine: 3, Headings: h}, {Text: "added", StartLine: 7, EndLine: 7, Headings: []string{"other"}}}
	changes := diffFile("memory/h.md", old, cur)
	if len(changes) != 3 {
		t.Fatalf("diffFile = %d changes, want changed, removed and added", len(changes))
	}
	for _, c := range changes {
		for _, side := range []*Lines{c.Old, c.New} {
			if side != nil && side.Path != c.Path {
				t.Errorf("diffFile %s change: a side names %q, want %q", c.Kind, side.Path, c.Path)
			}
		}
	}
}
