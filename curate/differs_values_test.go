package curate

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"github.com/memweave/memweave-go/conflict"
)

// TestDiffersOnValues: one value changed inside near-identical passages
// (a number, a name, a negation, a status, a date, an identifier) makes
// two facts; the same words, punctuation aside, do not. Differs is symmetric and names its reason.
func TestDiffersOnValues(t *testing.T) {
	long := "The ingest service retries failed uploads %s times with exponential backoff before it gives up and pages the on-call engineer through the usual alert channel."
	tests := []struct {
		a, b string
		want bool
	}{
		{fmt.Sprintf(long, "three"), fmt.Sprintf(long, "five"), true},
		{"The ingest job retries three times.", "The ingest job retries 5 times.", true},
		{"The warehouse is Snowflake, loaded by Fivetran.", "The warehouse is BigQuery, loaded by Airbyte.", true},
		{"We load data with Fivetran into the warehouse.", "We load data with Fivetran and Airbyte into the warehouse.", true},
		{"The export endpoint requires a token.", "The export endpoint does not require a token.", true},
		{"Project Falcon is paused.", "Project Falcon is active.", true},
		{"The freeze starts on March 3 this year.", "The freeze starts on March 10 this year.", true},
		{"Incident 41 was caused by the cache.", "Incident 57 was caused by the cache.", true},
		{"The ingest job retries 3 times.", "The ingest job retries 3 times.", false},
		{"The team meets on Tuesdays to plan the sprint.", "The team meets on Tuesdays to plan the sprint!", false},
		{"", "", false},
	}
	for _, tt := range tests {
		reason, got := Differs(tt.a, tt.b)
		if got != tt.want {
			t.Errorf("Differs(%q, %q) = %q, %v, want %v", tt.a, tt.b, reason, got, tt.want)
		}
		if got && reason == "" {
			t.Errorf("Differs(%q, %q): true with no reason", tt.a, tt.b)
		}
		if r2, got2 := Differs(tt.b, tt.a); got2 != got {
			t.Errorf("Differs(%q, %q) = %q, %v, not symmetric", tt.b, tt.a, r2, got2)
		}
	}
}

// TestDiffersOnConflicts: every labelled conflict pair of package
// conflict's fixtures that conflict.Judge flags is a value difference,
// so consolidation never merges a pair that conflicts lists.
func TestDiffersOnConflicts(t *testing.T) {
	n := 0
	for _, name := range []string{"pairs", "fresh", "shapes", "families"} {
		f, err := os.Open("../conflict/testdata/" + name + ".jsonl")
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var p struct {
				ID    int    `json:"id"`
				Label string `json:"label"`
				A, B  string
			}
			if err := json.Unmarshal(sc.Bytes(), &p); err != nil {
				t.Fatalf("%s.jsonl: %v", name, err)
			}
			if p.Label != "conflict" {
				continue
			}
			if _, judged := conflict.Judge(p.A, p.B); !judged {
				continue
			}
			n++
			if _, differs := Differs(p.A, p.B); !differs {
				t.Errorf("%s.jsonl pair %d: conflict.Judge flags it, Differs does not:\n%s\n%s", name, p.ID, p.A, p.B)
			}
		}
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	if n < 100 {
		t.Errorf("%d conflict pairs read, want the fixtures' hundreds", n)
	}
	t.Logf("%d pairs Judge flags, all differ", n)
}

// TestDiffersOnFunctionWords: a stop word that says which way, which,
// who or when makes another fact, also beside an adverb the newer copy
// adds (which Adds lets pass); an article or "also" does not.
func TestDiffersOnFunctionWords(t *testing.T) {
	long := "Every night the sync job copies the billing database snapshots %s the offsite storage bucket of the platform team."
	tests := []struct {
		a, b string
		want bool
	}{
		{fmt.Sprintf(long, "to"), fmt.Sprintf(long, "from"), true},
		{fmt.Sprintf(long, "to"), fmt.Sprintf(long, "carefully from"), true},
		{fmt.Sprintf(long, "to"), fmt.Sprintf(long, "also to"), false},
		{fmt.Sprintf(long, "to"), fmt.Sprintf(long, "to a"), false},
	}
	for _, tt := range tests {
		reason, got := Differs(tt.a, tt.b)
		if got != tt.want {
			t.Errorf("Differs(%q, %q) = %q, %v, want %v", tt.a, tt.b, reason, got, tt.want)
		}
	}
}
