package conflict_test

import (
	"fmt"
	"testing"

	"github.com/memweave/memweave-go/conflict"
)

func TestDiffersInValue(t *testing.T) {
	para := "The ingest service retries failed uploads %s times with exponential backoff before it gives up and pages the on-call engineer through the usual alert channel."
	tests := []struct {
		a, b string
		want bool
	}{
		// One fact different inside a long paragraph: a number.
		{fmt.Sprintf(para, "three"), fmt.Sprintf(para, "five"), true},
		{"The ingest job retries three times.", "The ingest job retries 5 times.", true},
		// Names.
		{"The warehouse is Snowflake, loaded by Fivetran.", "The warehouse is BigQuery, loaded by Airbyte.", true},
		{"We load data with Fivetran into the warehouse.", "We load data with Fivetran and Airbyte into the warehouse.", true},
		// A negation, a status, a date, an identifier.
		{"The export endpoint requires a token.", "The export endpoint does not require a token.", true},
		{"Project Falcon is paused.", "Project Falcon is active.", true},
		{"The freeze starts on March 3 this year.", "The freeze starts on March 10 this year.", true},
		{"Incident 41 was caused by the cache.", "Incident 57 was caused by the cache.", true},
		// Copies: the same values, ordinary words changed or moved.
		{"The ingest job retries 3 times.", "The ingest job retries 3 times.", false},
		{"The team meets on Tuesdays to plan the sprint.", "The team meets on Tuesdays to plan the next sprint.", false},
		{"Alice reviews the Terraform changes every week.", "Every week, Alice reviews the Terraform changes.", false},
		{"", "", false},
	}
	for _, tt := range tests {
		reason, got := conflict.DiffersInValue(tt.a, tt.b)
		if got != tt.want {
			t.Errorf("DiffersInValue(%q, %q) = %q, %v, want %v", tt.a, tt.b, reason, got, tt.want)
		}
		if got && reason == "" {
			t.Errorf("DiffersInValue(%q, %q): true with no reason", tt.a, tt.b)
		}
		if r2, got2 := conflict.DiffersInValue(tt.b, tt.a); got2 != got {
			t.Errorf("DiffersInValue(%q, %q) = %q, %v, not symmetric", tt.b, tt.a, r2, got2)
		}
	}
}

// TestDiffersInValueOnConflicts checks that every labelled conflict pair
// Judge flags is a value difference (so deduplication never merges a
// pair that conflicts lists), and logs how many of the labelled
// conflicts Judge misses DiffersInValue still holds apart.
func TestDiffersInValueOnConflicts(t *testing.T) {
	missed, held := 0, 0
	for _, p := range append(loadPairs(t), loadFamilies(t)...) {
		if p.Label != "conflict" {
			continue
		}
		_, judged := conflict.Judge(p.A, p.B)
		_, differs := conflict.DiffersInValue(p.A, p.B)
		if judged && !differs {
			t.Errorf("pair %d: Judge flags it, DiffersInValue does not", p.ID)
		}
		if !judged {
			missed++
			if differs {
				held++
			}
		}
	}
	t.Logf("of %d labelled conflicts Judge misses, DiffersInValue holds %d apart", missed, held)
}
