package memweave_test

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestConsolidateLoneCRLinesCutTheCopy: the index numbers lines ended by
// a lone CR (an old Mac editor, a paste) as lines, as it does LF and CR
// LF. Removing a copy from a note whose earlier lines end in a lone CR
// numbered its lines by LF only: --apply cut the lines of the next
// section (another fact) and left the copy. It must cut the copy alone,
// every other byte kept.
func TestConsolidateLoneCRLinesCutTheCopy(t *testing.T) {
	const dup = "The nightly backup job copies the billing database snapshots to the offsite bucket and the lifecycle rule removes them after thirty days."
	const other = "The payroll export runs on the first Monday of each month."
	tests := []struct{ name, copyNote, want string }{
		{"lone CR before, LF after",
			"# Log\r\rSome fact about the cache warmup order.\r\r## Backups\n\n" + dup + "\n\n## Other\n\n" + other + "\n",
			"# Log\r\rSome fact about the cache warmup order.\r\r## Other\n\n" + other + "\n"},
		{"lone CR throughout",
			"# Log\r\rSome fact about the cache warmup order.\r\r## Backups\r\r" + dup + "\r\r## Other\r\r" + other + "\r",
			"# Log\r\rSome fact about the cache warmup order.\r\r## Other\r\r" + other + "\r"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, w := openIndexed(t, map[string]string{
				"memory/2026-11-01.md": tt.copyNote,
				"memory/2026-11-20.md": "# Log\n\nThe deploy freeze starts on the fifth of December.\n\n## Backups\n\n" + dup + "\n",
			}, memweave.Config{})
			gs := listGroups(t, w)
			if len(gs) != 1 || gs[0].Duplicates[0].Path != "memory/2026-11-01.md" {
				t.Fatalf("groups = %+v, want the copy in memory/2026-11-01.md", gs)
			}
			res := applyGroups(t, w, gs)
			got := memweavetest.ReadFile(t, root, "memory/2026-11-01.md")
			if got != tt.want {
				t.Errorf("the copy's note after apply = %q, want %q (result %+v)", got, tt.want, res)
			}
			if !strings.Contains(got, other) {
				t.Errorf("apply cut another fact: %q", other)
			}
		})
	}
}
