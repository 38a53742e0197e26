package memweave_test

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestConsolidateApplySeesALinkWrittenDuringIt: an editor (no lock
// taken) saves a note linking to the heading of a copy after the apply
// checked the group and before the copy is cut. The apply read the
// workspace's links once, at the check, so it removed the heading and
// left the new link pointing at nothing. The cut, under the lock, must
// see notes changed since and leave the copy, naming the link.
func TestConsolidateApplySeesALinkWrittenDuringIt(t *testing.T) {
	body := "The restore of the billing database from a snapshot takes about forty minutes, and the on-call engineer checks the row counts after it.\n"
	atx := "## Restore steps\n\n" + body
	root, w := openIndexed(t, map[string]string{
		"memory/2026-11-01.md": "# Billing\n\nBefore a failover tell the finance channel in chat and wait for the go ahead.\n\n" + atx,
		"memory/2026-11-05.md": "# Billing\n\nThe billing service sends invoices on the first working day of each month through the mail provider.\n\n" + atx,
		"memory/ops.md":        "# Ops\n\nThe ops channel is where incidents are announced.\n",
	}, memweave.Config{MinScore: new(0.0), ChunkTokens: 48, ChunkOverlap: new(0)})
	gs := listGroups(t, w)
	if len(gs) != 1 {
		t.Fatalf("groups = %+v, want the section listed", gs)
	}
	ctx := edithook.WithGroup(t.Context(), func(string) {
		memweavetest.WriteFile(t, root, "memory/ops.md", "# Ops\n\nThe ops channel is where incidents are announced. Read [the steps](2026-11-01.md#restore-steps) first.\n")
	})
	res, err := w.ApplyConsolidation(ctx, []string{gs[0].ID})
	if got := memweavetest.ReadFile(t, root, "memory/2026-11-01.md"); !strings.Contains(got, atx) {
		t.Fatalf("after the apply (%+v, %v) memory/ops.md links to a heading the older note lost:\n%s", res, err, got)
	}
	if err == nil || !strings.Contains(err.Error(), "memory/ops.md:3") {
		t.Errorf("ApplyConsolidation error = %v, want the copy left, naming memory/ops.md:3", err)
	}
}
