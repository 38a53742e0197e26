package memweave_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
)

// A table too long for one chunk is cut into several, and a pack passage
// of its later rows came without the header: "| tapir-77 | eu-2 | 13 |"
// alone does not say which column is the CPU count, and without the
// delimiter row the lines are no table at all. A passage that starts
// inside a table's body now has the table's header and delimiter rows
// before it (one starting at the delimiter row, the header), counted in
// its tokens, within every budget.
func TestPackKeepsTableRowsUnderTheirHeader(t *testing.T) {
	t.Parallel()
	var hosts, items strings.Builder
	hosts.WriteString("# Hosts\n\n| host | region | cpu | owner |\n|---|---|---|---|\n")
	items.WriteString("Parts list:\n\nname | bin | count\n:-- | :-: | --:\n")
	for i := range 150 {
		fmt.Fprintf(&hosts, "| tapir-%d | eu-%d | %d | team-%d |\n", i, i%3, i%16, i%5)
		fmt.Fprintf(&items, "gasket-%d | b%d | %d\n", i, i%9, i*3)
	}
	hosts.WriteString("\nEnd of the hosts.\n")
	cases := []struct{ name, file, note, query, head string }{
		{"pipes at the ends", "memory/hosts.md", hosts.String(), "tapir-77 eu-2", "| host | region | cpu | owner |\n|---|---|---|---|\n"},
		{"pipes inside only", "memory/parts.md", items.String(), "gasket-120", "name | bin | count\n:-- | :-: | --:\n"}, // check
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			_, w := openIndexed(t, map[string]string{c.file: c.note}, memweave.Config{})
			lines := strings.Split(strings.TrimSuffix(c.note, "\n"), "\n")
			head := strings.Split(strings.TrimSuffix(c.head, "\n"), "\n")
			headAt := 0
			for lines[headAt] != head[0] {
				headAt++
			}
			packed := 0
			for budget := 40; budget <= 3000; budget += 37 {
				p, err := w.Pack(t.Context(), c.query, budget, memweave.PackCandidates(20))
				if err != nil || p.TotalTokens > budget {
					t.Fatalf("Pack(%q, %d) = %d tokens, %v", c.query, budget, p.TotalTokens, err)
				}
				for _, it := range p.Items {
					packed++
					body := strings.Join(lines[it.StartLine-1:it.EndLine], "\n")
					var want string
					switch first := it.StartLine - 1; {
					case first > headAt+1 && strings.Contains(lines[first], "|"):
						want = c.head + body // a body row: header and delimiter before it
					case first == headAt+1:
						want = head[0] + "\n" + body // the delimiter row: the header before it
					default:
						want = body
					}
					if it.Text != want {
						t.Fatalf("budget %d: %s:%d-%d: text begins %.120q, want %.120q", budget, it.Path, it.StartLine, it.EndLine, it.Text, want)
					}
				}
			}
			if packed == 0 {
				t.Fatalf("no pack of %q held a passage", c.query)
			}
		})
	}
}
