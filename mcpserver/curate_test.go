package mcpserver_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
	mustCall(t, cs, "memory_feedback", map[string]any{"path": "b.md", "line": 3, "useful": true}, &fb)
	if fb.Path != "memory/b.md" || fb.Useful != 1 || fb.StartLine != 5 {
		t.Errorf("memory_feedback = %+v, want memory/b.md, 1 useful, start line 5", fb)
	}
	data, err := os.ReadFile(filepath.Join(root, "memory", "b.md"))
	if err != nil || !strings.HasPrefix(string(data), "---\nfeedback:\n  p") {
		t.Errorf("memory/b.md = %q, %v; want front matter with feedback", data, err)
	}
	if res := call(t, cs, "memory_feedback", map[string]any{"path": "../x.md", "line": 1, "useful": true}); !res.IsError {
		t.Error("memory_feedback outside memory/ did not fail")
	}
}
