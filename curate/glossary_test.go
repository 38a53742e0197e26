package curate

import (
	"fmt"
	"maps"
	"strings"
	"testing"
	"time"
)

// TestGlossaryOf pins which definitions [glossaryOf] reads: words whose
// initials are the acronym's letters, in brackets after them, and no
// acronym defined two ways.
func TestGlossaryOf(t *testing.T) {
	tests := []struct {
		name  string
		texts []string
		want  map[string]string
	}{
		{"words then acronym", []string{"The Parent Teacher Association (PTA) meets monthly."}, map[string]string{"PTA": "parent teacher association"}},
		{"hyphenated words", []string{"The Parent-Teacher Association (PTA) meets."}, map[string]string{"PTA": "parent teacher association"}},
		{"stop words without a letter", []string{"Claims go to the Department for Work and Pensions (DWP) first."}, map[string]string{"DWP": "department for work and pensions"}},
		{"initials that do not match", []string{"The Parent Teacher Alliance (PTC) meets."}, map[string]string{}},
		{"no brackets", []string{"The PTA, the Parent Teacher Association, meets."}, map[string]string{}},
		{"defined two ways", []string{"The Parent Teacher Association (PTA) meets.", "The Parent Teacher Alliance (PTA) meets."}, map[string]string{}},
		{"one set of words as two acronyms", []string{"Ask the Parents and Teachers (PAT) group.", "Ask the Parents and Teachers (PT) group."}, map[string]string{}},
		{"defined twice the same way", []string{"The Parent Teacher Association (PTA) meets.", "Ask the parent teacher association (PTA)."}, map[string]string{"PTA": "parent teacher association"}},
	}
	for _, tt := range tests {
		var ps []Passage
		for _, text := range tt.texts {
			ps = append(ps, Passage{Text: text})
		}
		if got := glossaryOf(ps); !maps.Equal(got, tt.want) {
			t.Errorf("%s: glossaryOf(%q) = %q, want %q", tt.name, tt.texts, got, tt.want)
		}
	}
}

// TestPairsReadAcronymsByTheWorkspacesGlossary groups an acronym and
// its words only when another passage of the workspace defines it, one
// way.
func TestPairsReadAcronymsByTheWorkspacesGlossary(t *testing.T) {
	const (
		acronym = "The PTA runs the second-hand uniform stall at the summer fair in the school hall."
		words   = "The Parent Teacher Association runs the second-hand uniform stall at the summer fair in the school hall."
		other   = "The Parent Teacher Alliance runs the second-hand uniform stall at the summer fair in the school hall."
		defined = "The Parent Teacher Association (PTA) raises money for the school library."
		alt     = "Our Parent Teacher Alliance (PTA) is the parents' other club."
	)
	tests := []struct {
		name     string
		glossary []string
		a, b     string
		want     bool
	}{
		{"defined", []string{defined}, acronym, words, true},
		{"defined, the words older", []string{defined}, words, acronym, true},
		{"not defined", nil, acronym, words, false},
		{"defined two ways", []string{defined, alt}, acronym, words, false},
		{"one word of the expansion changed", []string{defined}, acronym, other, false},
	}
	for _, tt := range tests {
		ps := []Passage{{File: "memory/2026-11-01.md", Text: tt.a}, {File: "memory/2026-11-02.md", Text: tt.b}}
		for i, g := range tt.glossary {
			ps = append(ps, Passage{File: "memory/2026-10-0" + string(rune('1'+i)) + ".md", Text: g})
		}
		day := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
		copies := make([]Copy, len(ps))
		for i := range ps {
			copies[i] = Copy{Date: day.AddDate(0, 0, -i), File: ps[i].File}
		}
		copies[1].Date = day.AddDate(0, 0, 1)
		pairs, _ := Pairs(ps, Threshold)
		gs := Groups(ps, copies, pairs)
		got := len(gs) == 1 && gs[0].Keep == 1 && len(gs[0].Drop) == 1 && gs[0].Drop[0].Index == 0
		if got != tt.want {
			t.Errorf("%s: Groups = %+v, want the pair grouped: %v", tt.name, gs, tt.want)
		}
	}
}

// TestGlossaryOfManyDefinitions: a workspace that writes more than
// [maxDefinitions] distinct definitions (a generated or hostile file)
// is read as defining none, one under it as it writes.
func TestGlossaryOfManyDefinitions(t *testing.T) {
	name := func(i int) string {
		b := []byte("a")
		for ; i > 0; i /= 26 {
			b = append(b, byte('a'+i%26))
		}
		return string(b)
	}
	defs := func(n int) []Passage {
		var sb strings.Builder
		for i := range n {
			fmt.Fprintf(&sb, "The A%s B%s (AB) meets. ", name(i), name(i))
		}
		return []Passage{{Text: sb.String()}, {Text: "The Parent Teacher Association (PTA) meets."}}
	}
	if got := glossaryOf(defs(maxDefinitions - 1)); got["PTA"] != "parent teacher association" {
		t.Errorf("glossaryOf(%d definitions and PTA)[PTA] = %q, want its words", maxDefinitions-1, got["PTA"])
	}
	if got := glossaryOf(defs(maxDefinitions + 1)); len(got) != 0 {
		t.Errorf("glossaryOf(%d definitions) holds %d, want none", maxDefinitions+1, len(got))
	}
}
