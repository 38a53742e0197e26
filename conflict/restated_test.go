package conflict_test

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go/conflict"
)

// TestRestatedPrecisionRecall reports precision and recall of
// [conflict.Judge] on testdata/restated.jsonl: a later note that restates
// a value-bearing fact in other words (another verb, word order,
// abbreviation or unit spelling, "now", "was cut to") with a new value,
// by value family (money, duration, frequency, time of day, limit,
// version, date, holder, quantity), each with as many hard negatives in
// the same styles (another subject, another time, an equal value in
// other units, a list that grows). The file was committed before the
// rules that read it. Misses are printed for the tune part only. Run
// with -v to see the figures:
//
//	go test -tags sqlite_fts5 -count=1 -run TestRestatedPrecisionRecall -v ./conflict/
func TestRestatedPrecisionRecall(t *testing.T) {
	pairs := loadMembers(t, "testdata/restated.jsonl", "restated")
	if len(pairs) < 80 {
		t.Fatalf("restated has %d pairs, want at least 80", len(pairs))
	}
	parts := map[string]*score{}
	for _, p := range pairs {
		v, got := conflict.Judge(p.A, p.B)
		want := p.Label == "conflict"
		part := strings.TrimPrefix(p.Split, "restated-")
		for _, k := range []string{part, part + "/" + p.Kind} {
			tally(parts, k, got, want)
		}
		if got != want && part == "tune" {
			t.Logf("miss %d [%s] Judge = %v %q, want %v\n  a: %s\n  b: %s", p.ID, p.Kind, got, v.Reason, want, p.A, p.B)
		}
	}
	logScores(t, parts)
	// What the rules achieve on each part, as a floor that a change
	// must not lower; the check part was measured once, after the rules
	// were tuned on the tune part.
	for _, c := range []struct {
		part              string
		precision, recall float64
	}{
		{"tune", 1, 0.85},
		{"check", 1, 0.85},
	} {
		if s := parts[c.part]; s.precision() < c.precision || s.recall() < c.recall {
			t.Errorf("restated %s part: %v, want precision >= %.2f and recall >= %.2f", c.part, s, c.precision, c.recall)
		}
	}
}

// TestRestatedForms checks the spellings of one value that a restated
// note uses: each pair states one value (no conflict) or two (a
// conflict), only in other words or units.
func TestRestatedForms(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"The office closes at 18:00.", "The office closes at 6 pm.", false},
		{"Backups run at 2 AM.", "Backups run at 02:00.", false},
		{"The standup starts at 9:30.", "The standup starts at 10 am.", true},
		{"The hosting budget is 30k EUR.", "The hosting budget is €30,000.", false},
		{"The hosting budget is 30k EUR.", "The hosting budget is €45,000.", true},
		{"The dinner allowance is 50 dollars.", "The dinner allowance is $50.", false},
		{"The staging DB listens on port 5432.", "The staging database listens on port 6543.", true},
		{"The k8s cluster runs 1.27.", "The Kubernetes cluster runs 1.27.", false},
		{"Staging DB listens on port 5432.", "The staging database listens on port 6543.", true},
		{"The API allows 60 requests per minute.", "The API allows 60 req/min.", false},
		{"The CDN cache size is 10 GB.", "The CDN cache size is 10,000 MB.", false},
		{"The CDN cache size is 10 GB.", "The CDN cache size is 12,000 MB.", true},
		{"Each node has 16 GB RAM.", "Each node has 32 GB RAM.", true},
		{"The audit is scheduled for 2026-05-04.", "The audit is scheduled for May 4.", false},
		{"The audit is scheduled for 2026-05-04.", "The audit is scheduled for May 14.", true},
		// A changed claim may word its verb otherwise, but its value must
		// be of the same kind: a frequency is not a port, a duration not
		// an amount of money, a time of day not a count.
		{"The staging database is backed up nightly.", "Staging DB moved: it now listens on 6543.", false},
		{"The staging database runs on port 5432.", "Staging DB moved: it now listens on 6543.", true},
		{"The invoice run takes 3 hours.", "The invoice run now costs 40 EUR.", false},
		{"The invoice run takes 3 hours.", "The invoice run was cut to 2 hours.", true},
		{"The nightly job starts at 02:00.", "The nightly job now processes 500 files.", false},
		{"The nightly job starts at 02:00.", "The nightly job moved to 03:30.", true},
	} {
		if _, got := conflict.Judge(c.a, c.b); got != c.want {
			t.Errorf("Judge(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
