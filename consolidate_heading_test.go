package memweave_test

import (
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// A section that reads the same in two notes but sits under different
// outer headings states two facts (the staging database and the
// production database both run PostgreSQL 15): it is never a group, so
// applying every listed group keeps both. Under the same outer heading
// it is a duplicate as before.
func TestConsolidateSectionUnderOtherHeading(t *testing.T) {
	t.Parallel()
	section := "## Database\n\nThe reporting database runs PostgreSQL 15 with logical replication to the read replica that the data science notebooks query directly every morning.\n"
	for _, c := range []struct {
		name       string
		old, new   string
		wantGroups int
	}{
		{"other heading", "# Staging\n\nThe staging cluster is rebuilt every week from the latest snapshot, and experiments must be saved first.\n\n",
			"# Production\n\nProduction is deployed from the main branch twice a week, after QA signs off the release checklist.\n\n", 0},
		{"other deeper heading", "# Clusters\n\n## Europe\n\nThe European cluster serves the web shop for every country in the union.\n\n#",
			"# Clusters\n\n## Americas\n\nThe American cluster serves the web shop for the United States and Canada.\n\n#", 0},
		{"same heading", "# Staging\n\nThe staging cluster is rebuilt every week from the latest snapshot, and experiments must be saved first.\n\n",
			"# Staging\n\nStaging gets a copy of the anonymised production data every Monday night from the export job.\n\n", 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			files := map[string]string{
				"memory/2026-11-01.md": c.old + section,
				"memory/2026-11-20.md": c.new + section,
			}
			root, w := openIndexed(t, files, memweave.Config{})
			gs := listGroups(t, w)
			if len(gs) != c.wantGroups {
				t.Fatalf("Consolidate = %d groups %+v, want %d", len(gs), gs, c.wantGroups)
			}
			if len(gs) == 0 {
				return
			}
			applyGroups(t, w, gs)
			if got := memweavetest.ReadFile(t, root, "memory/2026-11-20.md"); got != files["memory/2026-11-20.md"] {
				t.Errorf("kept note = %q, want it unchanged", got)
			}
		})
	}
}
