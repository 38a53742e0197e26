package memweave_test

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/memweavetest"
)

// The feedback marks of a copy consolidate removes are its passage's
// durable state: the kept copy takes them, summed with its own, under
// its own passage key (the copies may open with lines written
// differently), and nothing a user or agent marked is lost.
func TestConsolidateKeepsFeedbackOfCopyDropped(t *testing.T) {
	t.Parallel()
	body := "The nightly backup job copies the billing database to the archive bucket, verifies the checksum of every file, and restores the newest snapshot into a scratch instance.\n"
	root := memweavetest.Workspace(t, map[string]string{
		"memory/2026-11-01.md": "---\nfeedback:\n  " + curate.PassageKey("**Backups.** "+body) + ": {useful: 3, useless: 0}\n---\n**Backups.** " + body,
		"memory/2026-11-02.md": "---\nfeedback:\n  pdeadbeef: {useful: 1, useless: 0}\n---\nBackups. " + body,
	})
	w := open(t, root, memweave.Config{})
	mustIndex(t, w)
	gs := listGroups(t, w)
	if len(gs) != 1 || gs[0].Keep.Path != "memory/2026-11-02.md" {
		t.Fatalf("groups = %+v, want memory/2026-11-01.md dropped for memory/2026-11-02.md", gs)
	}
	res := applyGroups(t, w, gs)
	got := memweavetest.ReadFile(t, root, "memory/2026-11-02.md")
	if !strings.Contains(got, curate.PassageKey("Backups. "+body)+": {useful: 3, useless: 0}") || !strings.Contains(got, "pdeadbeef: {useful: 1, useless: 0}") {
		t.Errorf("the kept note after apply = %q (result %+v); want the 3 useful marks of the copy dropped under its passage (%s), its own marks kept", got, res, curate.PassageKey("Backups. "+body))
	}
}
