package memweave_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/frontmatter"
	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestConsolidateApplyKeepsFeedbackGivenDuringIt: a mark given to the
// dropped copy (an agent's memory_feedback: it does not wait for the
// apply) after the group's check, which carried the copy's marks to the
// kept note, was deleted with the copy. The copy now stays, and the
// next apply carries the mark.
func TestConsolidateApplyKeepsFeedbackGivenDuringIt(t *testing.T) {
	fact := "The nightly backup job copies the billing database to the archive bucket, verifies the checksum of every file, and restores the newest snapshot into a scratch instance.\n"
	root, w := openIndexed(t, map[string]string{
		"memory/2026-11-01.md": fact,
		"memory/2026-11-02.md": fact,
	}, memweave.Config{})
	// A mark before the apply, which its check carries.
	if _, err := w.Feedback(t.Context(), "memory/2026-11-01.md", 1, true, memweave.PassageKey(curate.PassageKey(nil, fact))); err != nil {
		t.Fatal(err)
	}
	gs := listGroups(t, w)
	if len(gs) != 1 || gs[0].Duplicates[0].Path != "memory/2026-11-01.md" {
		t.Fatalf("groups = %+v, want one, the older copy dropped", gs)
	}
	given := false
	ctx := edithook.WithGroup(t.Context(), func(string) {
		if _, err := w.Feedback(t.Context(), "memory/2026-11-01.md", 1, false, memweave.PassageKey(curate.PassageKey(nil, fact))); err != nil {
			t.Errorf("Feedback during the apply: %v", err)
		}
		given = true
	})
	res, err := w.ApplyConsolidation(ctx, []string{gs[0].ID})
	if !given {
		t.Fatal("no feedback given during the apply")
	}
	marks := func(rel string) frontmatter.Votes {
		data := memweavetest.ReadFile(t, root, rel)
		m, _, _ := frontmatter.Parse([]byte(data))
		return m.Feedback[curate.PassageKey(nil, fact)]
	}
	older := memweavetest.ReadFile(t, root, "memory/2026-11-01.md")
	if older == "" || marks("memory/2026-11-01.md") != (frontmatter.Votes{Useful: 1, Useless: 1}) {
		t.Fatalf("the older copy after the apply = %q; want it kept with the mark given during the apply (ApplyConsolidation = %+v, %v)", older, res, err)
	}
	// The next apply carries it.
	gs = listGroups(t, w)
	if len(gs) != 1 {
		t.Fatalf("groups after = %+v, want the group again", gs)
	}
	applyGroups(t, w, gs)
	if got := marks("memory/2026-11-02.md"); got != (frontmatter.Votes{Useful: 1, Useless: 1}) {
		t.Errorf("the kept note's marks = %+v, want both marks carried, each once", got)
	}
	if _, err := os.Stat(filepath.Join(root, "memory", "2026-11-01.md")); !os.IsNotExist(err) {
		t.Errorf("the older copy is still there after the second apply (%v)", err)
	}
}
