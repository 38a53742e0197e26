package memweave_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestConsolidateTwoAppliesCarryMarksOnce: two applies of the same group
// at once (a person's CLI and an agent's memory_consolidate). A group is
// applied in parts, each under the write lock: the second apply checked
// the copy after the first had checked it and before it removed it, so
// both merged the copy's feedback marks into the kept note (real
// processes, 40 groups of one mark each: 41 and 42 marks). Applies now
// take turns; the second finds the copy gone.
func TestConsolidateTwoAppliesCarryMarksOnce(t *testing.T) {
	body := "The nightly backup job copies the billing database to the archive bucket, verifies the checksum of every file, and restores the newest snapshot into a scratch instance.\n"
	key := curate.PassageKey(nil, body)
	root := memweavetest.Workspace(t, map[string]string{
		"memory/2026-11-01.md": "---\nfeedback:\n  " + key + ": {useful: 1, useless: 0}\n---\n" + body,
		"memory/2026-11-02.md": body,
	})
	first := open(t, root, memweave.Config{})
	mustIndex(t, first)
	gs := listGroups(t, first)
	if len(gs) != 1 || gs[0].Keep.Path != "memory/2026-11-02.md" {
		t.Fatalf("groups = %+v, want memory/2026-11-01.md dropped for memory/2026-11-02.md", gs)
	}
	second := open(t, root, memweave.Config{})
	done := make(chan struct{})
	// The second apply starts once the first has checked the group, and
	// gets the time to run through before the first goes on.
	hook := func(string) {
		go func() {
			defer close(done)
			second.ApplyConsolidation(context.Background(), []string{gs[0].ID})
		}()
		select {
		case <-done:
		case <-time.After(500 * time.Millisecond):
		}
	}
	first.ApplyConsolidation(edithook.WithGroup(t.Context(), hook), []string{gs[0].ID})
	<-done
	got := memweavetest.ReadFile(t, root, "memory/2026-11-02.md")
	if want := key + ": {useful: 1, useless: 0}"; !strings.Contains(got, want) {
		t.Errorf("the kept note after two applies at once = %q; want the copy's one mark once (%s)", got, want)
	}
}
