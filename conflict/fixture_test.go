package conflict_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"testing"

	"github.com/memweave/memweave-go/conflict"
)

// pair is one labelled fixture pair.
type pair struct {
	ID    int    `json:"id"`
	Label string `json:"label"` // "conflict" or "none"
	Kind  string `json:"kind"`
	// Split is "tune", "heldout" or "fresh" (pairs.jsonl, fresh.jsonl),
	// or "shapes-tune" or "shapes-heldout" (shapes.jsonl).
	Split string `json:"split"`
	A     string `json:"a"`
	B     string `json:"b"`
}

func loadPairs(tb testing.TB) []pair {
	tb.Helper()
	var out []pair
	for _, name := range []string{"testdata/pairs.jsonl", "testdata/fresh.jsonl", "testdata/shapes.jsonl"} {
		f, err := os.Open(name)
		if err != nil {
			tb.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			var p pair
			if err := json.Unmarshal(sc.Bytes(), &p); err != nil {
				tb.Fatalf("%s: %v", name, err)
			}
			out = append(out, p)
		}
		f.Close()
		if err := sc.Err(); err != nil {
			tb.Fatal(err)
		}
	}
	return out
}

// score is a confusion count.
type score struct{ tp, fp, fn, tn int }

func (s score) precision() float64 { return ratio(s.tp, s.tp+s.fp) }
func (s score) recall() float64    { return ratio(s.tp, s.tp+s.fn) }
func (s score) String() string {
	return fmt.Sprintf("pairs=%d precision=%.3f recall=%.3f (tp=%d fp=%d fn=%d tn=%d)",
		s.tp+s.fp+s.fn+s.tn, s.precision(), s.recall(), s.tp, s.fp, s.fn, s.tn)
}

// tally counts a prediction got against the label want in m[key].
func tally(m map[string]*score, key string, got, want bool) {
	s := m[key]
	if s == nil {
		s = &score{}
		m[key] = s
	}
	switch {
	case got && want:
		s.tp++
	case got:
		s.fp++
	case want:
		s.fn++
	default:
		s.tn++
	}
}

// logScores logs each part's score, by name.
func logScores(t *testing.T, parts map[string]*score) {
	t.Helper()
	keys := make([]string, 0, len(parts))
	for k := range parts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("%-20s %v", k, parts[k])
	}
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

// TestFixturePrecisionRecall computes precision and recall of [conflict.Judge]
// on the labelled fixture, per split: "tune" is what the rules were
// written against (in-sample), "heldout" was written with it and read
// while designing the rules but never tuned on, "fresh" was written
// after the design and before the rules were coded and run. A pair is
// predicted a conflict when Judge returns any kind. Run with -v to see
// the figures:
//
//	go test -tags sqlite_fts5 -run TestFixturePrecisionRecall -v ./conflict/
func TestFixturePrecisionRecall(t *testing.T) {
	pairs := loadPairs(t)
	if len(pairs) < 60 {
		t.Fatalf("fixture has %d pairs, want at least 60", len(pairs))
	}
	scores := map[string]*score{}
	likely := map[string]*score{}
	for _, p := range pairs {
		v, got := conflict.Judge(p.A, p.B)
		want := p.Label == "conflict"
		for _, split := range []string{p.Split, "all"} {
			for _, c := range []struct {
				m    map[string]*score
				pred bool
			}{{scores, got}, {likely, got && v.Kind == conflict.Likely}} {
				tally(c.m, split, c.pred, want)
			}
		}
		if got != want {
			t.Logf("miss %d [%s %s] Judge = %v %+v, want %v\n  a: %s\n  b: %s", p.ID, p.Split, p.Kind, got, v, want, p.A, p.B)
		}
	}
	splits := make([]string, 0, len(scores))
	for s := range scores {
		splits = append(splits, s)
	}
	sort.Strings(splits)
	for _, s := range splits {
		t.Logf("%-8s any kind: %v", s, scores[s])
		t.Logf("%-8s likely:   %v", s, likely[s])
	}
	// The targets hold in-sample; the held-out figures are reported,
	// and guarded only against a collapse.
	if s := scores["tune"]; s.precision() < 0.9 || s.recall() < 0.8 {
		t.Errorf("tune split: %v, want precision >= 0.9 and recall >= 0.8", s)
	}
	// The new shapes (unit, date, role holder, move, implicit negation,
	// numbered things) were labelled before their rules were written; the
	// issue's bar holds on their held-out half.
	if s := scores["shapes-heldout"]; s.precision() < 0.9 || s.recall() < 0.9 {
		t.Errorf("shapes-heldout split: %v, want precision >= 0.9 and recall >= 0.9", s)
	}
	for _, split := range []string{"heldout", "fresh"} {
		if s := scores[split]; s.precision() < 0.75 || s.recall() < 0.6 {
			t.Errorf("%s split: %v, want precision >= 0.75 and recall >= 0.6", split, s)
		}
	}
}
