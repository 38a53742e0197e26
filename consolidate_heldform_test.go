package memweave_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
)

// TestConsolidateHeldFormPairSaysWhatDiffers: copies that differ in
// Markdown form alone are one text. Two of them a group drops for a
// third are not "held" for a word of one form ("the newer copy adds: b"
// of <b>), and a form-only pair a group could not take is shown by the
// lines that differ, not by such words.
func TestConsolidateHeldFormPairSaysWhatDiffers(t *testing.T) {
	const line = "The catalog needs %s tags, the owner team, the cost center and the data classification for every new service repository we run.\n"
	const body = "The on-call engineer promotes the replica in the second region, checks the write path with the synthetic order and pages the database owner when it fails.\n"
	_, w := openIndexed(t, map[string]string{
		"memory/2026-11-03.md": fmt.Sprintf(line, "**hb**"),
		"memory/2026-11-04.md": fmt.Sprintf(line, "<b>hb</b>"),
		"memory/2026-11-05.md": fmt.Sprintf(line, "__hb__"),
		"memory/2026-11-01.md": "Failover drill\n--------------\n" + body,
		"memory/2026-11-02.md": "## Failover drill\n" + body,
		"memory/2026-11-06.md": "# Failover drill\n" + body,
	}, memweave.Config{})
	plan, err := w.Consolidate(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Groups) != 2 {
		t.Fatalf("Consolidate = %+v, want two groups (the bold copies, the h2 copy dropped for the h1)", plan.Groups)
	}
	for _, h := range plan.Held {
		pair := h.A.Path + " " + h.B.Path
		switch {
		case strings.Contains(pair, "2026-11-03") || strings.Contains(pair, "2026-11-04"):
			t.Errorf("held %s: %q, want none: a group drops both for memory/2026-11-05.md", pair, h.Reason)
		case pair == "memory/2026-11-01.md memory/2026-11-02.md":
			if want := "«Failover drill --------------» / «## Failover drill»"; !strings.Contains(h.Reason, want) {
				t.Errorf("held %s: %q, want the lines that differ, %s", pair, h.Reason, want)
			}
		}
	}
}
