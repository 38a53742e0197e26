package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

func TestFeedbackCommand(t *testing.T) {
	t.Parallel()
	ws := memweavetest.Workspace(t, map[string]string{
		"memory/a.md": "# Redis\n\nRedis caches the catalog API.\n",
		"memory/b.md": "---\ntags: [ops, cache]\nexpires: 2000-01-01\n---\n# Redis\n\nRedis caches the old catalog API.\n",
	})
	out := mustRunCLI(t, "-w", ws, "feedback", "memory/a.md:3", "useful")
	if !strings.HasPrefix(out.stdout, "memory/a.md:5 p") || !strings.Contains(out.stdout, "1 useful, 0 useless") {
		t.Errorf("feedback printed %q", out.stdout)
	}
	if got := memweavetest.ReadFile(t, ws, "memory/a.md"); !strings.HasPrefix(got, "---\nfeedback:\n") {
		t.Errorf("memory/a.md = %q, want feedback front matter", got)
	}
	for _, args := range [][]string{{"memory/a.md", "useful"}, {"memory/a.md:0", "useful"}, {"memory/a.md:3", "great"}} {
		if out := runCLI(t, "", nil, append([]string{"-w", ws, "feedback"}, args...)...); out.code != 2 {
			t.Errorf("feedback %q: exit %d, want 2 (usage); stderr %q", args, out.code, out.stderr)
		}
	}
	if out := runCLI(t, "", nil, "-w", ws, "feedback", "memory/a.md:99", "useful"); out.code == 0 || !strings.Contains(out.stderr, "line 99") {
		t.Errorf("feedback past the end: exit %d, stderr %q", out.code, out.stderr)
	}

	// --tag and --include-expired; files --json carries the fields.
	out = mustRunCLI(t, "-w", ws, "search", "Redis catalog", "--min-score", "0", "--tag", "ops", "--json")
	if strings.Contains(out.stdout, "memory/b.md") {
		t.Errorf("search --tag ops found the expired note: %s", out.stdout)
	}
	out = mustRunCLI(t, "-w", ws, "search", "Redis catalog", "--min-score", "0", "--tag", "ops", "--include-expired", "--json")
	if !strings.Contains(out.stdout, `"path": "memory/b.md"`) || strings.Contains(out.stdout, "memory/a.md") {
		t.Errorf("search --tag ops --include-expired = %s, want memory/b.md alone", out.stdout)
	}
	out = mustRunCLI(t, "-w", ws, "files", "--json")
	if !strings.Contains(out.stdout, `"expires": "2000-01-01"`) || !strings.Contains(out.stdout, `"ops"`) {
		t.Errorf("files --json = %s, want the front matter fields of memory/b.md", out.stdout)
	}
}

// feedback --passage marks the passage a search named even after the
// first mark's front matter (5 lines, with both keys) moved the
// note's lines.
func TestFeedbackCommandPassage(t *testing.T) {
	t.Parallel()
	ws := memweavetest.Workspace(t, map[string]string{"memory/c.md": "# Redis\n\nRedis caches the catalog API for five minutes.\n\n" +
		"# Sessions\n\nSessions expire after thirty minutes of inactivity.\n\n# CDN\n\nThe CDN caches product images for a day.\n"})
	var found struct {
		Results []struct {
			StartLine int    `json:"start_line"`
			Passage   string `json:"passage"`
		} `json:"results"`
	}
	out := mustRunCLI(t, "-w", ws, "search", "Redis sessions CDN caches", "--min-score", "0", "--json")
	if err := json.Unmarshal([]byte(out.stdout), &found); err != nil {
		t.Fatal(err)
	}
	keys := map[int]string{}
	for _, r := range found.Results {
		keys[r.StartLine] = r.Passage
	}
	if keys[1] == "" || keys[9] == "" {
		t.Fatalf("search --json = %s, want passages at lines 1 and 9 with their keys", out.stdout)
	}
	mustRunCLI(t, "-w", ws, "feedback", "memory/c.md:1", "useful", "--passage", keys[1])
	out = mustRunCLI(t, "-w", ws, "feedback", "memory/c.md:9", "useless", "--passage", keys[9])
	if want := "memory/c.md:14 " + keys[9] + ": 0 useful, 1 useless\n"; out.stdout != want {
		t.Errorf("feedback memory/c.md:9 --passage %s printed %q, want %q", keys[9], out.stdout, want)
	}
	if out := runCLI(t, "", nil, "-w", ws, "feedback", "memory/c.md:9", "useless", "--passage", "p00000000"); out.code == 0 || !strings.Contains(out.stderr, "memory/c.md") || !strings.Contains(out.stderr, "p00000000") {
		t.Errorf("feedback --passage of no passage: exit %d, stderr %q; want an error naming the file and key", out.code, out.stderr)
	}
}
