package memweave_test

import (
	"testing"

	"github.com/memweave/memweave-go"
)

// TestConsolidateGroupsCopyUnderHeadingRepeatingItsFirstWord: a note
// whose title repeats the first word of its sentence ("# Deploys" over
// "Deploys go out ...") was held from its plain copy as "word order: go
// / deploys" (the word read twice in one copy, once in the other), so
// the duplicate was never listed.
func TestConsolidateGroupsCopyUnderHeadingRepeatingItsFirstWord(t *testing.T) {
	fact := "Deploys go out every Tuesday and Thursday after the release review, and the release manager posts the changelog in the channel.\n"
	_, w := openIndexed(t, map[string]string{
		"memory/2026-11-01.md": "# Deploys\n\n" + fact,
		"memory/2026-11-05.md": fact,
	}, memweave.Config{MinScore: new(0.0)})
	plan, err := w.Consolidate(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Groups) != 1 {
		t.Fatalf("consolidate listed %d groups, want the copy grouped; held: %+v", len(plan.Groups), plan.Held)
	}
}

// TestConsolidateGroupsCopyInOtherFenceStyle: a fenced block written
// with "~~~" in one note and "```" in its copy was held as
// "punctuation" (a strikethrough's "~~" taken out of the fence left a
// "~"), so the duplicate was never listed.
func TestConsolidateGroupsCopyInOtherFenceStyle(t *testing.T) {
	lead := "To run the database migrations of the billing service locally, run this from the repository root:\n"
	_, w := openIndexed(t, map[string]string{
		"memory/2026-11-01.md": lead + "~~~sh\nmake migrate SERVICE=billing\n~~~\n",
		"memory/2026-11-05.md": lead + "```sh\nmake migrate SERVICE=billing\n```\n",
	}, memweave.Config{MinScore: new(0.0)})
	plan, err := w.Consolidate(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Groups) != 1 {
		t.Fatalf("consolidate listed %d groups, want the copy grouped; held: %+v", len(plan.Groups), plan.Held)
	}
	res := applyGroups(t, w, plan.Groups)
	if len(res.Applied) != 1 || len(res.Deleted) != 1 {
		t.Errorf("applied %v, deleted %v, skipped %+v; want the older copy deleted", res.Applied, res.Deleted, res.Skipped)
	}
}
