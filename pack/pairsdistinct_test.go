package pack

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// distinctPairs reads the pairs labelled distinct in curate's testdata
// (format: curate/testdata/pairs.txt), with their file and family; not
// those whose header names their notes: their fact is in the note's
// name, which Dedupe does not read ([apart] does).
func distinctPairs(tb testing.TB) (out [][3]string) {
	tb.Helper()
	names, err := filepath.Glob("../curate/testdata/pairs*.txt")
	if err != nil || len(names) == 0 {
		tb.Fatalf("no labelled pairs: %v", err)
	}
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			tb.Fatal(err)
		}
		var cur *[3]string
		var side *string
		var a, b string
		flush := func() {
			if cur != nil {
				out = append(out, [3]string{filepath.Base(name) + " " + cur[0], a, b})
			}
		}
		for _, line := range strings.Split(string(data), "\n") {
			switch {
			case strings.HasPrefix(line, "== "):
				flush()
				cur, side, a, b = nil, nil, "", ""
				if f := strings.Fields(line); len(f) == 4 && f[2] == "distinct" {
					cur = &[3]string{f[1] + " " + f[3]}
				}
			case cur == nil:
			case strings.HasPrefix(line, "a: "):
				a, side = line[3:], &a
			case strings.HasPrefix(line, "b: "):
				b, side = line[3:], &b
			case strings.TrimSpace(line) == "":
				side = nil
			case strings.HasPrefix(line, "#") && side == nil:
			case side != nil:
				*side += "\n" + line
			}
		}
		flush()
	}
	return out
}

// TestDedupeKeepsDistinctPairs: pack's near-duplicate drop is a
// heuristic, and a heuristic may not hide a fact. Every pair labelled
// distinct in curate's testdata (a fact differs between the copies)
// keeps both copies, whichever scores higher. The threshold is a loose
// one: what else holds a pair back does not depend on it, so a pair
// kept at 0.5 is kept at the default.
func TestDedupeKeepsDistinctPairs(t *testing.T) {
	pairs := distinctPairs(t)
	for i, p := range pairs {
		if raceEnabled && i%4 != 0 {
			continue
		}
		for _, scores := range [][]float64{{1, 0.9}, {0.9, 1}} {
			if got := Dedupe([]string{p[1], p[2]}, scores, 0.5); len(got) != 2 {
				t.Errorf("%s: Dedupe(a, b, scores %v) = %v, want both kept:\n a: %q\n b: %q", p[0], scores, got, p[1], p[2])
			}
		}
	}
	t.Logf("%d distinct pairs", len(pairs))
}
