package memweave_test

import (
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// Two agents resolve one contradiction each their own way, and sync
// merges both markers: each line is superseded by the other. Superseded
// "hide" then hid both versions of the fact ("no results"); now a
// resolution that leads to no live line (round in a cycle, or to a line
// kept that is gone) is shown marked, saying why it was not hidden. A
// chain that ends on a live line still hides all but that line.
func TestSupersededCycleHidesNothing(t *testing.T) {
	ctx := t.Context()
	stack := "# Stack\n\nThe staging database runs PostgreSQL 16.\n"
	ops := "# Ops\n\nThe staging database runs PostgreSQL 17.\n"
	root, w := openIndexed(t, map[string]string{"memory/stack.md": stack, "memory/ops.md": ops}, memweave.Config{MinScore: new(0.0)})
	writeFile(t, root, "memory/ops.md", resolveEachWay(t, w, root, ops)) // the merge keeps both markers

	resp := mustSearch(t, w, "staging database PostgreSQL", memweave.Superseded("hide"))
	if len(holding(t, root, resp.Results, "PostgreSQL 16")) != 1 || len(holding(t, root, resp.Results, "PostgreSQL 17")) != 1 || resp.Hidden.Superseded != 0 {
		t.Errorf("search with hide over a cycle = %v, Hidden %+v; want both lines shown, none hidden", locs(resp.Results), resp.Hidden)
	}
	for _, r := range resp.Results {
		if r.SupersededBy == nil || !strings.Contains(r.Explain.Superseded, "not hidden: the lines kept supersede each other") {
			t.Errorf("%s: SupersededBy %v, Explain %q; want marked, saying why it is not hidden", loc(r), r.SupersededBy, r.Explain.Superseded)
		}
	}

	// A chain ending on a live line: 15 superseded by 16, 16 by 17.
	writeFile(t, root, "memory/ops.md", ops)
	writeFile(t, root, "memory/stack.md", stack)
	writeFile(t, root, "memory/old.md", "# Old\n\nThe staging database runs PostgreSQL 15.\n")
	mustIndex(t, w)
	if _, err := w.Resolve(ctx, memweave.Ref{Path: "stack.md", StartLine: 3}, memweave.Ref{Path: "old.md", StartLine: 3}, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Resolve(ctx, memweave.Ref{Path: "ops.md", StartLine: 3}, memweave.Ref{Path: "stack.md", StartLine: 3}, ""); err != nil {
		t.Fatal(err)
	}
	resp = mustSearch(t, w, "staging database PostgreSQL", memweave.Superseded("hide"))
	if p := paths(resp.Results); len(p) != 1 || p[0] != "memory/ops.md" || resp.Hidden.Superseded != 2 {
		t.Errorf("search with hide over a chain = %v, Hidden %+v; want memory/ops.md alone, 2 hidden", locs(resp.Results), resp.Hidden)
	}

	// The line kept deleted: the superseded line is shown, marked.
	writeFile(t, root, "memory/ops.md", "# Ops\n\nMoved elsewhere.\n")
	resp = mustSearch(t, w, "staging database PostgreSQL 16", memweave.Superseded("hide"))
	got := holding(t, root, resp.Results, "PostgreSQL 16")
	if len(got) != 1 || !strings.Contains(got[0].Explain.Superseded, "not hidden: the line kept is no longer in memory/ops.md") {
		t.Errorf("search with hide, the line kept gone = %v; want memory/stack.md shown, marked, saying why", locs(resp.Results))
	}
}

// resolveEachWay resolves line 3 of memory/stack.md and of memory/ops.md
// each in favour of the other, as two agents would from the same files:
// agent one keeps stack.md, agent two, from ops (ops.md before agent
// one's marker), ops.md. stack.md is left with agent two's marker and
// ops.md as ops; it returns ops.md as agent one left it, which sync's
// merge of both keeps.
func resolveEachWay(t *testing.T, w *memweave.Weave, root, ops string) (opsMarked string) {
	t.Helper()
	ctx := t.Context()
	if _, err := w.Resolve(ctx, memweave.Ref{Path: "stack.md", StartLine: 3}, memweave.Ref{Path: "ops.md", StartLine: 3}, "agent one"); err != nil {
		t.Fatal(err)
	}
	opsMarked = memweavetest.ReadFile(t, root, "memory/ops.md")
	writeFile(t, root, "memory/ops.md", ops)
	if _, err := w.Resolve(ctx, memweave.Ref{Path: "ops.md", StartLine: 3}, memweave.Ref{Path: "stack.md", StartLine: 3}, "agent two"); err != nil {
		t.Fatal(err)
	}
	return opsMarked
}
