package pack

import (
	"strings"
	"testing"
)

func TestAssemble(t *testing.T) {
	hits := []Hit{
		{Path: "b.md", StartLine: 3, Score: 0.9, Text: "Valkey replaces Redis\r\nfor the session cache."},
		{Path: "b.md", StartLine: 3, Score: 0.8, Text: "Valkey replaces Redis\r\nfor the session cache."}, // same span
		{Path: "a.md", StartLine: 1, Score: 0.7, Text: "valkey replaces redis for the session cache"},     // near-duplicate
		{Path: "a.md", StartLine: 9, Score: 0.5, Text: "   \n"},                                           // blank
		{Path: "c.md", StartLine: 5, Score: 0, Text: "Deploys run on Tuesdays."},
		{Path: "d.md", StartLine: 1, Score: 0.6, Text: strings.Repeat("too big ", 40)},
	}
	got, total, err := Assemble(hits, 20, 0.8, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []Passage{
		{Path: "b.md", StartLine: 3, EndLine: 4, Tokens: 12, Score: 0.9, Text: hits[0].Text},
		{Path: "c.md", StartLine: 5, EndLine: 5, Tokens: 6, Score: 0, Text: hits[4].Text},
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
	if got, _, _ := Assemble(hits, 40, 1, nil); len(got) != 3 {
		t.Errorf("Assemble with dedupe 1 = %+v, want 3 passages", got)
	}
	if got, total, err := Assemble(nil, 10, 0.8, nil); got == nil || len(got) != 0 || total != 0 || err != nil {
		t.Errorf("Assemble(nil) = %v, %d, %v; want an empty, non-nil pack", got, total, err)
	}
	if _, _, err := Assemble(hits, 10, 0.8, func(string) int { return -1 }); err == nil || !strings.Contains(err.Error(), "-1 tokens") {
		t.Errorf("Assemble with a negative counter = %v, want an error", err)
	}
}
