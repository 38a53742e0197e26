package mcpserver_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Twins through memory_feedback: two "## Database" passages, under
// "# Staging" and "# Production", have distinct passage keys; a key
// given with the other twin's line marks the passage it names, an old
// 9-character key (the first line's alone) naming two passages with a
// line in neither is refused, and hostile keys (upper case, non-hex, one
// short, one long) are refused with nothing written.
func TestFeedbackToolTwins(t *testing.T) {
	note := "# Staging\n\nStaging runs in eu-west.\n\n## Database\n\nThe database is db-stg on port 5432.\n\n" +
		"# Production\n\nProduction runs in us-east.\n\n## Database\n\nThe database is db-prod on port 5433.\n"
	cs, root := connect(t, map[string]string{"memory/env.md": note})
	var found struct {
		Results []struct {
			StartLine int    `json:"start_line"`
			Passage   string `json:"passage"`
		} `json:"results"`
	}
	mustCall(t, cs, "memory_search", map[string]any{"query": "database port", "min_score": 0}, &found)
	var stg, prod string
	var prodLine int
	for _, r := range found.Results {
		switch r.StartLine {
		case 5: // ## Database under # Staging
			stg = r.Passage
		case 13: // ## Database under # Production
			prod, prodLine = r.Passage, r.StartLine
		}
	}
	if len(stg) != 17 || len(prod) != 17 || stg == prod || stg[:9] != prod[:9] {
		t.Fatalf("memory_search = %+v; want the two database passages with distinct 17-character keys sharing their first 9", found.Results)
	}
	read := func() string {
		data, err := os.ReadFile(filepath.Join(root, "memory", "env.md"))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	for _, bad := range []string{strings.ToUpper(stg), stg[:16] + "g", stg[:16], stg + "0", stg[:9] + "-" + stg[10:]} {
		mustFail(t, cs, "memory_feedback", map[string]any{"path": "memory/env.md", "line": prodLine, "passage": bad, "useful": false}, "memory/env.md")
	}
	mustFail(t, cs, "memory_feedback", map[string]any{"path": "memory/env.md", "line": 1, "passage": stg[:9], "useful": false}, "open with the same line")
	if got := read(); got != note {
		t.Fatalf("after refused marks the note = %q, want it unchanged", got)
	}
	var fb struct {
		Key     string `json:"key"`
		Useless int    `json:"useless"`
	}
	mustCall(t, cs, "memory_feedback", map[string]any{"path": "memory/env.md", "line": prodLine, "passage": stg, "useful": false}, &fb)
	got := read()
	if fb.Key != stg || fb.Useless != 1 || !strings.Contains(got, stg) || strings.Contains(got, prod) {
		t.Errorf("memory_feedback(production's line, staging's key) = %+v, note %q; want the staging passage marked and production's not", fb, got)
	}
}
