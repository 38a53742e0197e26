package curate

import (
	"slices"
	"testing"
)

// TestLinksToCheck holds link shapes the apply test was not written
// with (a table cell, a workspace-absolute path, "=" setext, a title
// in single quotes), and links that name another note or no heading lost.
func TestLinksToCheck(t *testing.T) {
	to := "memory/runbook.md"
	for _, c := range []struct {
		src, from string
		want      int
	}{
		{"| step | [restore](runbook.md#restore-steps) |\n|---|---|\n", "memory/a.md", 1},
		{"x\n\nsee [r](/memory/runbook.md#restore-steps).\n", "memory/deep/b.md", 3},
		{"see [r](../../memory/runbook.md#RESTORE-STEPS 'the steps')\n", "memory/a/b.md", 1},
		{"see [r](runbook.md#restore-steps-v2)\n", "memory/a.md", 0},
		{"see [r](other/runbook.md#restore-steps)\n", "memory/a.md", 0},
		{"```\n[r](runbook.md#restore-steps)\n```\n", "memory/a.md", 0},
		{"see [r](https://example.com/runbook.md#restore-steps)\n", "memory/a.md", 0},
	} {
		if got, _ := LinksTo([]byte(c.src), c.from, to, []string{"restore-steps"}); got != c.want {
			t.Errorf("LinksTo(%q from %s) = line %d, want %d", c.src, c.from, got, c.want)
		}
	}
	src := "# A\n\nRestore steps\n=============\n\nbody\n\nRestore steps\n-------------\n\nmore\n"
	if got := AnchorsLost([]byte(src), 3, 6, nil); !slices.Equal(got, []string{"restore-steps", "restore-steps-1"}) {
		t.Errorf("AnchorsLost of the first of two setext headings = %q, want both anchors (the second's moves)", got)
	}
}
