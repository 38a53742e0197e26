package main

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

// feedback on the "## Database" passage under # Staging, by the key and
// line search --json gave, lowers that passage alone: the one under
// # Production, opening with the same line, keeps its score (search
// --explain shows no curation for it).
func TestFeedbackCommandTwins(t *testing.T) {
	t.Parallel()
	ws := memweavetest.Workspace(t, map[string]string{"memory/n.md": "# Staging\n\nStaging runs in eu-west.\n\n## Database\n\nThe staging database is db-stg on port 5432.\n\n" +
		"# Production\n\nProduction runs in us-east.\n\n## Database\n\nThe production database is db-prod on port 5432.\n"})
	type result struct {
		StartLine int    `json:"start_line"`
		Passage   string `json:"passage"`
		Snippet   string `json:"snippet"`
		Explain   struct {
			Curation *float64 `json:"curation"`
		} `json:"explain"`
	}
	search := func() map[string]result {
		var found struct {
			Results []result `json:"results"`
		}
		out := mustRunCLI(t, "-w", ws, "search", "database db-stg db-prod", "--min-score", "0", "--json", "--explain")
		if err := json.Unmarshal([]byte(out.stdout), &found); err != nil {
			t.Fatal(err)
		}
		by := map[string]result{}
		for _, r := range found.Results {
			for _, db := range []string{"db-stg", "db-prod"} {
				if strings.Contains(r.Snippet, db) {
					by[db] = r
				}
			}
		}
		if len(by) != 2 || by["db-stg"].Passage == by["db-prod"].Passage {
			t.Fatalf("search --json = %s, want the two database passages with distinct keys", out.stdout)
		}
		return by
	}
	stg := search()["db-stg"]
	line := stg.StartLine
	for range 3 {
		out := mustRunCLI(t, "-w", ws, "feedback", "memory/n.md:"+strconv.Itoa(line), "useless", "--passage", stg.Passage)
		loc, _, _ := strings.Cut(out.stdout, " ")
		var err error
		if line, err = strconv.Atoi(strings.TrimPrefix(loc, "memory/n.md:")); err != nil {
			t.Fatalf("feedback printed %q: %v", out.stdout, err)
		}
	}
	got := search()
	if c := got["db-stg"].Explain.Curation; c == nil || *c >= 1 {
		t.Errorf("the staging passage's curation = %v, want below 1", c)
	}
	if c := got["db-prod"].Explain.Curation; c != nil {
		t.Errorf("the production passage's curation = %v, want none: the staging marks lowered it", *c)
	}
}
