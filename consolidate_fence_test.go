package memweave_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestConsolidateApplyKeepsFencesWhole: a code block too long for one
// passage is cut into several; a copy of its first part in a newer note
// is a group whose removal would take the opening fence and leave the
// closing one, which then opens a block that runs to the end of the
// note: the rest of the code read as prose, and the prose after it as
// code, the resolution marker there with it (a marker in a fence is an
// example), so the fact it hid came back in searches. A copy whose
// removal changes whether a line kept is code is now skipped, saying so.
func TestConsolidateApplyKeepsFencesWhole(t *testing.T) {
	var first, rest, other []string
	for i := range 60 {
		first = append(first, fmt.Sprintf("deploy_step_%d --target cluster-main --retries 3 --timeout 30s --verbose", i))
		rest = append(rest, fmt.Sprintf("rollback_step_%d --target cluster-main --keep-logs --notify oncall-team", i))
		other = append(other, fmt.Sprintf("cleanup_step_%d --target cluster-side --purge-cache --notify billing-team", i))
	}
	block := func(lines ...[]string) string {
		var all []string
		for _, l := range lines {
			all = append(all, l...)
		}
		return "# Deploy script\n\n```sh\n" + strings.Join(all, "\n") + "\n```\n"
	}
	older := block(first, rest) + "\nThe old deploy host ran Debian ten until the migration.\n"
	root, w := openIndexed(t, map[string]string{
		"memory/2026-11-01.md": older,
		"memory/2026-11-05.md": block(first, other),
		"memory/hosts.md":      "# Hosts\n\nThe deploy host runs Debian twelve since the migration.\n",
	}, memweave.Config{MinScore: new(0.0)})
	ctx := t.Context()
	debian := strings.Count(older, "\n")
	if _, err := w.Resolve(ctx, memweave.Ref{Path: "memory/hosts.md", StartLine: 3}, memweave.Ref{Path: "memory/2026-11-01.md", StartLine: debian}, "twelve"); err != nil {
		t.Fatal(err)
	}
	hidden := func() int {
		t.Helper()
		return mustSearch(t, w, "deploy host Debian ten migration", memweave.Superseded("hide")).Hidden.Superseded
	}
	if hidden() != 1 {
		t.Fatalf("before the apply, %d passages hidden, want the resolved line hidden", hidden())
	}
	var ids []string
	for _, g := range listGroups(t, w) {
		ids = append(ids, g.ID)
	}
	res, _ := w.ApplyConsolidation(ctx, ids)
	got := memweavetest.ReadFile(t, root, "memory/2026-11-01.md")
	if n := strings.Count(got, "```"); n%2 != 0 {
		t.Errorf("the older note holds %d fences after the apply (applied %v, skipped %+v), want every block closed:\n%s", n, res.Applied, res.Skipped, got)
	}
	if n := hidden(); n != 1 {
		t.Errorf("after the apply, %d passages hidden, want the resolved line still hidden", n)
	}
	found := false
	for _, s := range res.Skipped {
		found = found || strings.Contains(s.Reason, "code")
	}
	if !found {
		t.Errorf("skipped %+v, want the group of the block's first part skipped, saying a line would change being code", res.Skipped)
	}
}

// TestConsolidateApplyKeepsTableHeaders: a table too long for one
// passage is cut into several; removing a copy of its first part (the
// header and delimiter rows with the first rows) left the rows of the
// other parts without a header, no longer a table: "| svc-beta-40 |
// 7040 | team-blue |" no longer said which column is the port. A
// removal that changes whether a line kept is a table row is skipped.
func TestConsolidateApplyKeepsTableHeaders(t *testing.T) {
	table := func(rows ...string) string {
		return "# Ports\n\n| service | port | owner |\n|---|---|---|\n" + strings.Join(rows, "") + "\n"
	}
	var alpha, beta, gamma []string
	for i := range 80 {
		alpha = append(alpha, fmt.Sprintf("| svc-alpha-%d | %d | team-red |\n", i, 9000+i))
		beta = append(beta, fmt.Sprintf("| svc-beta-%d | %d | team-blue |\n", i, 7000+i))
		gamma = append(gamma, fmt.Sprintf("| svc-gamma-%d | %d | team-green |\n", i, 5000+i))
	}
	older := table(append(slices.Clone(alpha), beta...)...)
	root, w := openIndexed(t, map[string]string{
		"memory/2026-11-01.md": older,
		"memory/2026-11-05.md": table(append(slices.Clone(alpha), gamma...)...),
	}, memweave.Config{})
	var ids []string
	for _, g := range listGroups(t, w) {
		ids = append(ids, g.ID)
	}
	res, _ := w.ApplyConsolidation(t.Context(), ids)
	got := memweavetest.ReadFile(t, root, "memory/2026-11-01.md")
	if strings.Contains(got, "svc-beta-0 ") && !strings.Contains(got, "| service | port | owner |\n|---|---|---|\n") {
		t.Errorf("after the apply (applied %v, skipped %+v) the rows of team-blue have no header:\n%.300s", res.Applied, res.Skipped, got)
	}
}
