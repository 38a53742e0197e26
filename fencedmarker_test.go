package memweave_test

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// A supersession marker quoted in a fenced code block (a note that shows
// what resolve writes, copied from the docs) is an example, not a
// resolution: its lines are neither hidden nor marked superseded, before
// and after the index is rebuilt; and resolve refuses to write a marker
// inside a fence, where it would not count.
func TestFencedMarkerSupersedesNothing(t *testing.T) {
	howto := "# How resolve looks\n\nA resolved line gets a marker like this example:\n\n" +
		"```markdown\n# 2026-03-02\n\n- The staging database runs PostgreSQL 15.\n" +
		"  > Superseded (1 line above, #a665a4e5) by memory/stack.md#0296325f (2026-11-30): upgraded in May\n" +
		"- Deploy freeze from Friday until the release is cut.\n```\n\nThe marker is plain Markdown.\n"
	root := memweavetest.Workspace(t, map[string]string{
		"memory/howto.md": howto,
		"memory/stack.md": "# Stack\n\nThe staging database runs PostgreSQL 16.\n",
	})
	for _, rebuilt := range []bool{false, true} {
		cfg := memweave.Config{MinScore: new(0.0)}
		if rebuilt {
			cfg.DBPath = t.TempDir() + "/fresh.db"
		}
		w := open(t, root, cfg)
		mustIndex(t, w)
		resp := mustSearch(t, w, "staging database PostgreSQL 15", memweave.Superseded("hide"))
		if resp.Hidden.Superseded != 0 || !strings.Contains(strings.Join(paths(resp.Results), " "), "memory/howto.md") {
			t.Errorf("rebuilt %v: search with hide = %v, Hidden %+v; want memory/howto.md found, nothing superseded", rebuilt, locs(resp.Results), resp.Hidden)
		}
		for _, r := range mustSearch(t, w, "staging database PostgreSQL 15").Results {
			if r.SupersededBy != nil {
				t.Errorf("rebuilt %v: %s:%d marked superseded by %+v, want no mark", rebuilt, r.Path, r.StartLine, r.SupersededBy)
			}
		}
	}
	w := open(t, root, memweave.Config{})
	_, err := w.Resolve(t.Context(), memweave.Ref{Path: "memory/stack.md", StartLine: 3}, memweave.Ref{Path: "memory/howto.md", StartLine: 10}, "")
	if err == nil || !strings.Contains(err.Error(), "fence") {
		t.Errorf("Resolve of a line inside a fenced code block = %v, want a refusal naming the fence", err)
	}
	if got := memweavetest.ReadFile(t, root, "memory/howto.md"); got != howto {
		t.Errorf("memory/howto.md after the refused resolve = %q, want it unchanged", got)
	}
}

// A fence may open on a list item's line ("- ```markdown"), as
// CommonMark reads it; the fence follower read only fences standing
// alone, so a marker quoted in such a block superseded the line above
// it, and a pack passage inside such a block lost its fence.
func TestMarkerInAListItemsFenceSupersedesNothing(t *testing.T) {
	t.Parallel()
	howto := "# How resolve looks\n\n- A resolved line gets a marker:\n- ```markdown\n" +
		"  - The staging database runs PostgreSQL 15.\n" +
		"    > Superseded (1 line above, #a665a4e5) by memory/stack.md#0296325f (2026-11-30): upgraded in May\n" +
		"  ```\n- The marker is plain Markdown.\n"
	_, w := openIndexed(t, map[string]string{
		"memory/howto.md": howto,
		"memory/stack.md": "# Stack\n\nThe staging database runs PostgreSQL 16.\n",
	}, memweave.Config{MinScore: new(0.0)})
	resp := mustSearch(t, w, "staging database PostgreSQL 15", memweave.Superseded("hide"))
	if resp.Hidden.Superseded != 0 || !strings.Contains(strings.Join(paths(resp.Results), " "), "memory/howto.md") {
		t.Errorf("search with hide = %v, Hidden %+v; want memory/howto.md found, nothing superseded", locs(resp.Results), resp.Hidden)
	}
}
