package memweave_test

import (
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
)

// A resolution whose line kept is in a note that has since expired leads
// to no line a search shows: superseded "hide" hid the superseded line
// and the expiry filter the kept one, and the search found nothing. The
// superseded line is now shown, marked, saying why it was not hidden;
// with the kept note not expired it is hidden as before.
func TestSupersededByExpiredNoteHidesNothing(t *testing.T) {
	ctx := t.Context()
	kept := "# Stack\n\nThe staging database runs PostgreSQL 16.\n"
	root, w := openIndexed(t, map[string]string{
		"memory/stack.md": kept,
		"memory/old.md":   "# Old\n\nThe staging database runs PostgreSQL 15.\n",
	}, memweave.Config{MinScore: new(0.0)})
	if _, err := w.Resolve(ctx, memweave.Ref{Path: "stack.md", StartLine: 3}, memweave.Ref{Path: "old.md", StartLine: 3}, "upgraded"); err != nil {
		t.Fatal(err)
	}
	resp := mustSearch(t, w, "staging database PostgreSQL", memweave.Superseded("hide"))
	if p := paths(resp.Results); len(p) != 1 || p[0] != "memory/stack.md" || resp.Hidden.Superseded != 1 {
		t.Fatalf("search with hide = %v, Hidden %+v; want memory/stack.md alone, 1 hidden", locs(resp.Results), resp.Hidden)
	}

	writeFile(t, root, "memory/stack.md", "---\nexpires: 2020-01-01\n---\n"+kept)
	resp = mustSearch(t, w, "staging database PostgreSQL", memweave.Superseded("hide"))
	got := holding(t, root, resp.Results, "PostgreSQL 15")
	if len(got) != 1 || resp.Hidden.Superseded != 0 || !strings.Contains(got[0].Explain.Superseded, "not hidden: the note kept, memory/stack.md, has expired") {
		t.Errorf("search with hide, the kept note expired = %v, Hidden %+v; want memory/old.md shown, marked, saying why", locs(resp.Results), resp.Hidden)
	}
}
