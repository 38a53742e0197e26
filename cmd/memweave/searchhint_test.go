package main

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

// TestSearchBelowThresholdHintIsTrue checks the "more below --min-score"
// hint against what the flag it names then does: it is printed only when
// some passage scored above zero, and the value it suggests shows that
// passage.
func TestSearchBelowThresholdHintIsTrue(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"memory/db.md": "# Postgres\nThe billing database runs Postgres 16 on host db-a.\n",
	}
	for i := range 20 {
		files[fmt.Sprintf("memory/g%d.md", i)] = fmt.Sprintf("note %d about gardening tomatoes and watering schedule\n", i)
	}
	ws := memweavetest.Workspace(t, files)

	// Passages that share nothing with the query score 0: they are no
	// match, and no --min-score but 0 shows them, so no hint counts them.
	for _, q := range []string{"kubernetes", "postgres host", "tomatoes"} {
		out := mustRunCLI(t, "-w", ws, "search", q)
		if strings.Contains(out.stderr, "below --min-score") {
			t.Errorf("search %q: stderr %q, want no threshold hint (every passage left out scored 0)", q, out.stderr)
		}
	}

	// Cut above the best score: the hint names a --min-score that shows it.
	out := mustRunCLI(t, "-w", ws, "search", "postgres host", "--min-score", "0.99")
	m := regexp.MustCompile(`memweave: (\d+) more passages? below --min-score \(best 0\.\d{3}\); --min-score (0\.\d{3}) shows`).FindStringSubmatch(out.stderr)
	if out.stdout != "" || m == nil {
		t.Fatalf("search --min-score 0.99 = stdout %q stderr %q, want no results and a hint naming the --min-score that shows the best", out.stdout, out.stderr)
	}
	if m[1] != "1" {
		t.Errorf("hint %q counts %s passages, want 1 (only db.md shares a word)", out.stderr, m[1])
	}
	shown := mustRunCLI(t, "-w", ws, "search", "postgres host", "--min-score", m[2])
	if !strings.Contains(shown.stdout, "memory/db.md") {
		t.Errorf("search --min-score %s (the hint's value) = stdout %q stderr %q, want memory/db.md", m[2], shown.stdout, shown.stderr)
	}
}
