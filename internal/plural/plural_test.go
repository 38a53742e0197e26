package plural

import "testing"

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n          int
		noun, want string
	}{
		{1, "file", "1 file"}, {0, "file", "0 files"}, {2, "changed file", "2 changed files"},
		{1, "entry", "1 entry"}, {3, "more entry", "3 more entries"}, {2, "try", "2 tries"},
		{2, "day", "2 days"}, {2, "full wait", "2 full waits"}, {2, "batch", "2 batches"},
	} {
		if got := Count(c.n, c.noun); got != c.want {
			t.Errorf("Count(%d, %q) = %q, want %q", c.n, c.noun, got, c.want)
		}
	}
	if got := Verb(1, "is", "are") + " " + Verb(2, "is", "are"); got != "is are" {
		t.Errorf("Verb(1), Verb(2) = %q, want \"is are\"", got)
	}
}
