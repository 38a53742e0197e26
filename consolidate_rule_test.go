package memweave_test

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestConsolidateApplyRemovesNoRuleAlone: a paragraph on one line too
// long for a passage is cut into several; the last also holds the blank
// line and the thematic break (---) after it. Its copy's group removed
// the lines no other passage covers, the break alone: the apply said the
// group was applied and the note edited, the paragraph stayed (listed
// again on every run), and the break between two sections was gone. A
// copy whose lines left to remove hold no word is now skipped.
func TestConsolidateApplyRemovesNoRuleAlone(t *testing.T) {
	para := "The ingest workers restart failed jobs with exponential backoff and page the on-call engineer. " +
		strings.Repeat("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu ", 60)
	older := para + "\n\n---\n\nInvoices for enterprise customers are emailed on the first working day of each month. " +
		strings.Repeat("nu xi omicron pi rho sigma tau upsilon phi chi psi omega ", 60) + "\n"
	root, w := openIndexed(t, map[string]string{
		"memory/2026-11-01.md": older,
		"memory/2026-11-05.md": para + "\n",
	}, memweave.Config{})
	var ids []string
	for _, g := range listGroups(t, w) {
		ids = append(ids, g.ID)
	}
	if len(ids) == 0 {
		t.Fatal("no group listed; the test needs the long line's copy grouped")
	}
	res, err := w.ApplyConsolidation(t.Context(), ids)
	if got := memweavetest.ReadFile(t, root, "memory/2026-11-01.md"); got != older {
		t.Errorf("the older note changed to %q (applied %v, skipped %+v, %v); want it as it was: the paragraph stays, so must the break", got, res.Applied, res.Skipped, err)
	}
	if len(res.Applied) != 0 || len(res.Edited) != 0 {
		t.Errorf("ApplyConsolidation = applied %v, edited %v; want nothing reported applied or edited", res.Applied, res.Edited)
	}
}
