package memweave_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/frontmatter"
	"github.com/memweave/memweave-go/memweavetest"
)

// distinctPaths returns the distinct paths of rs, in rank order.
func distinctPaths(rs []memweave.Result) []string {
	var out []string
	for _, r := range rs {
		if !slices.Contains(out, r.Path) {
			out = append(out, r.Path)
		}
	}
	return out
}

func TestFrontMatterTagsAndExpiry(t *testing.T) {
	// memweavetest.Now is 2026-11-30.
	root := memweavetest.Workspace(t, map[string]string{
		"memory/infra.md":   "---\ntags: [infra, Cache]\nimportance: 0.5\n---\n# Redis\n\nRedis caches the catalog API.\n",
		"memory/old.md":     "---\ntags: infra\nexpires: 2026-11-29\n---\n# Redis\n\nRedis caches the old catalog API.\n",
		"memory/today.md":   "---\nexpires: 2026-11-30\n---\n# Redis\n\nRedis caches today's catalog API.\n",
		"memory/plain.md":   "# Redis\n\nRedis caches the plain catalog API.\n",
		"memory/invalid.md": "---\ntags: [x]\nimportance: 3\n---\n# Redis\n\nRedis caches the invalid catalog API.\n",
	})
	w := open(t, root, memweave.Config{})
	res := mustIndex(t, w)
	var warned bool
	for _, wn := range res.Warnings {
		if strings.HasPrefix(wn.Error(), "memory/invalid.md:3: ") && errors.Is(wn, frontmatter.ErrInvalid) {
			warned = true
		}
	}
	if !warned {
		t.Errorf("Index warnings = %v, want one for memory/invalid.md:3", res.Warnings)
	}
	tests := []struct {
		name string
		opts []memweave.SearchOption
		want []string
	}{
		{"default leaves the expired note out", nil, []string{"memory/infra.md", "memory/invalid.md", "memory/plain.md", "memory/today.md"}},
		{"include expired", []memweave.SearchOption{memweave.IncludeExpired()}, []string{"memory/infra.md", "memory/invalid.md", "memory/old.md", "memory/plain.md", "memory/today.md"}},
		{"tag", []memweave.SearchOption{memweave.Tags("infra")}, []string{"memory/infra.md"}},
		{"tag with expired", []memweave.SearchOption{memweave.Tags("INFRA"), memweave.IncludeExpired()}, []string{"memory/infra.md", "memory/old.md"}},
		{"two tags", []memweave.SearchOption{memweave.Tags("infra", "#cache")}, []string{"memory/infra.md"}},
		{"tag of an invalid block", []memweave.SearchOption{memweave.Tags("x")}, nil},
		{"tag and prefix", []memweave.SearchOption{memweave.Tags("infra"), memweave.PathPrefix("memory/plain")}, nil},
	}
	for _, mode := range []memweave.Mode{memweave.ModeHybrid, memweave.ModeKeyword, memweave.ModeVector} {
		for _, tt := range tests {
			opts := append([]memweave.SearchOption{memweave.MinScore(0), memweave.MaxResults(20), memweave.SearchMode(mode)}, tt.opts...)
			got := distinctPaths(mustSearch(t, w, "Redis catalog", opts...).Results)
			slices.Sort(got)
			if !slices.Equal(got, tt.want) {
				t.Errorf("%s: Search(Redis catalog, %s) = %q, want %q", mode, tt.name, got, tt.want)
			}
		}
	}

	// The fields are on results and in Files; the block is not text, and
	// the passage keeps the file's line numbers.
	r := mustSearch(t, w, "Redis catalog", memweave.Tags("infra")).Results[0]
	if !slices.Equal(r.Tags, []string{"infra", "cache"}) || r.Importance == nil || *r.Importance != 0.5 || r.StartLine != 5 {
		t.Errorf("result = %+v, want tags [infra cache], importance 0.5, line 5", r)
	}
	if got := mustSearch(t, w, "importance", memweave.SearchMode(memweave.ModeKeyword), memweave.MinScore(0)).Results; len(got) != 1 || got[0].Path != "memory/invalid.md" {
		t.Errorf("keyword search for a front matter field name = %q, want only the invalid block, indexed as text", distinctPaths(got))
	}
	for f, err := range w.Files(t.Context()) {
		if err != nil {
			t.Fatal(err)
		}
		if f.Path == "memory/old.md" && (f.Expires != "2026-11-29" || !slices.Equal(f.Tags, []string{"infra"})) {
			t.Errorf("Files: %+v, want expires 2026-11-29 and tag infra", f)
		}
	}
}

