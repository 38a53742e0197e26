package mcpserver_test

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// memory_search with decay_half_life_days returned a 2020 log at score
// 0.000 under min_score 0.35 and no hint of why: decay runs after the
// threshold. A hint now says that the results under min_score fell there
// by decay.
func TestSearchHintsDecayBroughtResultsBelowMinScore(t *testing.T) {
	today := time.Now().Format(time.DateOnly)
	cs, _ := connect(t, map[string]string{
		"memory/2020-01-01.md":    "The axolotl tank pH is 7.2.\n",
		"memory/" + today + ".md": "The axolotl tank pH is 7.4.\n",
	})
	type searchOut struct {
		Results []struct {
			Path string `json:"path"`
		} `json:"results"`
		Hints []string `json:"hints"`
	}
	var found searchOut
	mustCall(t, cs, "memory_search", map[string]any{"query": "axolotl tank pH", "decay_half_life_days": 30}, &found)
	want := "1 result scored below min_score 0.350 only after decay, which comes after the threshold"
	if !slices.ContainsFunc(found.Hints, func(h string) bool { return strings.HasPrefix(h, want) }) {
		t.Errorf("memory_search with decay = %+v, want a hint starting %q", found, want)
	}
	found = searchOut{}
	mustCall(t, cs, "memory_search", map[string]any{"query": "axolotl tank pH"}, &found)
	if len(found.Hints) != 0 {
		t.Errorf("memory_search without decay: hints %q, want none", found.Hints)
	}
}
