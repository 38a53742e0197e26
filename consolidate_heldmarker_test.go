package memweave_test

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestConsolidateHeldMarkerSaysWhatIsLost: a newer copy that is the
// older in another form but drops its footnote marker is held (the
// note's footnote would lose its reference), and the reason says so,
// not "not grouped this run".
func TestConsolidateHeldMarkerSaysWhatIsLost(t *testing.T) {
	const text = "Support transcripts are kept two years%s per the retention note from legal, then deleted in the first week of January.\n"
	root := memweavetest.Workspace(t, map[string]string{
		"memory/2026-11-01.md": strings.Replace(text, "%s", "[^note]", 1),
		"memory/2026-11-02.md": strings.Replace(text, "%s", "", 1),
	})
	w := open(t, root, memweave.Config{})
	mustIndex(t, w)
	plan, err := w.Consolidate(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Groups) != 0 || len(plan.Held) != 1 {
		t.Fatalf("Consolidate = groups %+v, held %+v; want the pair held", plan.Groups, plan.Held)
	}
	if r := plan.Held[0].Reason; !strings.Contains(r, "[^note]") || strings.Contains(r, "not grouped this run") {
		t.Errorf("held reason %q, want it to name the footnote marker [^note] the newer copy drops", r)
	}
}
