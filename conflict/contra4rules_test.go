package conflict_test

import (
	"testing"

	"github.com/memweave/memweave-go/conflict"
)

// TestContra4Rules holds one or more cases per rule of the fourth pass
// over new phrasings, each written for the rule and not taken from
// testdata/contra4.jsonl: the pairs it must find and the look-alikes it
// must leave alone.
func TestContra4Rules(t *testing.T) {
	for _, c := range []struct {
		name string
		a, b string
		want bool
	}{
		{"n times an hour agrees with its period", "The poller wakes every 10 minutes.", "The poller wakes 6 times an hour.", false},
		{"n times an hour differs from its period", "The poller wakes every 10 minutes.", "The poller wakes 4 times an hour.", true},
	} {
		if _, got := conflict.Judge(c.a, c.b); got != c.want {
			t.Errorf("%s: Judge(%q, %q) = %v, want %v", c.name, c.a, c.b, got, c.want)
		}
	}
}
