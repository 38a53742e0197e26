package memweave_test

import (
	"context"
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/memweavetest"
)

// A resolution written after consolidate's listing, before a group's
// turn under the lock, may name the copy the listing drops as the line
// it keeps. The group is re-checked under the lock and left as it is:
// dropping the copy would leave the marker naming a line no longer
// there, and the superseded fact live again.
func TestConsolidateApplyRechecksResolutionsUnderTheLock(t *testing.T) {
	t.Parallel()
	backup := "The nightly backup job copies the billing database to the archive bucket, verifies the checksum of every file, and restores the newest snapshot into a scratch instance.\n"
	fact := "The staging database runs PostgreSQL 16 on the shared cluster, restored from the nightly snapshot and checked every morning by the on-call engineer.\n"
	root := memweavetest.Workspace(t, map[string]string{
		"memory/a/2026-11-01.md": backup,
		"memory/a/2026-11-02.md": backup,
		"memory/b/2026-11-01.md": fact,
		"memory/b/2026-11-02.md": fact,
		"memory/old.md":          "Staging used PostgreSQL 15 on a dedicated host.\n",
	})
	w := open(t, root, memweave.Config{})
	mustIndex(t, w)
	gs := listGroups(t, w)
	if len(gs) != 2 || gs[0].Keep.Path != "memory/a/2026-11-02.md" || gs[1].Duplicates[0].Path != "memory/b/2026-11-01.md" {
		t.Fatalf("groups = %+v, want a/ then b/, the older copies dropped", gs)
	}
	// After the first group's check, before the second's: a resolution
	// keeps the line of the copy the second group drops.
	var resolveErr error
	ctx := edithook.WithGroup(t.Context(), func(id string) {
		if id == gs[0].ID {
			_, resolveErr = w.Resolve(context.Background(), memweave.Ref{Path: "memory/b/2026-11-01.md", StartLine: 1}, memweave.Ref{Path: "memory/old.md", StartLine: 1}, "upgraded")
		}
	})
	res, err := w.ApplyConsolidation(ctx, []string{gs[0].ID, gs[1].ID})
	if err != nil || resolveErr != nil {
		t.Fatalf("ApplyConsolidation = %v (resolve %v)", err, resolveErr)
	}
	if got := memweavetest.ReadFile(t, root, "memory/b/2026-11-01.md"); got != fact {
		t.Errorf("the copy a resolution now keeps a line of, after apply = %q (result %+v), want it whole", got, res)
	}
	if len(res.Applied) != 1 || len(res.Skipped) != 1 || res.Skipped[0].ID != gs[1].ID || !strings.Contains(res.Skipped[0].Reason, "memory/old.md") {
		t.Errorf("result = %+v, want the first group applied, the second skipped naming the marker in memory/old.md", res)
	}
}
