package memweave_test

import (
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestConsolidateApplyRechecksSubjectsUnderTheLock: what the copies are
// about may change after the listing without their passages changing:
// another program gives the dropped copy's note a title naming its
// subject, tags the two notes for two environments, or renames the
// heading the copy sits under. The listing held such pairs; the apply,
// which checks the passages by content hash under the lock, must check
// these too, or it deletes the staging fact for the production one.
// The change lands after the listing, either before the group's check
// (during an earlier group) or between that check and the edits.
func TestConsolidateApplyRechecksSubjectsUnderTheLock(t *testing.T) {
	backup := "The nightly backup job copies the billing database to the archive bucket, verifies the checksum of every file, and restores the newest snapshot into a scratch instance.\n"
	fact := "The database runs PostgreSQL 16 on the shared cluster, restored from the nightly snapshot and checked every morning by the on-call engineer.\n"
	section := func(heading, owner string) string {
		return "# " + heading + "\n\nKept by " + owner + ".\n\n## Database\n\n" + fact
	}
	changes := []struct {
		name         string
		older, newer string // the notes of group b as listed
		olderChanged string // the dropped copy's note after the change
		newerChanged string // the kept copy's note after the change ("": as listed)
	}{
		{name: "title", older: fact, newer: fact, olderChanged: "---\ntitle: Staging database\n---\n" + fact},
		{name: "tags", older: fact, newer: fact, olderChanged: "---\ntags: [staging]\n---\n" + fact, newerChanged: "---\ntags: [production]\n---\n" + fact},
		{name: "heading", older: section("Ops", "Ana"), newer: section("Ops", "Bo"), olderChanged: section("Staging", "Ana"), newerChanged: section("Production", "Bo")},
		// cur17: the kept note marked obsolete after the listing
		{name: "status", older: fact, newer: fact, olderChanged: fact, newerChanged: "---\nstatus: obsolete\n---\n" + fact},
	}
	for _, c := range changes {
		for _, when := range []string{"before its check", "after its check"} {
			t.Run(c.name+"/"+when, func(t *testing.T) {
				root, w := openIndexed(t, map[string]string{
					"memory/a/2026-11-01.md": backup,
					"memory/a/2026-11-02.md": backup,
					"memory/b/2026-11-01.md": c.older,
					"memory/b/2026-11-02.md": c.newer,
				}, memweave.Config{})
				gs := listGroups(t, w)
				if len(gs) != 2 || gs[1].Duplicates[0].Path != "memory/b/2026-11-01.md" {
					t.Fatalf("groups = %+v, want a/ then b/, the older copies dropped", gs)
				}
				at := gs[0].ID
				if when == "after its check" {
					at = gs[1].ID
				}
				ctx := edithook.WithGroup(t.Context(), func(id string) {
					if id != at {
						return
					}
					memweavetest.WriteFile(t, root, "memory/b/2026-11-01.md", c.olderChanged)
					if c.newerChanged != "" {
						memweavetest.WriteFile(t, root, "memory/b/2026-11-02.md", c.newerChanged)
					}
				})
				res, err := w.ApplyConsolidation(ctx, []string{gs[0].ID, gs[1].ID})
				if got := memweavetest.ReadFile(t, root, "memory/b/2026-11-01.md"); got != c.olderChanged {
					t.Fatalf("the dropped copy's note = %q, want it as the other program left it (ApplyConsolidation = %+v, %v)", got, res, err)
				}
				if len(res.Skipped) != 1 || res.Skipped[0].ID != gs[1].ID {
					t.Errorf("ApplyConsolidation = %+v, %v; want group b skipped, saying why", res, err)
				}
			})
		}
	}
}
