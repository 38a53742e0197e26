package main

import (
	"strings"
	"testing"
)

// TestPackBudgetTooSmall: a budget smaller than every passage found
// packs nothing, and says why (how many passages matched but are each
// over the budget, and the smallest size), where a query that matches
// nothing just packs nothing.
func TestPackBudgetTooSmall(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	var p struct {
		Items              []any `json:"items"`
		OverBudget         int   `json:"over_budget"`
		SmallestOverBudget int   `json:"smallest_over_budget"`
	}
	decode(t, mustRunCLI(t, "-w", ws, "pack", "queue", "--budget", "1", "--json"), &p)
	if len(p.Items) != 0 || p.OverBudget == 0 || p.SmallestOverBudget <= 1 {
		t.Fatalf("pack --budget 1 --json = %+v, want no items, over_budget > 0 and the smallest size", p)
	}
	out := mustRunCLI(t, "-w", ws, "pack", "queue", "--budget", "1")
	if !strings.Contains(out.stderr, "over the budget") || !strings.Contains(out.stderr, "smallest") {
		t.Errorf("pack --budget 1: stderr %q does not say the passages found are over the budget", out.stderr)
	}
	out = mustRunCLI(t, "-w", ws, "pack", "xyzzyplughnothing", "--budget", "1")
	if strings.Contains(out.stderr, "over the budget") {
		t.Errorf("pack of a query matching nothing: stderr %q, want no word of the budget", out.stderr)
	}
}
