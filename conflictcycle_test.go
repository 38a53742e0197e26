package memweave_test

import (
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
)

// TestConflictsListsACycleOfResolutions: two agents resolve one
// contradiction each their own way, and sync merges both markers, so
// each line is superseded by the other. Search shows both, marked; the
// contradiction is not settled, so conflicts lists the pair, saying
// why, instead of leaving it out as resolved.
func TestConflictsListsACycleOfResolutions(t *testing.T) {
	ctx := t.Context()
	stack := "# Stack\n\nThe staging database runs PostgreSQL 16.\n"
	ops := "# Ops\n\nThe staging database runs PostgreSQL 17.\n"
	root, w := openIndexed(t, map[string]string{"memory/stack.md": stack, "memory/ops.md": ops}, memweave.Config{})
	opsMarked := resolveEachWay(t, w, root, ops)
	// One resolution alone settles the pair.
	resp, err := w.Conflicts(ctx)
	if err != nil || len(resp.Conflicts) != 0 || resp.Total != 0 {
		t.Fatalf("Conflicts after one resolution = %+v, %v; want none", resp, err)
	}
	writeFile(t, root, "memory/ops.md", opsMarked) // the merge keeps both markers
	resp, err = w.Conflicts(ctx)
	if err != nil || len(resp.Conflicts) != 1 || resp.Total != 1 {
		t.Fatalf("Conflicts over a cycle of resolutions = %+v, %v; want the pair listed", resp, err)
	}
	c := resp.Conflicts[0]
	if c.A.Path != "memory/ops.md" || c.B.Path != "memory/stack.md" || !strings.Contains(c.Reason, "resolved, but not settled: the lines kept supersede each other") {
		t.Errorf("Conflicts over a cycle = %+v; want ops.md and stack.md, the reason saying the resolutions go round", c)
	}
}
