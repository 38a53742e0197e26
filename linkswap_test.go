package memweave_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/internal/edithook"
)

// A note of a consolidation group replaced, after the group's check, by
// a symbolic link to the other note of the group (an editor that
// deduplicates by linking) must not make apply cut the passage out of
// the note the link leads to: the kept copy, or the copy itself when the
// kept note is the link, would be lost everywhere. Nothing is removed
// from the file the link leads to.
func TestConsolidateNoteSwappedForLinkToItsGroup(t *testing.T) {
	t.Parallel()
	dup := "The staging deploy runs every Tuesday at noon from the release branch and posts to the channel."
	older := "# Deploys\n\n" + dup + "\n\n# Keys\n\nThe signing keys rotate every ninety days through the vault job.\n"
	newer := "# Deploys\n\n" + dup + "\n\n# Backups\n\nNightly backups of the billing database go to the cold bucket.\n"
	for _, tc := range []struct{ name, link, to string }{
		{"copy links to kept", "memory/2026-11-01.md", "2026-11-20.md"},
		{"kept links to copy", "memory/2026-11-20.md", "2026-11-01.md"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			root, w := openIndexed(t, map[string]string{"memory/2026-11-01.md": older, "memory/2026-11-20.md": newer}, memweave.Config{})
			gs := listGroups(t, w)
			if len(gs) != 1 || gs[0].Keep.Path != "memory/2026-11-20.md" {
				t.Fatalf("groups = %+v, want one keeping memory/2026-11-20.md", gs)
			}
			target := filepath.Join(root, "memory", tc.to)
			want, err := os.ReadFile(target)
			if err != nil {
				t.Fatal(err)
			}
			ctx := edithook.WithGroup(t.Context(), func(string) {
				link := filepath.Join(root, filepath.FromSlash(tc.link))
				if err := os.Remove(link); err != nil {
					t.Error(err)
				}
				if err := os.Symlink(tc.to, link); err != nil {
					t.Error(err)
				}
			})
			res, err := w.ApplyConsolidation(ctx, []string{gs[0].ID})
			t.Logf("ApplyConsolidation = %+v, %v", res, err)
			if got, _ := os.ReadFile(target); string(got) != string(want) {
				t.Errorf("%s after apply = %q, want it unchanged: %q", tc.to, got, want)
			}
		})
	}
}
