package mcpserver_test

import (
	"strings"
	"testing"
)

// TestNoHintToLowerMinScoreForNothing: a query no note matches at all
// (every candidate scored 0) gets no hint to lower min_score: an agent
// that followed it would get passages sharing nothing with its query. A
// threshold above a real match still gets the hint.
func TestNoHintToLowerMinScoreForNothing(t *testing.T) {
	cs, _ := connect(t, map[string]string{
		"memory/stack.md": "# Stack\n\nThe session cache runs on Valkey.\n",
		"memory/ops.md":   "# Ops\n\nPages go to the on-call engineer first.\n",
	})
	var found struct {
		Results []any    `json:"results"`
		Hints   []string `json:"hints"`
	}
	mustCall(t, cs, "memory_search", map[string]any{"query": "xylophone"}, &found)
	if len(found.Results) != 0 || len(found.Hints) != 0 {
		t.Errorf("memory_search(xylophone) = %d results, hints %q; want none", len(found.Results), found.Hints)
	}
	found.Hints = nil
	mustCall(t, cs, "memory_search", map[string]any{"query": "Valkey session cache", "min_score": 0.99}, &found)
	if len(found.Hints) != 1 || !strings.Contains(found.Hints[0], "1 more passage scored below min_score (best ") {
		t.Errorf("memory_search(min_score 0.99) hints = %q, want the min_score hint", found.Hints)
	}
}
