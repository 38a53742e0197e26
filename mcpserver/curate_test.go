package mcpserver_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/curate"
)

func TestFeedbackAndTagsTools(t *testing.T) {
	cs, root := connect(t, map[string]string{
		"memory/a.md": "---\ntags: [ops]\n---\n# Redis\n\nRedis caches the catalog API.\n",
		"memory/b.md": "# Redis\n\nRedis caches the catalog API too.\n",
	})
	var found struct {
		Results []struct {
			Path string   `json:"path"`
			Tags []string `json:"tags"`
		} `json:"results"`
	}
	mustCall(t, cs, "memory_search", map[string]any{"query": "Redis catalog", "tags": []string{"ops"}, "min_score": 0}, &found)
	if len(found.Results) != 1 || found.Results[0].Path != "memory/a.md" || len(found.Results[0].Tags) != 1 {
		t.Errorf("memory_search tags [ops] = %+v, want memory/a.md tagged ops", found.Results)
	}
	var fb struct {
		Path      string `json:"path"`
		StartLine int    `json:"start_line"`
		Useful    int    `json:"useful"`
	}
	mustCall(t, cs, "memory_feedback", map[string]any{"path": "b.md", "line": 3, "passage": curate.LineKey("# Redis"), "useful": true}, &fb)
	if fb.Path != "memory/b.md" || fb.Useful != 1 || fb.StartLine != 5 {
		t.Errorf("memory_feedback = %+v, want memory/b.md, 1 useful, start line 5", fb)
	}
	data, err := os.ReadFile(filepath.Join(root, "memory", "b.md"))
	if err != nil || !strings.HasPrefix(string(data), "---\nfeedback:\n  p") {
		t.Errorf("memory/b.md = %q, %v; want front matter with feedback", data, err)
	}
	if res := call(t, cs, "memory_feedback", map[string]any{"path": "../x.md", "line": 1, "passage": "p00000000", "useful": true}); !res.IsError {
		t.Error("memory_feedback outside memory/ did not fail")
	}
}

func TestResolveTool(t *testing.T) {
	cs, root := connect(t, map[string]string{
		"memory/2025-03-02.md": "# 2025-03-02\n\n- The staging database runs PostgreSQL 15.\n",
		"memory/2025-05-10.md": "# 2025-05-10\n\n- The staging database runs PostgreSQL 16.\n",
	})
	var res struct {
		Line       string `json:"line"`
		MarkerLine int    `json:"marker_line"`
	}
	if r := call(t, cs, "memory_resolve", map[string]any{"keep_path": "2025-05-10.md", "keep_line": 3, "drop_path": "2025-03-02.md", "drop_line": 3, "drop_end_line": 2}); !r.IsError {
		t.Error("memory_resolve with drop_end_line before drop_line did not fail")
	}
	mustCall(t, cs, "memory_resolve", map[string]any{"keep_path": "2025-05-10.md", "keep_line": 3, "drop_path": "2025-03-02.md", "drop_line": 3, "drop_end_line": 3, "reason": "upgraded",
		"keep_text": "- The staging database runs PostgreSQL 16.", "drop_text": "- The staging database runs PostgreSQL 15."}, &res)
	data, _ := os.ReadFile(filepath.Join(root, "memory", "2025-03-02.md"))
	if !strings.HasPrefix(res.Line, "> Superseded (1 line above, #") || !strings.HasSuffix(res.Line, " (2026-11-30): upgraded") ||
		res.MarkerLine != 4 || !strings.Contains(string(data), "15.\n  "+res.Line+"\n") {
		t.Errorf("memory_resolve = %+v, file %q; want a marker after line 3", res, data)
	}
	var found struct {
		Results []struct {
			Path         string `json:"path"`
			SupersededBy *struct {
				Path      string `json:"path"`
				StartLine int    `json:"start_line"`
			} `json:"superseded_by"`
		} `json:"results"`
		Hidden struct {
			Superseded int `json:"superseded"`
		} `json:"hidden"`
		Hints []string `json:"hints"`
	}
	mustCall(t, cs, "memory_search", map[string]any{"query": "staging database PostgreSQL 15", "min_score": 0, "superseded": "hide"}, &found)
	if found.Hidden.Superseded != 1 || len(found.Hints) != 1 || !strings.Contains(found.Hints[0], "1 superseded passage was left out: superseded: mark shows it") {
		t.Errorf("memory_search with superseded hide = %+v, want 1 hidden and a hint", found)
	}
	for _, r := range found.Results {
		if r.Path == "memory/2025-03-02.md" {
			t.Errorf("memory_search with superseded hide returned %s", r.Path)
		}
	}
	var conf struct {
		Conflicts []any `json:"conflicts"`
	}
	mustCall(t, cs, "memory_conflicts", map[string]any{}, &conf)
	if len(conf.Conflicts) != 0 {
		t.Errorf("memory_conflicts after memory_resolve = %+v, want none", conf.Conflicts)
	}
	if res := call(t, cs, "memory_resolve", map[string]any{"keep_path": "/etc/x.md", "keep_line": 1, "keep_text": "x", "drop_path": "2025-03-02.md", "drop_line": 1, "drop_text": "x"}); !res.IsError {
		t.Error("memory_resolve with a path outside memory/ did not fail")
	}
}

