package curate

import (
	"fmt"
	"testing"
)

// TestDiffersOnAnAddedHedge: an adverb ending in "ly" that the newer copy
// adds changes the fact when it weakens it ("partially encrypted",
// "hardly used"), hedges it ("supposedly writes") or bounds it in time
// ("temporarily disabled"), as "almost", "probably" and "tentatively"
// do; one of manner or emphasis ("reviewed thoroughly", "clearly says")
// does not.
func TestDiffersOnAnAddedHedge(t *testing.T) {
	long := "The nightly backups of the customer database are %s with the key held in the key management service of the cloud provider."
	tests := []struct {
		adverb string
		want   bool
	}{
		{"partially", true}, {"hardly", true}, {"barely", true}, {"mostly", true},
		{"temporarily", true}, {"supposedly", true}, {"nearly", true}, {"apparently", true},
		{"thoroughly", false}, {"clearly", false}, {"carefully", false},
	}
	for _, tt := range tests {
		a, b := fmt.Sprintf(long, "encrypted"), fmt.Sprintf(long, tt.adverb+" encrypted")
		if reason, got := Differs(a, b); got != tt.want {
			t.Errorf("Differs(%q, %q) = %q, %v, want %v", a, b, reason, got, tt.want)
		}
		if l := Adds(b, a); (len(l) > 0) != tt.want {
			t.Errorf("Adds(kept %q, dropped %q) = %v, want words only for a hedge", b, a, l)
		}
	}
}
