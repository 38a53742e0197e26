package conflict_test

import (
	"bufio"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/conflict"
)

// loadFamilies reads testdata/families.jsonl: pairs written by shape
// family (move, provider, habit, quantity, role, status), each with hard
// negatives, before the rules that read them. Within each family and
// label the members are numbered in file order; odd numbers form the
// "families-check" part, even ones "families-tune". Only the tune part
// is read while changing the rules.
func loadFamilies(tb testing.TB) []pair {
	tb.Helper()
	return loadMembers(tb, "testdata/families.jsonl", "families")
}

// loadMembers reads a fixture file whose split follows the member rule:
// within each kind and label the pairs are numbered in file order, even
// numbers form the prefix+"-tune" part and odd ones prefix+"-check".
func loadMembers(tb testing.TB, name, prefix string) []pair {
	tb.Helper()
	return loadEvery(tb, name, prefix, 2)
}

// loadEvery reads a fixture file whose split follows a member rule of
// period n: within each kind and label the pairs are numbered in file
// order from zero, and the member numbered n-1, 2n-1, ... is in the
// prefix+"-check" part, the others in prefix+"-tune".
func loadEvery(tb testing.TB, name, prefix string, n int) []pair {
	tb.Helper()
	pairs := readPairs(tb, name)
	member := map[string]int{}
	for i, p := range pairs {
		// The split follows from the member index: a hand edit that
		// moves a pair between parts fails here.
		k := p.Kind + "/" + p.Label
		want := prefix + "-tune"
		if member[k]%n == n-1 {
			want = prefix + "-check"
		}
		member[k]++
		if p.Split != want {
			tb.Fatalf("%s:%d: split %q, want %q by the member rule", name, i+1, p.Split, want)
		}
	}
	return pairs
}

// readPairs reads the pairs of a fixture file, one JSON object a line.
func readPairs(tb testing.TB, name string) []pair {
	tb.Helper()
	f, err := os.Open(name)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []pair
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		var p pair
		if err := json.Unmarshal(sc.Bytes(), &p); err != nil {
			tb.Fatalf("%s:%d: %v", name, line, err)
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// loadExtra reads testdata/families_extra.jsonl: more pairs of the same
// families in other phrasings, written after the first round of rule
// changes to tune on, all of them in the "families-tune-extra" part.
func loadExtra(tb testing.TB) []pair {
	tb.Helper()
	pairs := readPairs(tb, "testdata/families_extra.jsonl")
	for i, p := range pairs {
		if p.Split != "families-tune-extra" {
			tb.Fatalf("testdata/families_extra.jsonl:%d: split %q, want families-tune-extra", i+1, p.Split)
		}
	}
	return pairs
}

// TestFamilyPrecisionRecall reports precision and recall of
// [conflict.Judge] on the family pairs, per part and per family. Misses
// are printed for the tune parts only, so that the check part stays
// unseen while the rules change. Run with -v to see the figures:
//
//	go test -tags sqlite_fts5 -short -count=1 -run TestFamilyPrecisionRecall -v ./conflict/
func TestFamilyPrecisionRecall(t *testing.T) {
	pairs := loadFamilies(t)
	if len(pairs) < 120 {
		t.Fatalf("families has %d pairs, want at least 120", len(pairs))
	}
	pairs = append(pairs, loadExtra(t)...)
	parts := map[string]*score{}
	for _, p := range pairs {
		_, got := conflict.Judge(p.A, p.B)
		want := p.Label == "conflict"
		part := strings.TrimPrefix(p.Split, "families-")
		for _, k := range []string{part, part + "/" + p.Kind} {
			tally(parts, k, got, want)
		}
		if got != want && part != "check" {
			v, _ := conflict.Judge(p.A, p.B)
			t.Logf("miss %d [%s] Judge = %v %q, want %v\n  a: %s\n  b: %s", p.ID, p.Kind, got, v.Reason, want, p.A, p.B)
		}
	}
	logScores(t, parts)
	// The bar, on both parts: the check part was committed
	// before the rules it measures were written, and never tuned on.
	for _, part := range []string{"tune", "check"} {
		if s := parts[part]; s.precision() < 0.9 || s.recall() < 0.85 {
			t.Errorf("families %s part: %v, want precision >= 0.9 and recall >= 0.85", part, s)
		}

	}
}
