package curate

import "testing"

// TestValueKeyDiffersOnlyWhenDiffers: pack compares near-duplicates with
// Differs only when their ValueKeys agree, so two texts of other keys
// must always differ. Every pair of the labelled cases' copies, each
// against each, is checked.
func TestValueKeyDiffersOnlyWhenDiffers(t *testing.T) {
	var texts []string
	for _, c := range loadPairs(t) {
		texts = append(texts, c.a, c.b)
	}
	texts = append(texts, "It runs at 5pm.", "It runs at 5 pm.", "It isn't on.", "It is on.", "Backups “never” fail.", "Backups never fail’s")
	for i, a := range texts {
		for _, b := range texts[i+1:] {
			if ValueKey(a) == ValueKey(b) {
				continue
			}
			if _, ok := Differs(a, b); !ok {
				t.Errorf("ValueKey(%q) = %q, ValueKey(%q) = %q, but Differs = false", a, ValueKey(a), b, ValueKey(b))
			}
		}
	}
}
