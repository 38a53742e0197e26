package memweave_test

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestConsolidateApplyKeepsLinkedHeadings: a note links to one of its own
// sections ("[the restore steps](#restore-steps)"); a newer note copied
// that section, so it is a duplicate, and apply removed it with its
// heading: the link was left pointing at nothing in its note. Such a
// copy is now skipped, saying why.
func TestConsolidateApplyKeepsLinkedHeadings(t *testing.T) {
	section := "## Restore steps\n\nThe restore of the billing database from a snapshot takes about forty minutes, and the on-call engineer checks the row counts after it.\n"
	older := "# Billing\n\nBefore a failover read [the restore steps](#restore-steps) and tell the finance channel in chat.\n\n" + section
	root, w := openIndexed(t, map[string]string{
		"memory/2026-11-01.md": older,
		"memory/2026-11-05.md": "# Billing\n\nThe billing service sends invoices on the first working day of each month through the mail provider.\n\n" + section,
	}, memweave.Config{MinScore: new(0.0), ChunkTokens: 48, ChunkOverlap: new(0)})
	gs := listGroups(t, w)
	if len(gs) == 0 {
		t.Fatal("no group listed: the test needs the section listed as a duplicate")
	}
	res := applyGroups(t, w, gs)
	got := memweavetest.ReadFile(t, root, "memory/2026-11-01.md")
	if !strings.Contains(got, "## Restore steps") {
		t.Errorf("after the apply (applied %v, skipped %+v) the older note links to #restore-steps but lost that heading:\n%s", res.Applied, res.Skipped, got)
	}
	if len(res.Skipped) != 1 || !strings.Contains(res.Skipped[0].Reason, "#restore-steps") {
		t.Errorf("skipped %+v, want the group skipped, naming #restore-steps", res.Skipped)
	}
}
