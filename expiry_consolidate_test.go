package memweave_test

import (
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// A copy in a note that never expires, or expires later, is not removed
// in favour of a kept copy in a note that expires sooner: after that day
// searches would leave the passage out, though no file that held it
// asked for that.
func TestConsolidateKeepsCopyThatOutlivesKept(t *testing.T) {
	t.Parallel()
	dup := "# Deploys\n\nThe staging deploy runs every Tuesday at noon from the release branch and posts to the channel.\n"
	for _, tc := range []struct{ name, copyFront string }{
		{"copy never expires", ""},
		{"copy expires later", "---\nexpires: 2099-06-30\n---\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			copyNote := tc.copyFront + dup
			root, w := openIndexed(t, map[string]string{
				"memory/2026-11-01.md": copyNote,
				"memory/2026-11-20.md": "---\nexpires: 2099-01-31\n---\n" + dup,
			}, memweave.Config{})
			gs := listGroups(t, w)
			if len(gs) == 0 {
				return // not even listed: nothing to apply
			}
			res, err := w.ApplyConsolidation(t.Context(), []string{gs[0].ID})
			t.Logf("ApplyConsolidation = %+v, %v", res, err)
			if got := memweavetest.ReadFile(t, root, "memory/2026-11-01.md"); got != copyNote {
				t.Errorf("the copy that outlives the kept note = %q after apply, want it kept: %q", got, copyNote)
			}
		})
	}
}
