package monthname

import (
	"slices"
	"testing"
)

func TestNumber(t *testing.T) {
	for w, want := range map[string]int{"january": 1, "jan": 1, "march": 3, "mar": 3, "may": 5, "sept": 9, "sep": 9,
		"december": 12, "dec": 12, "monday": 0, "": 0, "ma": 0, "March": 0} {
		if got := Number(w); got != want {
			t.Errorf("Number(%q) = %d, want %d", w, got, want)
		}
	}
}

func TestWordsAreRead(t *testing.T) {
	words := Words()
	if len(words) != 12+11+1 || !slices.Contains(words, "sept") || !slices.Contains(words, "june") {
		t.Fatalf("Words() = %q", words)
	}
	for _, w := range words {
		if Number(w) == 0 {
			t.Errorf("Number(%q) = 0 for a word of Words", w)
		}
	}
}
