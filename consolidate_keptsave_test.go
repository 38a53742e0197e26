package memweave_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/internal/edithook"
)

// An editor (which takes no lock) saves the KEPT note without the kept
// passage after --apply checked, under the lock, that the kept note
// holds it, and before the copy is cut from the older note (or the
// older note deleted). The fact must stay in one of the two notes: the
// apply may not finish the removal of the only copy left.
func TestConsolidateKeepsTheCopyWhenTheKeptNoteLosesIt(t *testing.T) {
	t.Parallel()
	dup := "# Deploys\n\nThe staging deploy runs every Tuesday at noon from the release branch.\n"
	other := "\n# Backups\n\nThe cold storage bucket is emptied on the first Sunday of each month.\n"
	newerOther := "\n# Laptops\n\nLeavers hand their laptop to the office manager on their last day.\n"
	for _, tc := range []struct{ name, older string }{
		{"copy cut from a note", dup + other},
		{"note deleted", dup},
	} {
		for _, how := range []string{"rename", "in place"} {
			t.Run(tc.name+", "+how, func(t *testing.T) {
				t.Parallel()
				root, w := openIndexed(t, map[string]string{"memory/2026-11-01.md": tc.older, "memory/2026-11-20.md": dup + newerOther}, memweave.Config{})
				gs := listGroups(t, w)
				if len(gs) != 1 {
					t.Fatalf("groups = %+v, want one", gs)
				}
				older := filepath.Join(root, "memory", "2026-11-01.md")
				newer := filepath.Join(root, "memory", "2026-11-20.md")
				saved := strings.TrimPrefix(newerOther, "\n") // the editor took the deploy section out
				fired := 0
				ctx := edithook.With(t.Context(), func(abs string) {
					if abs != older || fired > 0 {
						return
					}
					fired++
					saveAsEditor(t, root, "memory/2026-11-20.md", saved, how)
				})
				res, err := w.ApplyConsolidation(ctx, []string{gs[0].ID})
				if fired == 0 {
					t.Fatal("the editor never saved: no hook before the older note's edit")
				}
				o, _ := os.ReadFile(older)
				n, _ := os.ReadFile(newer)
				if string(n) != saved {
					t.Errorf("the kept note after the apply = %q, want the editor's save %q", n, saved)
				}
				const fact = "The staging deploy runs every Tuesday"
				if !strings.Contains(string(o), fact) && !strings.Contains(string(n), fact) {
					t.Errorf("the fact is in neither note after the apply (ApplyConsolidation = %+v, %v): older %q, newer %q", res, err, o, n)
				}
				if string(o) != tc.older || err == nil || !strings.Contains(err.Error(), "put back") || len(res.Deleted)+len(res.Edited) != 0 {
					t.Errorf("ApplyConsolidation = %+v, %v, older note %q; want the older note put back as it was, listed neither deleted nor edited, and an error saying so", res, err, o)
				}
			})
		}
	}
}
