package main

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

// TestConsolidateShowsTheLinesOfAFormOnlyCopy: a duplicate whose words
// are the same as the kept copy's, or that differs in Markdown form
// alone, is shown by the lines that differ ("words the same" or "words
// -b" of <b> would show nothing that differs).
func TestConsolidateShowsTheLinesOfAFormOnlyCopy(t *testing.T) {
	t.Parallel()
	const body = "The on-call engineer promotes the replica in the second region, checks the write path with the synthetic order and pages the database owner when it fails.\n"
	ws := memweavetest.Workspace(t, map[string]string{
		"memory/2026-11-02.md": "## Failover drill\n" + body,
		"memory/2026-11-06.md": "# Failover drill\n" + body,
		"memory/2026-11-04.md": "The catalog needs <b>hb</b> tags, the owner team, the cost center and the data classification for every new service repository we run.\n",
		"memory/2026-11-05.md": "The catalog needs __hb__ tags, the owner team, the cost center and the data classification for every new service repository we run.\n",
	})
	out := mustRunCLI(t, "-w", ws, "consolidate")
	for _, want := range []string{
		"similarity 1.00, lines «## Failover drill» / «# Failover drill»\n",
		", lines «The catalog needs <b>hb</b> tags, the owner team, t…» / «The catalog needs __hb__ tags, the owner team, t…»\n",
	} {
		if !strings.Contains(out.stdout, want) {
			t.Errorf("consolidate printed %q, want a line ending %q", out.stdout, want)
		}
	}
}
