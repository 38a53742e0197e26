package main

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestPack(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	out := mustRunCLI(t, "-w", ws, "pack", "queue", "--budget", "60", "--json")
	var raw map[string]json.RawMessage
	decode(t, out, &raw)
	if got, want := keys(raw), []string{"budget", "hidden", "items", "query", "total_tokens", "warnings"}; !slices.Equal(got, want) {
		t.Errorf("pack --json keys = %v, want %v", got, want)
	}
	var items []map[string]json.RawMessage
	if err := json.Unmarshal(raw["items"], &items); err != nil || len(items) == 0 {
		t.Fatalf("pack --json items = %s (%v), want some", raw["items"], err)
	}
	if got, want := keys(items[0]), []string{"end_line", "path", "score", "start_line", "text", "tokens"}; !slices.Equal(got, want) {
		t.Errorf("pack --json item keys = %v, want %v", got, want)
	}
	var p struct {
		Query       string `json:"query"`
		Budget      int    `json:"budget"`
		TotalTokens int    `json:"total_tokens"`
		Items       []struct {
			Path      string  `json:"path"`
			StartLine int     `json:"start_line"`
			EndLine   int     `json:"end_line"`
			Tokens    int     `json:"tokens"`
			Score     float64 `json:"score"`
			Text      string  `json:"text"`
		} `json:"items"`
	}
	decode(t, out, &p)
	sum := 0
	for _, it := range p.Items {
		sum += it.Tokens
		if it.Tokens != (len(it.Text)+3)/4 {
			t.Errorf("item %s:%d-%d: %d tokens for %d bytes", it.Path, it.StartLine, it.EndLine, it.Tokens, len(it.Text))
		}
	}
	if p.Query != "queue" || p.Budget != 60 || p.TotalTokens != sum || sum > 60 {
		t.Errorf("pack --json = %+v, want query queue, budget 60, total = sum of items <= 60", p)
	}

	out = mustRunCLI(t, "-w", ws, "pack", "queue", "--budget", "60")
	header := regexp.MustCompile(`^memory/\S+\.md:\d+-\d+  score [01]\.\d{3}  \d+ tokens$`)
	if first, _, _ := strings.Cut(out.stdout, "\n"); !header.MatchString(first) {
		t.Errorf("pack output starts %q, want a path:lines header", first)
	}
	checkErrorLine(t, out.stderr, "packed")

	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"pack", "queue"}, "--budget"},
		{[]string{"pack", "queue", "--budget", "0"}, "--budget"},
		{[]string{"pack", "queue", "--budget", "-3"}, "--budget"},
		{[]string{"pack", "--budget", "10"}, "QUERY"},
		{[]string{"pack", "queue", "--budget", "10", "--max-candidates", "0"}, "--max-candidates"},
	} {
		out := runCLI(t, "", nil, append([]string{"-w", ws}, tt.args...)...)
		if out.code != 2 || out.stdout != "" {
			t.Errorf("memweave %q: exit %d, stdout %q; want exit 2", tt.args, out.code, out.stdout)
		}
		checkErrorLine(t, out.stderr, tt.want)
	}
}
