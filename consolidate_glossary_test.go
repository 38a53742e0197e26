package memweave_test

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestConsolidateReadsAcronymsByTheWorkspacesGlossary: a note that
// writes an acronym and a newer one that writes its words are one fact
// when a note of the workspace defines the acronym ("Parent Teacher
// Association (PTA)"), and --apply removes the older; a second
// definition of the acronym with other words leaves them apart.
func TestConsolidateReadsAcronymsByTheWorkspacesGlossary(t *testing.T) {
	const (
		older    = "# Fair\n\nThe PTA runs the second-hand uniform stall at the summer fair in the school hall.\n"
		newer    = "# Fair\n\nThe Parent Teacher Association runs the second-hand uniform stall at the summer fair in the school hall.\n"
		glossary = "# Glossary\n\nThe Parent Teacher Association (PTA) raises money for the school library.\n"
		other    = "# Clubs\n\nThe Parent Teacher Alliance (PTA) is the parents' chess club.\n"
	)
	// Copies of many words are alike enough that the apply's check of
	// the two alone weighs the words that differ: it must read the
	// acronym as the listing did.
	const rest = " Volunteers set up the tables at eight, the stock comes from the lost property box and last year's leavers, prices are one to five pounds, and the takings go to the library fund after the fair closes at four."
	longOlder := strings.Replace(older, " in the school hall.", " in the school hall."+rest, 1)
	longNewer := strings.Replace(newer, " in the school hall.", " in the school hall."+rest, 1)
	for _, tc := range []struct {
		name         string
		older, newer string
		extra        map[string]string
		want         int
	}{
		{"defined once", older, newer, map[string]string{"memory/glossary.md": glossary}, 1},
		{"defined once, long copies", longOlder, longNewer, map[string]string{"memory/glossary.md": glossary}, 1},
		{"defined two ways", older, newer, map[string]string{"memory/glossary.md": glossary, "memory/clubs.md": other}, 0},
		{"not defined", older, newer, nil, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"memory/2026-11-01.md": tc.older, "memory/2026-11-20.md": tc.newer}
			for k, v := range tc.extra {
				files[k] = v
			}
			root, w := openIndexed(t, files, memweave.Config{})
			gs := listGroups(t, w)
			if len(gs) != tc.want {
				t.Fatalf("groups = %+v, want %d", gs, tc.want)
			}
			if tc.want == 0 {
				return
			}
			res := applyGroups(t, w, gs)
			if len(res.Applied) != 1 || len(res.Deleted) != 1 || res.Deleted[0] != "memory/2026-11-01.md" {
				t.Errorf("ApplyConsolidation = %+v, want the older note deleted", res)
			}
			if got := memweavetest.ReadFile(t, root, "memory/2026-11-20.md"); !strings.Contains(got, "Parent Teacher Association runs") {
				t.Errorf("the kept note = %q, want the fact kept", got)
			}
		})
	}
}
