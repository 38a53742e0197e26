package memweave_test

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestConsolidateApplyKeepsHeadingsLinkedFromOtherNotes: a section of a
// note copied into a newer note is a duplicate, and apply removed it with
// its heading while another note links to that heading
// ("[steps](2026-11-01.md#restore-steps)", "./", a subfolder's "../", a
// reference definition, an encoded anchor), or while the note itself
// links to it by an anchor the heading is not written as ATX (setext) or
// that counts duplicate headings ("#steps-1"): the link was left
// pointing at nothing. Such a copy is skipped, naming the linking file
// and line.
func TestConsolidateApplyKeepsHeadingsLinkedFromOtherNotes(t *testing.T) {
	body := "The restore of the billing database from a snapshot takes about forty minutes, and the on-call engineer checks the row counts after it.\n"
	atx := "## Restore steps\n\n" + body
	intro := "# Billing\n\nThe billing service sends invoices on the first working day of each month through the mail provider.\n\n"
	cases := []struct {
		name, older, copied string
		extra               map[string]string
		want                string // in the skip reason
	}{
		{"other note", "# Billing\n\nBefore a failover tell the finance channel in chat and wait for the go ahead.\n\n" + atx, atx,
			map[string]string{"memory/ops.md": "# Ops\n\nRead [the steps](2026-11-01.md#restore-steps) first.\n"}, "memory/ops.md:3"},
		{"dot slash", "# Billing\n\nBefore a failover tell the finance channel in chat and wait for the go ahead.\n\n" + atx, atx,
			map[string]string{"memory/ops.md": "# Ops\n\nRead [the steps](./2026-11-01.md#restore-steps) first.\n"}, "memory/ops.md:3"},
		{"subfolder", "# Billing\n\nBefore a failover tell the finance channel in chat and wait for the go ahead.\n\n" + atx, atx,
			map[string]string{"memory/team/ops.md": "# Ops\n\nSee the runbook.\n\nRead [the steps](../2026-11-01.md#Restore-Steps \"restore\") first.\n"}, "memory/team/ops.md:5"},
		{"reference definition", "# Billing\n\nBefore a failover tell the finance channel in chat and wait for the go ahead.\n\n" + atx, atx,
			map[string]string{"memory/ops.md": "# Ops\n\nRead [the steps][rs] first.\n\n[rs]: <2026-11-01.md#restore-steps>\n"}, "memory/ops.md:5"},
		{"encoded anchor", "# Billing\n\nBefore a failover tell the finance channel in chat and wait for the go ahead.\n\n## Wiederherstellung über Nacht\n\n" + body, "## Wiederherstellung über Nacht\n\n" + body,
			map[string]string{"memory/ops.md": "# Ops\n\nRead [the steps](2026-11-01.md#wiederherstellung-%C3%BCber-nacht) first.\n"}, "memory/ops.md:3"},
		{"setext", "# Billing\n\nBefore a failover read [the restore steps](#restore-steps) and tell the finance channel.\n\nRestore steps\n-------------\n\n" + body,
			"Restore steps\n-------------\n\n" + body, nil, "#restore-steps"},
		{"duplicate heading", "# Billing\n\nBefore a failover read [the second steps](#steps-1) and tell the finance channel.\n\n## Steps\n\n" +
			"The mail provider retries a bounced invoice three times over two days before it gives up.\n\n## Steps\n\n" + body,
			"## Steps\n\n" + body, nil, "#steps-1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			files := map[string]string{
				"memory/2026-11-01.md": c.older,
				"memory/2026-11-05.md": intro + c.copied,
			}
			for k, v := range c.extra {
				files[k] = v
			}
			root, w := openIndexed(t, files, memweave.Config{MinScore: new(0.0), ChunkTokens: 48, ChunkOverlap: new(0)})
			gs := listGroups(t, w)
			if len(gs) == 0 {
				t.Fatal("no group listed: the test needs the section listed as a duplicate")
			}
			res := applyGroups(t, w, gs)
			got := memweavetest.ReadFile(t, root, "memory/2026-11-01.md")
			if !strings.Contains(got, body) {
				t.Errorf("after the apply (applied %v, skipped %+v) a link names a heading of the older note, which lost it:\n%s", res.Applied, res.Skipped, got)
			}
			if len(res.Skipped) != 1 || !strings.Contains(res.Skipped[0].Reason, c.want) {
				t.Errorf("skipped %+v, want the group skipped, naming %s", res.Skipped, c.want)
			}
		})
	}
}

// TestConsolidateApplyRemovesHeadingsNoOtherNoteLinks: links to another
// note of the same name in another folder, or to a heading the note
// keeps, do not hold the copy.
func TestConsolidateApplyRemovesHeadingsNoOtherNoteLinks(t *testing.T) {
	body := "The restore of the billing database from a snapshot takes about forty minutes, and the on-call engineer checks the row counts after it.\n"
	atx := "## Restore steps\n\n" + body
	_, w := openIndexed(t, map[string]string{
		"memory/2026-11-01.md":      "# Billing\n\nBefore a failover tell the finance channel in chat and wait for the go ahead.\n\n" + atx,
		"memory/2026-11-05.md":      "# Billing\n\nThe billing service sends invoices on the first working day of each month through the mail provider.\n\n" + atx,
		"memory/team/2026-11-01.md": "# Team\n\nThe team meets on Mondays.\n",
		"memory/team/ops.md":        "# Ops\n\nRead [the steps](2026-11-01.md#restore-steps) and [billing](../2026-11-01.md#billing) first.\n",
	}, memweave.Config{MinScore: new(0.0), ChunkTokens: 48, ChunkOverlap: new(0)})
	gs := listGroups(t, w)
	if len(gs) == 0 {
		t.Fatal("no group listed")
	}
	res := applyGroups(t, w, gs)
	if len(res.Skipped) != 0 || len(res.Applied) != 1 {
		t.Errorf("applied %v, skipped %+v; want the copy removed: no link names its heading", res.Applied, res.Skipped)
	}
}