// TestFilterFollowsTheFiles checks that the tags and expiry searches
// filter on, which the index stores when it indexes a note, follow the
// files: an edit of the front matter changes what the filters keep, and
// an index built again from the files filters the same.
func TestFilterFollowsTheFiles(t *testing.T) {
	// memweavetest.Now is 2026-11-30.
	root, w := openIndexed(t, map[string]string{
		"memory/infra.md": "---\ntags: [infra]\n---\n# Redis\n\nRedis caches the catalog API.\n",
		"memory/old.md":   "---\ntags: infra\nexpires: 2026-11-29\n---\n# Redis\n\nRedis caches the old catalog API.\n",
		"memory/plain.md": "# Redis\n\nRedis caches the plain catalog API.\n",
	}, memweave.Config{})
	check := func(step string, want map[string][]string) {
		t.Helper()
		for name, opts := range map[string][]memweave.SearchOption{"default": nil, "tag infra": {memweave.Tags("infra")}, "tag cache": {memweave.Tags("cache")}} {
			opts = append([]memweave.SearchOption{memweave.MinScore(0), memweave.MaxResults(20)}, opts...)
			got := distinctPaths(mustSearch(t, w, "Redis catalog", opts...).Results)
			slices.Sort(got)
			if !slices.Equal(got, want[name]) {
				t.Errorf("%s: Search(Redis catalog, %s) = %q, want %q", step, name, got, want[name])
			}
		}
	}
	check("indexed", map[string][]string{
		"default":   {"memory/infra.md", "memory/plain.md"},
		"tag infra": {"memory/infra.md"},
		"tag cache": nil,
	})
	// The expiry goes and a tag comes: the search's sync re-indexes it.
	if err := os.WriteFile(filepath.Join(root, "memory/old.md"), []byte("---\ntags: [infra, cache]\n---\n# Redis\n\nRedis caches the old catalog API again.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	edited := map[string][]string{
		"default":   {"memory/infra.md", "memory/old.md", "memory/plain.md"},
		"tag infra": {"memory/infra.md", "memory/old.md"},
		"tag cache": {"memory/old.md"},
	}
	check("edited", edited)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(filepath.Join(root, ".memweave")); err != nil {
		t.Fatal(err)
	}
	w = open(t, root, memweave.Config{})
	mustIndex(t, w)
	check("index deleted and built again", edited)
}

// An important, pinned note never passes one that matches the query
// exactly when it only shares a word with it.
func TestCurationKeepsExactMatchFirst(t *testing.T) {
	_, w := openIndexed(t, map[string]string{
		"memory/exact.md":   "# Deploys\n\nThe staging deploy runs every Tuesday at noon.\n",
		"memory/boosted.md": "---\nimportance: 1\npinned: true\n---\n# Weekly\n\nThe team lunch is on Tuesday.\n",
	}, memweave.Config{})
	for _, mode := range []memweave.Mode{memweave.ModeHybrid, memweave.ModeKeyword, memweave.ModeVector} {
		got := distinctPaths(mustSearch(t, w, "staging deploy runs every Tuesday at noon", memweave.MinScore(0), memweave.SearchMode(mode)).Results)
		if len(got) == 0 || got[0] != "memory/exact.md" {
			t.Errorf("%s: Search = %q, want memory/exact.md first", mode, got)
		}
	}
}

// Three useful marks lift a passage above an otherwise equal one; the
// marks are in the note, so a rebuilt index ranks the same.
func TestFeedbackRaisesPassage(t *testing.T) {
	note := "# Redis\n\nRedis caches the catalog API for five minutes.\n\n# Other\n\nThe catalog API is written in Go.\n"
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": note, "memory/b.md": note})
	var git func(args ...string) string
	if _, err := exec.LookPath("git"); err == nil {
		git = gitRepo(t, root)
		git("add", "-A")
		git("commit", "-qm", "notes")
	}
	w := open(t, root, memweave.Config{})
	mustIndex(t, w)
	query := "Redis caches catalog"
	first := func(w *memweave.Weave) string { return mustSearch(t, w, query, memweave.MinScore(0)).Results[0].Path }
	before := mustSearch(t, w, query, memweave.MinScore(0)).Results
	if before[0].Score != before[1].Score {
		t.Fatalf("equal passages score %g and %g", before[0].Score, before[1].Score)
	}
	other := before[1].Path
	line := 3 // any line of the passage names it
	for i := range 3 {
		res, err := w.Feedback(t.Context(), other, line, true)
		if err != nil {
			t.Fatalf("Feedback(%s): %v", other, err)
		}
		if res.Useful != i+1 || res.Key != curate.PassageKey([]string{"Redis"}, "# Redis\n\nRedis caches the catalog API for five minutes.") {
			t.Errorf("Feedback = %+v, want %d useful marks", res, i+1)
		}
		line = res.StartLine + i%2*2 // the heading, then the text line
	}
	if got := first(w); got != other {
		t.Errorf("after 3 useful marks on %s, %s ranks first", other, got)
	}
	text := memweavetest.ReadFile(t, root, other)
	want := "---\nfeedback:\n  " + curate.PassageKey([]string{"Redis"}, "# Redis\n\nRedis caches the catalog API for five minutes.") + ": {useful: 3, useless: 0}\n---\n" + note
	if text != want {
		t.Errorf("%s = %q, want %q", other, text, want)
	}
	if git != nil {
		if diff := git("diff", "memory/"); !strings.Contains(diff, "\n+  "+curate.PassageKey([]string{"Redis"}, "# Redis\n\nRedis caches the catalog API for five minutes.")+": {useful: 3, useless: 0}\n") {
			t.Errorf("git diff memory/ =\n%s\nwant the marks", diff)
		}
	}
	r := mustSearch(t, w, query, memweave.MinScore(0)).Results[0]
	if r.StartLine != 5 || r.Explain.Curation == nil {
		t.Errorf("marked result = %s, curation %v; want line 5 and a curation factor", loc(r), r.Explain.Curation)
	}

	// Rebuilt from the files, the index ranks the same.
	w.Close()
	if err := os.RemoveAll(filepath.Join(root, ".memweave")); err != nil {
		t.Fatal(err)
	}
	w2 := open(t, root, memweave.Config{})
	mustIndex(t, w2)
	if got := first(w2); got != other {
		t.Errorf("after a rebuild, %s ranks first, want %s", got, other)
	}

	// Useless marks push a passage down, never out.
	for range 6 {
		if _, err := w2.Feedback(t.Context(), other, 5, false); err != nil {
			t.Fatal(err)
		}
	}
	got := distinctPaths(mustSearch(t, w2, query, memweave.MinScore(0)).Results)
	if len(got) < 2 || got[1] != other {
		t.Errorf("after useless marks, results = %q, want %s second", got, other)
	}
	if _, err := w2.Feedback(t.Context(), other, 2, true); !errors.Is(err, memweave.ErrNoPassage) {
		t.Errorf("Feedback on a front matter line: %v, want ErrNoPassage", err)
	}
	if _, err := w2.Feedback(t.Context(), "../x.md", 1, true); err == nil {
		t.Error("Feedback outside memory/ succeeded")
	}
	memweavetest.WriteFile(t, root, "memory/bad.md", "---\nimportance: 9\n---\n# Bad\n\nA note.\n")
	_, err := w2.Feedback(t.Context(), "bad.md", 4, true)
	if !errors.Is(err, frontmatter.ErrInvalid) || !strings.Contains(err.Error(), "memory/bad.md: line 2: front matter: importance") {
		t.Errorf("Feedback over invalid front matter: %v, want ErrInvalid naming memory/bad.md line 2", err)
	}
}

// findAt returns the result from path starting at line, or nil.
func findAt(rs []memweave.Result, path string, line int) *memweave.Result {
	for i := range rs {
		if rs[i].Path == path && rs[i].StartLine == line {
			return &rs[i]
		}
	}
	return nil
}

// Consolidate lists two identical notes in different files and, applied,
// leaves one.
func TestConsolidate(t *testing.T) {
	dup := "# Deploys\n\nThe staging deploy runs every Tuesday at noon from the release branch.\n"
	root, w := openIndexed(t, map[string]string{
		"memory/2026-11-01.md": dup,
		"memory/2026-11-20.md": "# Log\n\nThe team met.\n\n" + dup + "\n# After\n\nLunch was pizza with the whole team.\n",
		"memory/other.md":      "# Deploys\n\nProduction deploys run on Thursdays from main.\n",
	}, memweave.Config{})
	gs := listGroups(t, w)
	if len(gs) != 1 {
		t.Fatalf("Consolidate = %+v, want one group", gs)
	}
	g := gs[0]
	// The newest copy, in the dated file of 2026-11-20, is kept.
	if g.Keep.Path != "memory/2026-11-20.md" || g.Keep.DateFrom != "name" || len(g.Duplicates) != 1 || g.Duplicates[0].Path != "memory/2026-11-01.md" || g.Duplicates[0].Similarity != 1 {
		t.Errorf("group = %+v, want memory/2026-11-20.md kept and memory/2026-11-01.md its duplicate", g)
	}
	if got := memweavetest.ReadFile(t, root, "memory/2026-11-01.md"); got != dup {
		t.Errorf("Consolidate changed the file: %q", got)
	}
	res := applyGroups(t, w, gs)
	if !slices.Equal(res.Applied, []string{g.ID}) || !slices.Equal(res.Deleted, []string{"memory/2026-11-01.md"}) || len(res.Edited) != 0 {
		t.Errorf("ApplyConsolidation = %+v, want memory/2026-11-01.md deleted", res)
	}
	if _, err := os.Stat(filepath.Join(root, "memory", "2026-11-01.md")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the duplicate file is still there: %v", err)
	}
	got := distinctPaths(mustSearch(t, w, "staging deploy Tuesday release branch", memweave.MinScore(0)).Results)
	if len(got) == 0 || got[0] != "memory/2026-11-20.md" || slices.Contains(got, "memory/2026-11-01.md") {
		t.Errorf("Search after Consolidate = %q, want the kept copy alone", got)
	}
	if gs := listGroups(t, w); len(gs) != 0 {
		t.Errorf("Consolidate again = %+v; want no groups", gs)
	}

	// A duplicate inside a longer note loses only its own lines.
	root = memweavetest.Workspace(t, map[string]string{
		"memory/keep.md": "---\ndate: 2026-01-01\n---\n" + dup,
		"memory/log.md":  "# Log\n\nThe team met.\n\n" + dup + "\n# After\n\nLunch was pizza with the whole team.\n",
	})
	// log.md was saved before that date; a date after now would be
	// passed over (TestConsolidateDistrustsADateInTheFuture).
	saved := time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC)
	if err := os.Chtimes(filepath.Join(root, "memory", "log.md"), saved, saved); err != nil {
		t.Fatal(err)
	}
	w = open(t, root, memweave.Config{})
	mustIndex(t, w)
	gs = listGroups(t, w)
	if len(gs) != 1 || gs[0].Keep.Path != "memory/keep.md" || gs[0].Keep.DateFrom != "front matter" {
		t.Fatalf("Consolidate = %+v; want the copy dated in its front matter kept", gs)
	}
	if res := applyGroups(t, w, gs); !slices.Equal(res.Edited, []string{"memory/log.md"}) {
		t.Fatalf("ApplyConsolidation = %+v; want memory/log.md edited", res)
	}
	want := "# Log\n\nThe team met.\n\n# After\n\nLunch was pizza with the whole team.\n"
	if got := memweavetest.ReadFile(t, root, "memory/log.md"); got != want {
		t.Errorf("memory/log.md = %q, want %q", got, want)
	}
}
