package memweave_test

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestConsolidateApplyWarnsOfAMarkerWrittenDuringIt: an editor or a `git
// pull` (no lock taken) writes a resolution during an apply, keeping the
// line of a copy a later group drops. The apply reads markers once, so
// it drops the copy; the marker then names a line no longer there and the
// superseded fact is live again. The apply must say so, naming the
// marker and the copy, rather than report a clean apply.
func TestConsolidateApplyWarnsOfAMarkerWrittenDuringIt(t *testing.T) {
	backup := "The nightly backup job copies the billing database to the archive bucket, verifies the checksum of every file, and restores the newest snapshot into a scratch instance.\n"
	fact := "The staging database runs PostgreSQL 16 on the shared cluster, restored from the nightly snapshot and checked every morning by the on-call engineer.\n"
	old := "Staging used PostgreSQL 15 on a dedicated host.\n"
	root, w := openIndexed(t, map[string]string{
		"memory/a/2026-11-01.md": backup,
		"memory/a/2026-11-02.md": backup,
		"memory/b/2026-11-01.md": fact,
		"memory/b/2026-11-02.md": fact,
		"memory/old.md":          old,
	}, memweave.Config{})
	gs := listGroups(t, w)
	if len(gs) != 2 || gs[1].Duplicates[0].Path != "memory/b/2026-11-01.md" {
		t.Fatalf("groups = %+v, want a/ then b/, the older copies dropped", gs)
	}
	marker := "> Superseded (1 line above, #" + curate.LinesKey([]string{strings.TrimSpace(old)}) + ") by memory/b/2026-11-01.md#" +
		curate.LinesKey([]string{strings.TrimSpace(fact)}) + " (2026-12-05): upgraded\n"
	ctx := edithook.WithGroup(t.Context(), func(id string) {
		if id == gs[0].ID {
			memweavetest.WriteFile(t, root, "memory/old.md", old+marker) // the editor's save
		}
	})
	res, err := w.ApplyConsolidation(ctx, []string{gs[0].ID, gs[1].ID})
	if err != nil {
		t.Fatalf("ApplyConsolidation = %v", err)
	}
	if memweavetest.ReadFile(t, root, "memory/old.md") != old+marker {
		t.Fatalf("memory/old.md changed")
	}
	found := false
	for _, wn := range res.Warnings {
		if wn.Path == "memory/old.md" && strings.Contains(wn.Error(), "memory/b/2026-11-01.md") && strings.Contains(wn.Error(), "memory/b/2026-11-02.md") {
			found = true
		}
	}
	if !found {
		t.Errorf("ApplyConsolidation = %+v; want a warning naming the marker in memory/old.md, the copy removed and the copy kept", res)
	}
}
