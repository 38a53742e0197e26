package main

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

// Decay runs after the threshold (docs/search.md, stage order), so a dated
// note that matched above --min-score can be shown scoring far below it:
// a 2020 log at a half-life of 30 days printed "0.000  memory/2020-01-01.md"
// under the default --min-score 0.35 with no word of why. Search now says
// that the results shown below the threshold fell there by decay.
func TestSearchSaysDecayBroughtResultsBelowMinScore(t *testing.T) {
	t.Parallel()
	ws := memweavetest.Workspace(t, map[string]string{
		"memory/2020-01-01.md":     "The axolotl tank pH is 7.2.\n",
		"memory/2026-12-01.md":     "The axolotl tank pH is 7.4.\n",
		"memory/ops/2026-11-30.md": "The axolotl tank pH was checked today.\n",
	})
	out := mustRunCLI(t, "-w", ws, "search", "axolotl tank pH", "--decay-half-life", "30", "--now", "2026-12-05")
	if !strings.Contains(out.stdout, "memory/2020-01-01.md") {
		t.Fatalf("search with decay: stdout %q, want the 2020 log shown (it matched above the threshold)", out.stdout)
	}
	if want := "memweave: 1 result shown scores below --min-score 0.350 after decay, which comes after the threshold"; !strings.Contains(out.stderr, want) {
		t.Errorf("search with decay: stderr %q, want %q", out.stderr, want)
	}
	// Check: no decay, or a threshold every result still meets after it,
	// says nothing of the kind.
	for _, args := range [][]string{
		{"search", "axolotl tank pH"},
		{"search", "axolotl tank pH", "--decay-half-life", "30", "--now", "2026-12-05", "--min-score", "0"},
	} {
		out := mustRunCLI(t, append([]string{"-w", ws}, args...)...)
		if strings.Contains(out.stderr, "after decay") {
			t.Errorf("%v: stderr %q, want no word of decay", args, out.stderr)
		}
	}
}
