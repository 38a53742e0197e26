package memweave_test

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
)

// TestConsolidateListingWarnsOfFrontMatterApplySkips: a group whose
// apply is always skipped for a front matter that does not parse (the
// kept note's, when a copy has tags, pinned, importance or marks to move
// into it; or a copy's, whose fields could not move) was listed without
// a word: the listing now warns naming the note and the line, and the
// apply skips it before anything changes, naming the same. A kept note
// with a broken front matter and copies with nothing to move is applied.
func TestConsolidateListingWarnsOfFrontMatterApplySkips(t *testing.T) {
	t.Parallel()
	dup := "# Database\n\nThe production database listens on port 5432 and keeps nightly backups for thirty days.\n"
	broken := "---\nowner: ops\ntitle: x: y\n---\n"
	for _, c := range []struct {
		name        string
		kept, copy  string // front matters of 2026-11-02.md (kept) and 2026-11-01.md
		warn        string // the note the listing warns of, "" for none
		line        int
		wantApplied bool
	}{
		{"kept broken, copy has tags", broken, "---\ntags: [ops]\n---\n", "memory/2026-11-02.md", 3, false},
		{"kept broken, copy pinned", broken, "---\npinned: true\n---\n", "memory/2026-11-02.md", 3, false},
		{"copy broken", "---\ntags: [ops]\n---\n", broken, "memory/2026-11-01.md", 3, false},
		{"kept broken, copy has nothing to move", broken, "", "", 0, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, w := openIndexed(t, map[string]string{
				"memory/2026-11-02.md": c.kept + dup,
				"memory/2026-11-01.md": c.copy + dup,
			}, memweave.Config{})
			plan, err := w.Consolidate(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			if len(plan.Groups) != 1 || plan.Groups[0].Keep.Path != "memory/2026-11-02.md" {
				t.Fatalf("groups = %+v, want one keeping memory/2026-11-02.md", plan.Groups)
			}
			var warned []string
			for _, wn := range plan.Warnings {
				warned = append(warned, wn.Error())
				if c.warn == "" || wn.Path != c.warn || wn.Line != c.line || !strings.Contains(wn.Error(), plan.Groups[0].ID) {
					t.Errorf("listing warning %q, want one naming %s:%d and group %s", wn.Error(), c.warn, c.line, plan.Groups[0].ID)
				}
			}
			if c.warn != "" && len(plan.Warnings) != 1 {
				t.Errorf("listing warnings = %q, want one naming %s:%d", warned, c.warn, c.line)
			}
			res := applyGroups(t, w, plan.Groups)
			if got := len(res.Applied) == 1; got != c.wantApplied {
				t.Errorf("apply = %+v, want applied %v", res, c.wantApplied)
			}
			if !c.wantApplied && (len(res.Skipped) != 1 || !strings.Contains(res.Skipped[0].Reason, c.warn) || len(res.Edited)+len(res.Deleted)+len(res.Merged) != 0) {
				t.Errorf("apply = %+v, want the group skipped naming %s, nothing changed", res, c.warn)
			}
		})
	}
}
