package memweave_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
)

// A code block too long for one chunk is cut into several, and a pack
// passage of lines inside it (or one that disjoint cut short inside it)
// was handed out without its fence: pasted into a prompt, "# step 72"
// read as a heading and the YAML as prose. A passage that starts inside
// a fenced block now has the block's opening line before it and one
// that ends inside one its closing fence after it, counted in its
// tokens, within every budget.
func TestPackKeepsPassagesInsideTheirCodeFence(t *testing.T) {
	t.Parallel()
	var bash, list, yaml, item strings.Builder
	bash.WriteString("# Deploy script\n\nRun this to deploy the platypus service:\n\n```bash\n")
	list.WriteString("# Restore\n\n1. Restore the wombat ledger:\n   ~~~~ sh title=\"x\"\n")
	yaml.WriteString("# Config\n\n```yaml\n")
	item.WriteString("# Steps\n\n- ```bash\n")
	for i := range 120 {
		fmt.Fprintf(&bash, "# step %d: platypus deploy stage %d\nkubectl apply -f platypus-%d.yaml\n", i, i, i)
		fmt.Fprintf(&list, "   # wombat ledger restore part %d\n   restore --part %d\n", i, i)
		fmt.Fprintf(&yaml, "- name: quokka shard %d\n  replicas: %d\n", i, i%7)
		fmt.Fprintf(&item, "  # step %d: lemur deploy stage %d\n  kubectl apply -f lemur-%d.yaml\n", i, i, i)
	}
	bash.WriteString("```\n\nAfter the script, check the dashboard.\n")
	list.WriteString("   ~~~~\n2. Check the ledger balance.\n")
	yaml.WriteString("```\n")
	item.WriteString("  ```\n- done\n")
	cases := []struct{ name, file, note, query, closer string }{
		{"backticks", "memory/deploy.md", bash.String(), "platypus deploy stage 77", "```"},
		{"backticks, overlapping passages", "memory/deploy.md", bash.String(), "platypus deploy stage 3 stage 40 stage 45 stage 90", "```"},
		{"tildes in a list item", "memory/restore.md", list.String(), "wombat ledger restore part 60", "   ~~~~"},
		{"yaml list", "memory/shards.md", yaml.String(), "quokka shard 50", "```"}, // check
		{"opened on a list item's line", "memory/steps.md", item.String(), "lemur deploy stage 77", "  ```"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			_, w := openIndexed(t, map[string]string{c.file: c.note}, memweave.Config{})
			lines := strings.Split(strings.TrimSuffix(c.note, "\n"), "\n")
			inFence := fencedLines(lines)
			for budget := 40; budget <= 3000; budget += 37 {
				p, err := w.Pack(t.Context(), c.query, budget, memweave.PackCandidates(20))
				if err != nil {
					t.Fatalf("Pack(%q, %d): %v", c.query, budget, err)
				}
				if p.TotalTokens > budget {
					t.Fatalf("Pack(%q, %d) holds %d tokens", c.query, budget, p.TotalTokens)
				}
				for _, it := range p.Items {
					checkFenced(t, budget, it, lines, inFence, c.closer)
				}
			}
		})
	}
}

// fencedLines reports, for each line of a note, whether it sits inside
// a fenced code block (the fence lines themselves excluded).
func fencedLines(lines []string) []bool {
	out := make([]bool, len(lines))
	open := ""
	for i, l := range lines {
		t := strings.TrimLeft(l, " ")
		if open == "" {
			t = strings.TrimPrefix(t, "- ")
		}
		switch {
		case open == "" && (strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~")):
			open = t[:len(t)-len(strings.TrimLeft(t, t[:1]))]
		case open != "" && strings.TrimSpace(t) == open:
			open = ""
		default:
			out[i] = open != ""
		}
	}
	return out
}

// checkFenced fails unless the passage's text is the note's lines it
// names, preceded by the opening fence line exactly when they start
// inside a fenced block and followed by a closing fence (closer) exactly
// when they end inside one, so that each line is code in the text as in
// the note.
func checkFenced(t *testing.T, budget int, it memweave.PackedItem, lines []string, inFence []bool, closer string) {
	t.Helper()
	body := strings.Join(lines[it.StartLine-1:it.EndLine], "\n")
	at := strings.Index(it.Text, body)
	if at < 0 {
		t.Fatalf("budget %d: %s:%d-%d: text %.80q does not hold the note's lines", budget, it.Path, it.StartLine, it.EndLine, it.Text)
	}
	before, after := it.Text[:at], it.Text[at+len(body):]
	startsIn := inFence[it.StartLine-1]
	endsIn := inFence[it.EndLine-1] || isOpener(lines, inFence, it.EndLine-1)
	if startsIn != (before != "") || endsIn != (after != "") {
		t.Fatalf("budget %d: %s:%d-%d (starts in a code block: %v, ends in one: %v): text begins %q and ends %q around the note's lines; want the block's fence before and after exactly when inside it",
			budget, it.Path, it.StartLine, it.EndLine, startsIn, endsIn, before, after)
	}
	if after != "" && after != "\n"+closer {
		t.Fatalf("budget %d: %s:%d-%d: closing fence %q, want %q at the column of the block's lines", budget, it.Path, it.StartLine, it.EndLine, after, closer)
	}
	if got := fencedLines(strings.Split(it.Text, "\n")); before != "" || after != "" {
		for i, l := range strings.Split(body, "\n") {
			if k := i + strings.Count(before, "\n"); got[k] != inFence[it.StartLine-1+i] {
				t.Fatalf("budget %d: %s:%d: %q is code in the note: %v, in the pack: %v", budget, it.Path, it.StartLine+i, l, inFence[it.StartLine-1+i], got[k])
			}
		}
	}
}

// isOpener reports whether line i (0-based) opens a fenced block.
func isOpener(lines []string, inFence []bool, i int) bool {
	return !inFence[i] && i+1 < len(lines) && inFence[i+1]
}
