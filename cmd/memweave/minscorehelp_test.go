package main

import (
	"strings"
	"testing"
)

// TestMinScoreHelpSaysDecayGoesBelow: --min-score is applied before
// temporal decay (docs/search.md's order), so a search with
// --decay-half-life shows a dated note's result scoring below it. The
// flags' help said "drop results scoring below F", which such a result
// contradicts; both flags' help now say the threshold is on the score
// before decay.
func TestMinScoreHelpSaysDecayGoesBelow(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	var resp struct {
		Results []struct {
			Path  string
			Score float64
		}
	}
	decode(t, mustRunCLI(t, "-w", ws, "search", "Alice login bug", "--json", "--min-score", "0.35",
		"--decay-half-life", "7", "--now", "2026-12-31"), &resp)
	if len(resp.Results) == 0 || resp.Results[0].Path != "memory/2026-11-20.md" || resp.Results[0].Score >= 0.35 {
		t.Fatalf("search with decay: %+v, want memory/2026-11-20.md first, scoring below --min-score 0.35", resp.Results)
	}
	help := mustRunCLI(t, "search", "--help").stdout
	for _, flag := range []string{"--min-score", "--decay-half-life"} {
		i := strings.Index(help, " "+flag+" ")
		line, _, _ := strings.Cut(help[i:], "\n")
		if !strings.Contains(line, "before decay") {
			t.Errorf("help of %s = %q; a result it shows scores %.3f under --min-score 0.35: want it to say the threshold applies before decay", flag, strings.TrimSpace(line), resp.Results[0].Score)
		}
	}
}
