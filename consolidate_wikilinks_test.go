package memweave_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestConsolidateApplyKeepsWikiAndHTMLLinkTargets: apply removed a
// copied section while a link other than a Markdown one still named it
// (a wiki link "[[2026-11-01#Restore steps]]", with an alias or ".md",
// one within the note "[[#Restore steps]]", an HTML link
// "<a href=...#restore-steps>"), removed an HTML anchor
// ("<a id=...>", "<a name=...>") a link names, or deleted a note left
// with nothing while another note links to it ("[billing](2026-11-01.md)",
// "[[2026-11-01]]"): the link was left pointing at nothing. Such a copy
// is skipped, naming the link.
func TestConsolidateApplyKeepsWikiAndHTMLLinkTargets(t *testing.T) {
	body := "The restore of the billing database from a snapshot takes about forty minutes, and the on-call engineer checks the row counts after it.\n"
	atx := "## Restore steps\n\n" + body
	lead := "# Billing\n\nBefore a failover tell the finance channel in chat and wait for the go ahead.\n\n"
	intro := "# Billing\n\nThe billing service sends invoices on the first working day of each month through the mail provider.\n\n"
	ops := func(line string) map[string]string {
		return map[string]string{"memory/ops.md": "# Ops\n\n" + line + "\n"}
	}
	anchored := "## Restore steps\n\n<a id=\"restore\"></a>\n" + body
	named := "## Restore steps\n\n<a name=\"restore\"></a>\n" + body
	alone := atx + "\n## Invoices\n\nThe billing service sends invoices on the first working day of each month through the mail provider.\n"
	cases := []struct {
		name, older, copied string
		extra               map[string]string
		want                string // in the skip reason
	}{
		{"wiki heading", lead + atx, atx, ops("Read [[2026-11-01#Restore steps]] first."), "memory/ops.md:3"},
		{"wiki alias", lead + atx, atx, ops("Read [[2026-11-01#restore steps|the steps]] first."), "memory/ops.md:3"},
		{"wiki md", lead + atx, atx, ops("Read [[2026-11-01.md#Restore steps]] first."), "memory/ops.md:3"},
		{"wiki embed", lead + atx, atx, ops("![[2026-11-01#Restore steps]]"), "memory/ops.md:3"},
		{"wiki same note", "# Billing\n\nBefore a failover read [[#Restore steps]] and tell the finance channel.\n\n" + atx, atx, nil, "Restore steps"},
		{"html href", lead + atx, atx, ops(`Read <a href="2026-11-01.md#restore-steps">the steps</a> first.`), "memory/ops.md:3"},
		{"html anchor id", lead + anchored, anchored, ops("Read [the steps](2026-11-01.md#restore) first."), "memory/ops.md:3"},
		{"html anchor name", lead + named, named, ops("Read [the steps](2026-11-01.md#restore) first."), "memory/ops.md:3"},
		{"note deleted, markdown", atx, alone, ops("Read [the billing note](2026-11-01.md) first."), "memory/ops.md:3"},
		{"note deleted, wiki", atx, alone, ops("Read [[2026-11-01]] first."), "memory/ops.md:3"},
		{"note deleted, html", atx, alone, ops(`Read <a href="./2026-11-01.md">the billing note</a> first.`), "memory/ops.md:3"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			files := map[string]string{
				"memory/2026-11-01.md": c.older,
				"memory/2026-11-05.md": intro + c.copied,
			}
			if c.copied == alone {
				files["memory/2026-11-05.md"] = alone
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
			data, _ := os.ReadFile(filepath.Join(root, "memory", "2026-11-01.md")) // gone: ""
			got := string(data)
			if !strings.Contains(got, body) {
				t.Errorf("after the apply (applied %v, skipped %+v, deleted %v) a link names what the older note lost:\n%s", res.Applied, res.Skipped, res.Deleted, got)
			}
			if len(res.Skipped) != 1 || !strings.Contains(res.Skipped[0].Reason, c.want) {
				t.Errorf("skipped %+v, want the group skipped, naming %s", res.Skipped, c.want)
			}
		})
	}
}

// TestConsolidateApplyKeepsWikiBlockAndNestedTargets: a wiki link to a
// block id the copy ends a line with ("[[2026-11-01#^restore-time]]",
// Obsidian's block reference) or to a heading under its parent
// ("[[2026-11-01#Billing#Restore steps]]") names what the copy holds.
func TestConsolidateApplyKeepsWikiBlockAndNestedTargets(t *testing.T) {
	body := "The restore of the billing database from a snapshot takes about forty minutes, and the on-call engineer checks the row counts after it.\n"
	lead := "# Billing\n\nBefore a failover tell the finance channel in chat and wait for the go ahead.\n\n"
	intro := "# Billing\n\nThe billing service sends invoices on the first working day of each month through the mail provider.\n\n"
	for name, c := range map[string]struct{ section, link string }{
		"block id": {"## Restore steps\n\n" + strings.TrimSuffix(body, "\n") + " ^restore-time\n", "![[2026-11-01#^restore-time]]"},
		"nested":   {"## Restore steps\n\n" + body, "[[2026-11-01#Billing#Restore steps]]"},
	} {
		t.Run(name, func(t *testing.T) {
			root, w := openIndexed(t, map[string]string{
				"memory/2026-11-01.md": lead + c.section,
				"memory/2026-11-05.md": intro + c.section,
				"memory/ops.md":        "# Ops\n\n" + c.link + "\n",
			}, memweave.Config{MinScore: new(0.0), ChunkTokens: 48, ChunkOverlap: new(0)})
			gs := listGroups(t, w)
			if len(gs) == 0 {
				t.Fatal("no group listed: the test needs the section listed as a duplicate")
			}
			res := applyGroups(t, w, gs)
			if got := memweavetest.ReadFile(t, root, "memory/2026-11-01.md"); !strings.Contains(got, c.section) {
				t.Errorf("after the apply (applied %v, skipped %+v) memory/ops.md names what the older note lost:\n%s", res.Applied, res.Skipped, got)
			}
		})
	}
}
