package memweave_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
)

// TestConsolidateApplyKeepsLinksFromExtraPaths: apply checked the links
// of the notes under memory/ only, so a copied section a file of an extra
// path links to (docs/runbooks.md, indexed and searched beside the
// notes: "[restore](../memory/2026-11-01.md#restore-steps)",
// "[[2026-11-01#Restore steps]]", or a link to the whole note it
// deleted) was removed, leaving that link pointing at nothing. Files of
// the extra paths the workspace was opened with are read as the notes
// are; a file outside memory/ that no extra path names (a README.md at
// the workspace's root) is not read, and its links are not seen.
func TestConsolidateApplyKeepsLinksFromExtraPaths(t *testing.T) {
	body := "The restore of the billing database from a snapshot takes about forty minutes, and the on-call engineer checks the row counts after it.\n"
	atx := "## Restore steps\n\n" + body
	lead := "# Billing\n\nBefore a failover tell the finance channel in chat and wait for the go ahead.\n\n"
	intro := "# Billing\n\nThe billing service sends invoices on the first working day of each month through the mail provider.\n\n"
	alone := atx + "\n## Invoices\n\nThe billing service sends invoices on the first working day of each month through the mail provider.\n"
	cases := []struct{ name, older, copied, link string }{
		{"markdown anchor", lead + atx, intro + atx, "Read [the steps](../memory/2026-11-01.md#restore-steps) first."},
		{"root-relative anchor", lead + atx, intro + atx, "Read [the steps](/memory/2026-11-01.md#restore-steps) first."},
		{"wiki heading", lead + atx, intro + atx, "Read [[2026-11-01#Restore steps]] first."},
		{"note deleted", atx, alone, "Read [the billing note](../memory/2026-11-01.md) first."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root, w := openIndexed(t, map[string]string{
				"memory/2026-11-01.md": c.older,
				"memory/2026-11-05.md": c.copied,
				"docs/runbooks.md":     "# Runbooks\n\n" + c.link + "\n",
			}, memweave.Config{MinScore: new(0.0), ChunkTokens: 48, ChunkOverlap: new(0), ExtraPaths: []string{"docs"}})
			gs := listGroups(t, w)
			if len(gs) == 0 {
				t.Fatal("no group listed: the test needs the section listed as a duplicate")
			}
			res := applyGroups(t, w, gs)
			data, _ := os.ReadFile(filepath.Join(root, "memory", "2026-11-01.md")) // gone: ""
			if !strings.Contains(string(data), body) {
				t.Errorf("after the apply (applied %v, skipped %+v, deleted %v) docs/runbooks.md links to what the older note lost:\n%s", res.Applied, res.Skipped, res.Deleted, data)
			}
			if len(res.Skipped) != 1 || !strings.Contains(res.Skipped[0].Reason, "docs/runbooks.md:3") {
				t.Errorf("skipped %+v, want the group skipped, naming docs/runbooks.md:3", res.Skipped)
			}
		})
	}
}
