package memweave_test

import (
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestConsolidateFormOnlyCopies: a note copied into another in other
// Markdown marks (a setext heading for an ATX one, a list numbered
// "1. 1." for "1. 2.", <b> for "**") is one text; consolidate lists it
// and apply drops the older copy, while a copy whose one step moved, in
// the same marks, stays in both notes.
func TestConsolidateFormOnlyCopies(t *testing.T) {
	older := "Failover drill\n--------------\n\nThe on-call engineer <b>promotes</b> the replica in the second region:\n\n1. stop the writers of the orders service\n1. promote the replica in the second region\n1. check the write path with the synthetic order\n"
	newer := "## Failover drill\n\nThe on-call engineer **promotes** the replica in the second region:\n\n1. stop the writers of the orders service\n2. promote the replica in the second region\n3. check the write path with the synthetic order\n"
	moved := "## Failover drill\n\nThe on-call engineer **promotes** the replica in the second region:\n\n1. promote the replica in the second region\n2. stop the writers of the orders service\n3. check the write path with the synthetic order\n"
	for _, tt := range []struct {
		name, newer string
		grouped     bool
	}{{"form only", newer, true}, {"one step moved", moved, false}} {
		t.Run(tt.name, func(t *testing.T) {
			root, w := openIndexed(t, map[string]string{
				"memory/2026-11-01.md": older,
				"memory/2026-11-05.md": tt.newer,
			}, memweave.Config{})
			gs := listGroups(t, w)
			if got := len(gs) == 1 && gs[0].Keep.Path == "memory/2026-11-05.md"; got != tt.grouped {
				t.Fatalf("groups = %+v, want grouped %v (the older note dropped for the newer)", gs, tt.grouped)
			}
			if !tt.grouped {
				if got := memweavetest.ReadFile(t, root, "memory/2026-11-01.md"); got != older {
					t.Errorf("the older note = %q, want it whole", got)
				}
				return
			}
			res := applyGroups(t, w, gs)
			if files := memoryFiles(t, root); len(files) != 1 || len(res.Applied) != 1 {
				t.Errorf("after the apply (%+v) memory/ = %q, want the newer note alone", res, files)
			}
		})
	}
}
