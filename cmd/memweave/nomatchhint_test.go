package main

import "testing"

// TestNoHintToLowerMinScoreForNothing: a query no note matches at all
// says only that there are no results; "lower --min-score to see them"
// would show passages scored 0, sharing nothing with the query.
func TestNoHintToLowerMinScoreForNothing(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	out := mustRunCLI(t, "-w", ws, "search", "xylophone")
	if want := "memweave: no results for \"xylophone\"\n"; out.stdout != "" || out.stderr != want {
		t.Errorf("search xylophone = stdout %q, stderr %q; want stderr %q", out.stdout, out.stderr, want)
	}
}
