package main

import (
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
