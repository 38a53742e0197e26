package pack

import (
	"strconv"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/workspace"
)

// assembled is assemble's passages and total, for the tests' tables.
func assembled(hits []Hit, budget int, dedupe float64, count func(string) int) ([]Passage, int, error) {
	p, err := assemble(hits, budget, dedupe, count)
	if err != nil {
		return nil, 0, err
	}
	return p.Items, p.TotalTokens, nil
}

func TestAssemble(t *testing.T) {
	hits := []Hit{
		{Path: "b.md", StartLine: 3, Score: 0.9, Text: "Valkey replaces Redis\r\nfor the session cache."},
		{Path: "b.md", StartLine: 3, Score: 0.8, Text: "Valkey replaces Redis\r\nfor the session cache."}, // same span
		{Path: "a.md", StartLine: 1, Score: 0.7, Text: "valkey replaces redis for the session cache"},     // near-duplicate
		{Path: "a.md", StartLine: 9, Score: 0.5, Text: "   \n"},                                           // blank
		{Path: "c.md", StartLine: 5, Score: 0, Text: "Deploys run on Tuesdays."},
		{Path: "d.md", StartLine: 1, Score: 0.6, Text: strings.Repeat("too big ", 40)},
	}
	got, total, err := assembled(hits, 20, 0.8, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []Passage{
		{Lines: workspace.Lines{Path: "b.md", StartLine: 3, EndLine: 4, Text: hits[0].Text}, Tokens: 12, Score: 0.9},
		{Lines: workspace.Lines{Path: "c.md", StartLine: 5, EndLine: 5, Text: hits[4].Text}, Tokens: 6, Score: 0},
	}
	if len(got) != len(want) || total != 18 {
		t.Fatalf("Assemble = %+v, %d tokens; want %+v, 18 tokens", got, total, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("Assemble item %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	if p, err := assemble(hits, 20, 0.8, nil); err != nil || p.OverBudget != 1 || p.SmallestOverBudget != 80 {
		t.Errorf("assemble over budget = %d, smallest %d (%v); want d.md's 80 tokens alone", p.OverBudget, p.SmallestOverBudget, err)
	}
	// Dedupe 1 keeps the near-duplicate, which then fits a larger budget.
	if got, _, _ := assembled(hits, 40, 1, nil); len(got) != 3 {
		t.Errorf("Assemble with dedupe 1 = %+v, want 3 passages", got)
	}
	if got, total, err := assembled(nil, 10, 0.8, nil); got == nil || len(got) != 0 || total != 0 || err != nil {
		t.Errorf("assembled(nil) = %v, %d, %v; want an empty, non-nil pack", got, total, err)
	}
	if _, _, err := assembled(hits, 10, 0.8, func(string) int { return -1 }); err == nil || !strings.Contains(err.Error(), "-1 tokens") {
		t.Errorf("Assemble with a negative counter = %v, want an error", err)
	}
}

// TestAssembleOverlappingSpans: results of one file whose lines overlap
// or nest are cut so that no line is packed twice; the higher scored
// keeps its lines, the other its longest run of the rest.
func TestAssembleOverlappingSpans(t *testing.T) {
	lines := func(from, to int, nl string) string {
		var s []string
		for l := from; l <= to; l++ {
			s = append(s, "line "+string(rune('a'+l))+" of the runbook")
		}
		return strings.Join(s, nl)
	}
	hits := []Hit{
		{Path: "r.md", StartLine: 1, Score: 0.9, Text: lines(1, 5, "\r\n")},
		{Path: "r.md", StartLine: 4, Score: 0.8, Text: lines(4, 8, "\r\n")}, // overlaps 4-5
		{Path: "r.md", StartLine: 2, Score: 0.7, Text: lines(2, 3, "\r\n")}, // inside 1-5
		{Path: "r.md", StartLine: 7, Score: 0.6, Text: lines(7, 12, "\r")},  // overlaps 7-8
		{Path: "s.md", StartLine: 1, Score: 0.5, Text: lines(1, 5, "\n")},   // another file
	}
	got, _, err := assembled(hits, 1000, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	var spans []string
	for _, p := range got {
		spans = append(spans, p.Path+":"+strconv.Itoa(p.StartLine)+"-"+strconv.Itoa(p.EndLine))
		if p.Path == "r.md" && p.StartLine == 6 && p.Text != lines(6, 8, "\r\n") {
			t.Errorf("r.md:6-8 text = %q, want its own lines 6-8", p.Text)
		}
		if p.Path == "r.md" && p.StartLine == 9 && p.Text != lines(9, 12, "\r") {
			t.Errorf("r.md:9-12 text = %q, want lines 9-12", p.Text)
		}
	}
	if want := "r.md:1-5 r.md:6-8 r.md:9-12 s.md:1-5"; strings.Join(spans, " ") != want {
		t.Errorf("Assemble = %v, want %s", spans, want)
	}
}
