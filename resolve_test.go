package memweave_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// dailyLog is one short passage holding several unrelated facts.
const dailyLog = "# 2026-03-02\n\n" +
	"- The staging database runs PostgreSQL 15.\n" +
	"- Deploy freeze from Friday until the release is cut.\n" +
	"- Lunch with the infra team about the session cache.\n"

// holding returns the results whose text, as the files hold it, has s;
// results carry no text on the wire, so it reads the lines.
func holding(t *testing.T, root string, rs []memweave.Result, s string) []memweave.Result {
	t.Helper()
	var out []memweave.Result
	for _, r := range rs {
		lines := strings.Split(memweavetest.ReadFile(t, root, r.Path), "\n")
		if strings.Contains(strings.Join(lines[r.StartLine-1:min(r.EndLine, len(lines))], "\n"), s) {
			out = append(out, r)
		}
	}
	return out
}

// TestResolveSupersedesOnlyTheNamedLine: resolving one fact of a daily
// log supersedes that line alone. The other facts of its passage, and a
// note appended to the file later, are still ordinary results with
// Superseded("hide"); the kept line is found again after an edit above
// it; resolving again replaces the marker and deleting it undoes it.
func TestResolveSupersedesOnlyTheNamedLine(t *testing.T) {
	ctx := t.Context()
	root, w := openIndexed(t, map[string]string{
		"memory/2026-03-02.md": dailyLog,
		"memory/stack.md":      "# Stack\n\nThe staging database runs PostgreSQL 16.\n",
	}, memweave.Config{MinScore: new(0.0)})
	res, err := w.Resolve(ctx, memweave.Ref{Path: "stack.md", StartLine: 3}, memweave.Ref{Path: "memory/2026-03-02.md", StartLine: 3}, "upgraded in May")
	if err != nil {
		t.Fatal(err)
	}
	if res.Kept != (memweave.Ref{Path: "memory/stack.md", StartLine: 3}) || res.Dropped != (memweave.Ref{Path: "memory/2026-03-02.md", StartLine: 3, EndLine: 3}) || res.MarkerLine != 4 {
		t.Errorf("Resolve = %+v, want kept stack.md:3, dropped line 3, marker at 4", res)
	}
	file := memweavetest.ReadFile(t, root, "memory/2026-03-02.md")
	if want := strings.Replace(dailyLog, "15.\n", "15.\n  "+res.Line+"\n", 1); file != want {
		t.Fatalf("daily log after Resolve:\n%s\nwant\n%s", file, want)
	}

	hide := memweave.Superseded("hide")
	for _, fact := range []string{"Deploy freeze", "session cache"} {
		rs := mustSearch(t, w, strings.ToLower(fact), hide).Results
		if got := holding(t, root, rs, fact); len(got) == 0 || got[0].SupersededBy != nil {
			t.Errorf("search %q with hide = %v: want the passage holding %q, not superseded", fact, locs(rs), fact)
		}
	}
	resp := mustSearch(t, w, "staging database PostgreSQL 15", hide)
	if got := holding(t, root, resp.Results, "PostgreSQL 15"); len(got) != 0 {
		t.Errorf("search with hide returned the superseded line: %v", locs(got))
	}
	if resp.Hidden.Superseded != 1 {
		t.Errorf("Hidden.Superseded = %d, want 1", resp.Hidden.Superseded)
	}
	marked := holding(t, root, mustSearch(t, w, "staging database PostgreSQL 15").Results, "PostgreSQL 15")
	// The passage superseded is the line, its marker, and the heading
	// that had nothing else before them.
	if len(marked) != 1 || marked[0].StartLine != 1 || marked[0].EndLine != 4 ||
		marked[0].SupersededBy == nil || *marked[0].SupersededBy != (memweave.Ref{Path: "memory/stack.md", StartLine: 3}) ||
		marked[0].Explain.Superseded != "resolved: upgraded in May" {
		t.Fatalf("marked results = %+v, want lines 1-4 superseded by memory/stack.md:3", marked)
	}
	if conf, err := w.Conflicts(ctx); err != nil || len(conf.Conflicts) != 0 {
		t.Errorf("Conflicts after Resolve = %+v, %v; want none", conf, err)
	}

	// A note appended afterwards is found, and is not superseded.
	appendFile(t, root, "memory/2026-03-02.md", "\n## 15:00\n\n- The PostgreSQL 15 replica in staging was retired.\n")
	rs := mustSearch(t, w, "PostgreSQL 15 replica retired", hide).Results
	if got := holding(t, root, rs, "replica"); len(got) == 0 || got[0].SupersededBy != nil {
		t.Errorf("search for the appended note with hide = %v, want it found", locs(rs))
	}

	// An edit above the kept line: the reference follows the content.
	writeFile(t, root, "memory/stack.md", "# Stack\n\nIntro added later.\n\nMore.\n\nThe staging database runs PostgreSQL 16.\n")
	marked = holding(t, root, mustSearch(t, w, "staging database PostgreSQL 15").Results, "runs PostgreSQL 15")
	if len(marked) != 1 || marked[0].SupersededBy == nil || *marked[0].SupersededBy != (memweave.Ref{Path: "memory/stack.md", StartLine: 7}) {
		t.Errorf("after an edit above the kept line, marked = %+v, want superseded by memory/stack.md:7", marked)
	}

	// Resolving the same line again replaces the marker.
	if _, err := w.Resolve(ctx, memweave.Ref{Path: "stack.md", StartLine: 7}, memweave.Ref{Path: "2026-03-02.md", StartLine: 3}, "again"); err != nil {
		t.Fatal(err)
	}
	file = memweavetest.ReadFile(t, root, "memory/2026-03-02.md")
	if n := strings.Count(file, "> Superseded"); n != 1 || !strings.Contains(file, "): again\n") {
		t.Errorf("after resolving again:\n%s\nwant one marker, with the new reason", file)
	}
	// Deleting the marker undoes the resolution.
	lines := strings.SplitAfter(file, "\n")
	writeFile(t, root, "memory/2026-03-02.md", strings.Join(slices.Delete(lines, 3, 4), ""))
	for _, r := range holding(t, root, mustSearch(t, w, "staging database PostgreSQL 15", hide).Results, "runs PostgreSQL 15") {
		if r.SupersededBy != nil {
			t.Errorf("after deleting the marker, %s is superseded", loc(r))
		}
	}
	if len(holding(t, root, mustSearch(t, w, "staging database PostgreSQL 15", hide).Results, "runs PostgreSQL 15")) == 0 {
		t.Errorf("after deleting the marker, the line is still hidden")
	}
}

