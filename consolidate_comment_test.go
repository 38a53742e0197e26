package memweave_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestConsolidateApplyKeepsCommentsWhole: an HTML comment block too long
// for one passage is cut into several; a copy of its first part in a
// newer note is a group whose removal took the "<!--" and left the
// "-->": the rest of the comment, hidden before, rendered as prose. A
// copy whose removal changes whether a line kept is in a comment is now
// skipped, saying so.
func TestConsolidateApplyKeepsCommentsWhole(t *testing.T) {
	var first, rest, other []string
	for i := range 60 {
		first = append(first, fmt.Sprintf("draft_step_%d moves the cluster-main database to the new rack with the retries at three", i))
		rest = append(rest, fmt.Sprintf("hidden_note_%d says the oncall team rejected the rollback plan for cluster-main", i))
		other = append(other, fmt.Sprintf("cleanup_step_%d purges the cluster-side cache and notifies the billing team", i))
	}
	comment := func(a, b []string) string {
		return "# Deploy drafts\n\n<!--\n" + strings.Join(a, "\n") + "\n" + strings.Join(b, "\n") + "\n-->\n\nThe deploy runs on Tuesdays.\n"
	}
	root, w := openIndexed(t, map[string]string{
		"memory/2026-11-01.md": comment(first, rest),
		"memory/2026-11-05.md": comment(first, other),
	}, memweave.Config{})
	gs := listGroups(t, w)
	if len(gs) == 0 {
		t.Fatal("no groups listed, want the first part of the comment grouped")
	}
	res := applyGroups(t, w, gs)
	got := memweavetest.ReadFile(t, root, "memory/2026-11-01.md")
	if strings.Count(got, "<!--") != strings.Count(got, "-->") {
		t.Errorf("the older note after the apply (applied %v, skipped %+v) holds %d \"<!--\" and %d \"-->\", want its comment whole:\n%.300s", res.Applied, res.Skipped, strings.Count(got, "<!--"), strings.Count(got, "-->"), got)
	}
	found := false
	for _, s := range res.Skipped {
		found = found || strings.Contains(s.Reason, "comment")
	}
	if !found {
		t.Errorf("skipped = %+v, want a group skipped naming the comment", res.Skipped)
	}
}
