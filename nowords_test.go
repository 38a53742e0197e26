package memweave_test

import (
	"context"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestQueryWithoutWordsSaysSo: a query of emoji or punctuation alone
// gives the keyword search nothing to look for (the index keeps words
// only), so a search for "🚀" finds nothing although a note holds it.
// The answer must say why, rather than only "no results": an agent
// would take it as "nothing about it in memory". A query with words
// gets no such warning.
func TestQueryWithoutWordsSaysSo(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{
		"memory/ship.md": "# Release\n\nRelease train status: 🚀 shipped on friday.\n",
	})
	w := open(t, root, memweave.Config{})
	mustIndex(t, w)
	for _, q := range []string{"🚀", "?!", "-> =>"} {
		resp := mustSearch(t, w, q)
		var said bool
		for _, wn := range resp.Warnings {
			said = said || strings.Contains(wn.Error(), "no words")
		}
		if !said {
			t.Errorf("search %q: results %v, warnings %q; want a warning that the query has no words", q, paths(resp.Results), resp.Warnings)
		}
		p, err := w.Pack(context.Background(), q, 100)
		if err != nil || len(p.Warnings) == 0 {
			t.Errorf("pack %q = %v, %v; want the same warning", q, p, err)
		}
	}
	if resp := mustSearch(t, w, "release 🚀"); len(resp.Warnings) != 0 {
		t.Errorf("search %q warnings %q, want none", "release 🚀", resp.Warnings)
	}
}
