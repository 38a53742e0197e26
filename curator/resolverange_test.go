package curator_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/search"
)

// TestResolveRangeEditedSinceTheListing: lines 3-4 listed as a
// contradiction, then an editor inserts a line between them. Given the
// first line's text alone, the range moved with that line and the marker
// superseded the editor's new line, leaving the listed second line live.
// Given the text of every line of the range (the listing's passage), an
// edit inside it is refused, nothing written; a range moved whole (an
// insert above) is found and superseded as listed.
func TestResolveRangeEditedSinceTheListing(t *testing.T) {
	const a, b = "We run PostgreSQL 15 on the old host.", "Backups go to the old bucket."
	keep := search.Ref{Path: "memory/stack.md", StartLine: 3, Text: "We run PostgreSQL 16."}
	drop := search.Ref{Path: "memory/log.md", StartLine: 3, EndLine: 4, Text: a + "\n" + b}
	for _, c := range []struct {
		name, edited string
		ok           bool
	}{
		{"insert inside", "# Log\n\n" + a + "\nThe new on-call rota starts Monday.\n" + b + "\n", false},
		{"second line edited", "# Log\n\n" + a + "\nBackups go to the new bucket.\n", false},
		{"moved whole", "# Log\n\nThe new on-call rota starts Monday.\n\n" + a + "\n" + b + "\n", true},
		{"as listed, CRLF", "# Log\r\n\r\n" + a + "\r\n" + b + "\r\n", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			n, root := notes(t, map[string]string{"memory/log.md": c.edited, "memory/stack.md": "# Stack\n\nWe run PostgreSQL 16.\n"})
			res, _, err := n.Resolve(t.Context(), keep, drop, "", memfile.EditOptions{})
			got := memweavetest.ReadFile(t, root, "memory/log.md")
			if !c.ok {
				if err == nil || got != c.edited {
					t.Fatalf("Resolve = %+v, %v; note %q; want a refusal naming the edit, the note as the editor left it", res, err, got)
				}
				if errors.Is(err, memfile.ErrChanged) || !strings.Contains(err.Error(), "line 3") {
					t.Errorf("error %q: want it to name line 3 and the text", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Resolve: %v", err)
			}
			m, ok := curate.ParseMarker(strings.TrimSpace(curate.SplitLines(got)[res.MarkerLine-1]))
			if !ok || m.Lines != 2 || m.Key != curate.LinesKey([]string{a, b}) {
				t.Errorf("marker at line %d of %q = %+v; want the two listed lines superseded", res.MarkerLine, got, m)
			}
		})
	}
}
