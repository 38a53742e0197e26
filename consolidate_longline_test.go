package memweave_test

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestConsolidateApplyLongLineCopy: a paragraph written on one line too
// long for a passage is cut into several passages of that one line. A
// copy of it in an older note is then several groups, each removing a
// passage whose line the others still cover, so no group removes
// anything. The apply must not report them applied and the note edited
// (the same groups were listed again on every run, the note never
// changing); each is skipped, saying why.
func TestConsolidateApplyLongLineCopy(t *testing.T) {
	para := "The nightly backup job copies the billing database to the archive bucket and verifies every checksum. " +
		strings.Repeat("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu ", 120)
	older := "## Storage\n\nThe cold storage bucket is emptied on the first Sunday of each month.\n\n## Backups\n\n" + para + "\n"
	root, w := openIndexed(t, map[string]string{
		"memory/2026-11-01.md": older,
		"memory/2026-11-02.md": "## Backups\n\n" + para + "\n",
	}, memweave.Config{})
	gs := listGroups(t, w)
	if len(gs) < 2 {
		t.Fatalf("groups = %d, want the line cut into several passages, each a group", len(gs))
	}
	var ids []string
	for _, g := range gs {
		ids = append(ids, g.ID)
	}
	res, err := w.ApplyConsolidation(t.Context(), ids)
	if got := memweavetest.ReadFile(t, root, "memory/2026-11-01.md"); got != older {
		t.Fatalf("the older note changed to %q; the test assumes the line stays", got)
	}
	if len(res.Applied) != 0 || len(res.Edited) != 0 || len(res.Skipped) != len(gs) {
		t.Fatalf("ApplyConsolidation = applied %v, edited %v, skipped %d of %d, %v; want every group skipped, nothing reported edited", res.Applied, res.Edited, len(res.Skipped), len(gs), err)
	}
	if !strings.Contains(res.Skipped[0].Reason, "another passage") {
		t.Errorf("skipped reason = %q, want it to say another passage of the note covers the copy's lines", res.Skipped[0].Reason)
	}
}