// TestResolveRefuses: lines that name nothing wrap ErrNoPassage; a kept
// line that is blank, repeated, superseded or dropped is refused, and
// the files are left as they were.
func TestResolveRefuses(t *testing.T) {
	root, w := openIndexed(t, map[string]string{
		"memory/2026-03-02.md": dailyLog,
		"memory/stack.md":      "# Stack\n\nok\n\nok\n\nThe staging database runs PostgreSQL 16.\n",
	}, memweave.Config{})
	for _, c := range []struct {
		name       string
		keep, drop memweave.Ref
		noPassage  bool
	}{
		{"drop past the end", memweave.Ref{Path: "stack.md", StartLine: 7}, memweave.Ref{Path: "2026-03-02.md", StartLine: 9}, true},
		{"drop blank", memweave.Ref{Path: "stack.md", StartLine: 7}, memweave.Ref{Path: "2026-03-02.md", StartLine: 2}, true},
		{"keep blank", memweave.Ref{Path: "stack.md", StartLine: 2}, memweave.Ref{Path: "2026-03-02.md", StartLine: 3}, true},
		{"keep repeated", memweave.Ref{Path: "stack.md", StartLine: 3}, memweave.Ref{Path: "2026-03-02.md", StartLine: 3}, false},
		{"keep dropped", memweave.Ref{Path: "2026-03-02.md", StartLine: 4}, memweave.Ref{Path: "2026-03-02.md", StartLine: 3, EndLine: 4}, false},
	} {
		_, err := w.Resolve(t.Context(), c.keep, c.drop, "")
		if err == nil || errors.Is(err, memweave.ErrNoPassage) != c.noPassage {
			t.Errorf("%s: Resolve = %v, want an error (ErrNoPassage %v)", c.name, err, c.noPassage)
		}
	}
	if got := memweavetest.ReadFile(t, root, "memory/2026-03-02.md"); got != dailyLog {
		t.Errorf("refused resolutions changed the note:\n%s", got)
	}
}

