package memweave_test

import (
	"testing"

	memweave "github.com/memweave/memweave-go"
)

// With Superseded("hide") and MMR, the line that replaced a superseded
// one says nearly the same words: MMR ran after the supersede stage had
// picked the hidden passage, and pushed its replacement out of the
// results for resembling it. Hidden passages now leave before MMR.
func TestHiddenSupersededDoesNotDemoteItsReplacement(t *testing.T) {
	w := supersededBesideBackups(t)
	resp := mustSearch(t, w, "PostgreSQL 15 staging database", memweave.Superseded("hide"), memweave.MMR(0.7), memweave.MaxResults(1))
	if p := paths(resp.Results); len(p) != 1 || p[0] != "memory/stack.md" || resp.Hidden.Superseded != 1 {
		t.Errorf("search with hide and MMR 0.7 = %v, Hidden %+v; want memory/stack.md, 1 hidden", locs(resp.Results), resp.Hidden)
	}
}

// supersededBesideBackups returns an indexed Weave whose memory/stack.md
// line 3 ("PostgreSQL 16") supersedes memory/2026-03-02.md line 3
// ("PostgreSQL 15"), beside three notes about backups that share most
// of their words: what MMR may push a replacement below.
func supersededBesideBackups(t *testing.T) *memweave.Weave {
	t.Helper()
	files := map[string]string{
		"memory/2026-03-02.md": "# 2026-03-02\n\nThe staging database runs PostgreSQL 15 on the db-1 host.\n",
		"memory/stack.md":      "# Stack\n\nThe staging database runs PostgreSQL 16 on the db-1 host.\n",
	}
	for _, b := range []string{"1", "2", "3"} {
		files["memory/b"+b+".md"] = "# Backups " + b + "\n\nNightly dumps of PostgreSQL from the staging database host go to bucket b" + b + ".\n"
	}
	_, w := openIndexed(t, files, memweave.Config{MinScore: new(0.0)})
	if _, err := w.Resolve(t.Context(), memweave.Ref{Path: "stack.md", StartLine: 3}, memweave.Ref{Path: "2026-03-02.md", StartLine: 3}, "upgraded"); err != nil {
		t.Fatal(err)
	}
	return w
}
