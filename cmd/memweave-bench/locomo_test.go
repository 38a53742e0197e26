package main

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestParseEvidence(t *testing.T) {
	tests := []struct {
		evidence []string
		want     string
	}{
		{[]string{"D1:3"}, "[D1:3]"},
		{[]string{"D8:6; D9:17"}, "[D8:6 D9:17]"},
		{[]string{"D9:1 D4:4 D4:6"}, "[D9:1 D4:4 D4:6]"},
		{[]string{"D21:18 D21:22", "D11:15,D11:19"}, "[D21:18 D21:22 D11:15 D11:19]"},
		{[]string{"D:11:26"}, "[D11:26]"},
		{[]string{"D30:05"}, "[D30:5]"},
		{[]string{"D"}, "[]"},
		{[]string{}, "[]"},
		{[]string{"D1:3", "D1:03"}, "[D1:3]"},
	}
	for _, tt := range tests {
		if got := fmt.Sprint(parseEvidence(tt.evidence)); got != tt.want {
			t.Errorf("parseEvidence(%q) = %s, want %s", tt.evidence, got, tt.want)
		}
	}
}

func TestRenderLoCoMoSession(t *testing.T) {
	se := renderLoCoMoSession(2, "1:56 pm on 8 May, 2023", []string{"Caroline", "Melanie"}, []locomoTurn{
		{Speaker: "Caroline", DiaID: "D2:1", Text: "Hi!\nHow are you?"},
		{Speaker: "Melanie", DiaID: "D2:2", Text: "Look at this.", BlipCaption: "a photo of a dog"},
	})
	want := `# Session 2

Date: 1:56 pm on 8 May, 2023
Speakers: Caroline and Melanie

Caroline (D2:1): Hi! How are you?

Melanie (D2:2): Look at this. [image: a photo of a dog]
`
	if se.text != want {
		t.Errorf("text =\n%s\nwant\n%s", se.text, want)
	}
	lines := strings.Split(se.text, "\n")
	for id, n := range se.lines {
		if !strings.Contains(lines[n-1], "("+id+")") {
			t.Errorf("line %d of %s is %q", n, id, lines[n-1])
		}
	}
	if se.id != "session_2" || len(se.lines) != 2 {
		t.Errorf("id %q, %d turn lines; want session_2, 2", se.id, len(se.lines))
	}

	// A chunk of lines 1-6 holds D2:1; one of lines 6-8 adds only D2:2.
	rk := ranking{hits: []hit{{doc: "session_2", start: 1, end: 6}, {doc: "session_9", start: 1, end: 3}, {doc: "session_2", start: 6, end: 8}}}
	got := turnsFound(rk, []locomoSession{se})
	if want := []string{"D2:1", "", "", "D2:2", ""}; !slices.Equal(got, want) {
		t.Errorf("turnsFound = %q, want %q", got, want)
	}
}