func TestConsolidateTool(t *testing.T) {
	dup := "# Deploys\n\nThe staging deploy runs every Tuesday at noon from the release branch.\n"
	cs, root := connect(t, map[string]string{"memory/2026-11-01.md": dup, "memory/2026-11-20.md": dup})
	var list struct {
		Groups []struct {
			ID   string `json:"id"`
			Keep struct {
				Path string `json:"path"`
			} `json:"keep"`
		} `json:"groups"`
	}
	mustCall(t, cs, "memory_consolidate", map[string]any{}, &list)
	if len(list.Groups) != 1 || list.Groups[0].Keep.Path != "memory/2026-11-20.md" || len(list.Groups[0].ID) != 12 {
		t.Fatalf("memory_consolidate = %+v, want one group keeping memory/2026-11-20.md", list)
	}
	if _, err := os.Stat(filepath.Join(root, "memory", "2026-11-01.md")); err != nil {
		t.Fatalf("listing changed the files: %v", err)
	}
	if res := call(t, cs, "memory_consolidate", map[string]any{"apply": []string{}}); !res.IsError {
		t.Error("memory_consolidate with an empty apply did not fail")
	}
	var applied struct {
		Result struct {
			Applied []string `json:"applied"`
			Deleted []string `json:"deleted"`
		} `json:"result"`
	}
	mustCall(t, cs, "memory_consolidate", map[string]any{"apply": []string{list.Groups[0].ID}}, &applied)
	if len(applied.Result.Deleted) != 1 || applied.Result.Deleted[0] != "memory/2026-11-01.md" || len(applied.Result.Applied) != 1 {
		t.Errorf("memory_consolidate apply = %+v, want memory/2026-11-01.md deleted", applied)
	}
	if _, err := os.Stat(filepath.Join(root, "memory", "2026-11-01.md")); err == nil {
		t.Error("the duplicate is still there")
	}
}

