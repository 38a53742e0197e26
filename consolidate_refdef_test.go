package memweave_test

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestConsolidateApplyKeepsLinkDefinitions: a note's link reference
// definitions ("[rb]: https://...") and footnotes ("[^1]: ...") sit in a
// passage of their own at its end; a newer note copied the section with
// them, so that passage is a duplicate, and apply removed it while the
// older note's other passages still use them: "[ops wiki][rb]" lost its
// target, "[^1]" its source. Such a copy is now skipped, saying why.
func TestConsolidateApplyKeepsLinkDefinitions(t *testing.T) {
	dup := "The restore of the billing database from a snapshot takes about forty minutes, as the [ops wiki][rb] says, and the on-call engineer checks the row counts after it[^1].\n\n[rb]: https://wiki.example.com/runbooks/billing-failover\n[^1]: Internal audit of the payment platform, March 2026, finding 7.\n"
	older := "# Billing\n\n## Runbooks\n\nThe steps to fail over the billing database are in the [ops wiki][rb], and the audit that asked for them is cited below[^1].\n\n## Restore\n\n" + dup
	root, w := openIndexed(t, map[string]string{
		"memory/2026-11-01.md": older,
		"memory/2026-11-05.md": "# Billing\n\n## Restore\n\n" + dup,
	}, memweave.Config{MinScore: new(0.0), ChunkTokens: 48, ChunkOverlap: new(0)})
	plan, err := w.Consolidate(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	gs := plan.Groups
	res := applyGroups(t, w, gs)
	got := memweavetest.ReadFile(t, root, "memory/2026-11-01.md")
	if len(res.Skipped) != 1 || !strings.Contains(res.Skipped[0].Reason, "give [rb]") {
		t.Errorf("skipped %+v, want the group of the definitions skipped, naming [rb]", res.Skipped)
	}
	if strings.Contains(got, "[ops wiki][rb]") && !strings.Contains(got, "[rb]: https://wiki.example.com/runbooks/billing-failover") {
		t.Errorf("after the apply (applied %v, skipped %+v) the older note uses [rb] but lost its definition:\n%s", res.Applied, res.Skipped, got)
	}
	if strings.Contains(got, "[^1]") && !strings.Contains(got, "[^1]: Internal audit") {
		t.Errorf("after the apply (applied %v, skipped %+v) the older note cites [^1] but lost the footnote:\n%s", res.Applied, res.Skipped, got)
	}
}