// TestUnresolvedContradictionsStayInOrder: pairs the contradiction rules
// may flag, two accepted decision records naming different tools and a
// true contradiction no one resolved, are returned in score order, with
// neither side marked, moved or hidden, in every superseded mode.
func TestUnresolvedContradictionsStayInOrder(t *testing.T) {
	_, w := openIndexed(t, map[string]string{
		"memory/decisions/adr-001.md": "# ADR 001: Cache\n\nStatus: accepted\n\nWe use Valkey for the session cache.\n",
		"memory/decisions/adr-002.md": "# ADR 002: Events\n\nStatus: accepted\n\nWe use Kafka for the event bus.\n",
		"memory/2025-03-02.md":        "# 2025-03-02\n\n- The staging database runs PostgreSQL 15.\n",
		"memory/2025-05-10.md":        "# 2025-05-10\n\n- The staging database runs PostgreSQL 16.\n",
	}, memweave.Config{MinScore: new(0.0)})
	if conf, err := w.Conflicts(t.Context()); err != nil || conf.Total == 0 {
		t.Fatalf("Conflicts = %+v, %v; want the PostgreSQL pair flagged", conf, err)
	}
	for _, q := range []string{"accepted decision status", "we use Valkey Kafka", "staging database PostgreSQL"} {
		var base []string
		for _, mode := range []string{"mark", "hide", "off"} {
			resp := mustSearch(t, w, q, memweave.Superseded(mode))
			got := locs(resp.Results)
			for i, r := range resp.Results {
				if r.SupersededBy != nil || r.Explain.Superseded != "" {
					t.Errorf("%q (%s): %s marked superseded by %+v (%q)", q, mode, loc(r), r.SupersededBy, r.Explain.Superseded)
				}
				if i > 0 && r.Score > resp.Results[i-1].Score {
					t.Errorf("%q (%s): results out of score order: %v", q, mode, got)
				}
			}
			if resp.Hidden.Superseded != 0 {
				t.Errorf("%q (%s): Hidden.Superseded = %d, want 0", q, mode, resp.Hidden.Superseded)
			}
			if base == nil {
				base = got
			} else if !slices.Equal(got, base) {
				t.Errorf("%q: %s gives %v, mark gives %v", q, mode, got, base)
			}
		}
		if strings.Contains(q, "PostgreSQL") && len(holdingPaths(base, "2025-")) != 2 {
			t.Errorf("%q = %v, want both dated notes", q, base)
		}
	}
}

func holdingPaths(locs []string, s string) []string {
	var out []string
	for _, l := range locs {
		if strings.Contains(l, s) {
			out = append(out, l)
		}
	}
	return out
}

// TestSearchCountsHidden: what the filters leave out is counted in the
// response, each shown again by its option.
func TestSearchCountsHidden(t *testing.T) {
	_, w := openIndexed(t, map[string]string{
		"memory/old.md":   "---\nexpires: 2020-01-01\n---\n# Old\n\nThe VPN gateway address is 10.0.0.1.\n",
		"memory/stack.md": "# Stack\n\nThe VPN gateway runs WireGuard.\n",
	}, memweave.Config{MinScore: new(0.0)})
	resp := mustSearch(t, w, "VPN gateway")
	if resp.Hidden.Expired != 1 || len(paths(resp.Results)) != 1 {
		t.Errorf("search = %v, Hidden %+v; want stack.md, 1 expired hidden", locs(resp.Results), resp.Hidden)
	}
	resp = mustSearch(t, w, "VPN gateway", memweave.IncludeExpired())
	if resp.Hidden.Expired != 0 || len(resp.Results) != 2 {
		t.Errorf("IncludeExpired: %v, Hidden %+v; want both, none hidden", locs(resp.Results), resp.Hidden)
	}
	resp = mustSearch(t, w, "VPN gateway", memweave.MinScore(1))
	if resp.Hidden.BelowThreshold == 0 || resp.Hidden.BelowThreshold != resp.FilteredBelowThreshold {
		t.Errorf("MinScore(1): Hidden %+v, FilteredBelowThreshold %d; want them equal and positive", resp.Hidden, resp.FilteredBelowThreshold)
	}
	if resp := mustSearch(t, w, "nothing like it zebra"); resp.Hidden.Expired != 0 {
		t.Errorf("unrelated query: Hidden %+v, want no expired match", resp.Hidden)
	}
}

func writeFile(t *testing.T, root, rel, s string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(rel)), []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

func appendFile(t *testing.T, root, rel, s string) {
	t.Helper()
	writeFile(t, root, rel, memweavetest.ReadFile(t, root, rel)+s)
}