// Two results of one memory_search marked in turn by their start_line
// and passage: the first mark's front matter moves the note's lines, and
// the second still marks the passage it named; a passage key no passage
// has any more is refused, naming the file and the key.
func TestFeedbackToolByPassage(t *testing.T) {
	note := "# Redis\n\nRedis caches the catalog API for five minutes.\n\n" +
		"# Sessions\n\nSessions expire after thirty minutes of inactivity.\n\n" +
		"# CDN\n\nThe CDN caches product images for a day.\n"
	cs, root := connect(t, map[string]string{"memory/c.md": note})
	var found struct {
		Results []struct {
			Path      string `json:"path"`
			StartLine int    `json:"start_line"`
			Passage   string `json:"passage"`
		} `json:"results"`
	}
	mustCall(t, cs, "memory_search", map[string]any{"query": "Redis sessions CDN caches", "min_score": 0}, &found)
	byLine := map[int]string{}
	for _, r := range found.Results {
		byLine[r.StartLine] = r.Passage
	}
	if len(byLine) != 3 || byLine[1] == "" || byLine[9] == "" {
		t.Fatalf("memory_search = %+v, want passages at lines 1, 5 and 9 with their keys", found.Results)
	}
	var fb struct {
		StartLine int    `json:"start_line"`
		Key       string `json:"key"`
		Useless   int    `json:"useless"`
	}
	mustCall(t, cs, "memory_feedback", map[string]any{"path": "memory/c.md", "line": 1, "passage": byLine[1], "useful": true}, &fb)
	mustCall(t, cs, "memory_feedback", map[string]any{"path": "memory/c.md", "line": 9, "passage": byLine[9], "useful": false}, &fb)
	data, err := os.ReadFile(filepath.Join(root, "memory", "c.md"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	if fb.Key != byLine[9] || fb.Useless != 1 || fb.StartLine < 1 || fb.StartLine > len(lines) || lines[fb.StartLine-1] != "# CDN" ||
		strings.Contains(string(data), byLine[5]) {
		t.Errorf("memory_feedback(line 9, passage %s) = %+v, note %q; want # CDN marked useless and Sessions unmarked", byLine[9], fb, data)
	}
	if err := os.WriteFile(filepath.Join(root, "memory", "c.md"), []byte(strings.Replace(string(data), "# CDN", "# Edge cache", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	mustFail(t, cs, "memory_feedback", map[string]any{"path": "memory/c.md", "line": 9, "passage": byLine[9], "useful": false}, "memory/c.md")
	mustFail(t, cs, "memory_feedback", map[string]any{"path": "memory/c.md", "line": 9, "passage": byLine[9], "useful": false}, byLine[9]+": no passage")
	mustFail(t, cs, "memory_feedback", map[string]any{"path": "memory/c.md", "line": 9, "passage": strings.Repeat("p", 65), "useful": false}, "passage is 65 bytes")
}

// Two memory_resolve calls naming lines of one listing with their text:
// the first call's marker moves the second's dropped line down one, and
// the second still supersedes that line, not the one that slid into its
// number; a text no line reads is refused, naming the file and the text.
func TestResolveToolByText(t *testing.T) {
	log := "# 2025-03-02\n\n- The staging database runs PostgreSQL 15.\n- Deploy freeze from Friday until the release is cut.\n- The session cache keeps entries for 5 minutes.\n"
	cs, root := connect(t, map[string]string{
		"memory/2025-03-02.md": log,
		"memory/2025-05-10.md": "# 2025-05-10\n\n- The staging database runs PostgreSQL 16.\n- The session cache keeps entries for 10 minutes.\n",
	})
	var res struct {
		Line string `json:"line"`
	}
	mustCall(t, cs, "memory_resolve", map[string]any{"keep_path": "2025-05-10.md", "keep_line": 3, "drop_path": "2025-03-02.md", "drop_line": 3,
		"keep_text": "- The staging database runs PostgreSQL 16.", "drop_text": "- The staging database runs PostgreSQL 15."}, &res)
	mustCall(t, cs, "memory_resolve", map[string]any{"keep_path": "2025-05-10.md", "keep_line": 4, "drop_path": "2025-03-02.md", "drop_line": 5,
		"keep_text": "- The session cache keeps entries for 10 minutes.", "drop_text": "- The session cache keeps entries for 5 minutes."}, &res)
	data, _ := os.ReadFile(filepath.Join(root, "memory", "2025-03-02.md"))
	if !strings.Contains(string(data), "5 minutes.\n  "+res.Line+"\n") || strings.Contains(string(data), "cut.\n  >") {
		t.Errorf("2025-03-02.md = %q, want the 5-minute line superseded and the deploy freeze live", data)
	}
	mustFail(t, cs, "memory_resolve", map[string]any{"keep_path": "2025-05-10.md", "keep_line": 4, "drop_path": "2025-03-02.md", "drop_line": 4,
		"keep_text": "- The session cache keeps entries for 10 minutes.", "drop_text": "- Deploys happen on Mondays."}, `memory/2025-03-02.md: line 4: no line of the note reads "- Deploys happen on Mondays."`)
}
