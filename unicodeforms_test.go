package memweave_test

import (
	"bufio"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// formCase is a line of testdata/unicode/cases.txt: two forms of a word
// that a search must treat as one word (same) or as two (distinct).
type formCase struct {
	family, part string
	same         bool
	a, b         string
}

// readFormCases reads testdata/unicode/cases.txt.
func readFormCases(tb testing.TB) []formCase {
	tb.Helper()
	var out []formCase
	for _, r := range readUnicodeRows(tb, "cases.txt", "same", "distinct") {
		out = append(out, formCase{family: r.family, part: r.part, same: r.want == "same", a: r.a, b: r.b})
	}
	return out
}

// unicodeRow is a line of a file of testdata/unicode: a family, a part
// (tune or check), what is wanted, and two Go-quoted strings, unquoted.
type unicodeRow struct {
	family, part, want string
	a, b               string
}

// readUnicodeRows reads testdata/unicode/name, whose third column is one
// of wants.
func readUnicodeRows(tb testing.TB, name string, wants ...string) []unicodeRow {
	tb.Helper()
	f, err := os.Open(filepath.Join("testdata", "unicode", name))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []unicodeRow
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		if sc.Text() == "" || strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) != 5 {
			tb.Fatalf("%s:%d: %d columns, want 5", name, line, len(cols))
		}
		a, errA := strconv.Unquote(cols[3])
		b, errB := strconv.Unquote(cols[4])
		if errA != nil || errB != nil || !slices.Contains(wants, cols[2]) || cols[1] != "tune" && cols[1] != "check" {
			tb.Fatalf("%s:%d: bad case %q", name, line, sc.Text())
		}
		out = append(out, unicodeRow{family: cols[0], part: cols[1], want: cols[2], a: a, b: b})
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// formNote is the note of case i, holding the word as written.
func formNote(i int, word string) string {
	return fmt.Sprintf("# Log item %d\n\nItem %d of the log mentions %s in passing.\n", i, i, word)
}

// TestUnicodeForms searches each case of testdata/unicode/cases.txt in
// both directions (a note holding one form, the query the other) among
// notes holding every case's word, in keyword and hybrid mode with the
// offline embedder: a "same" pair's note must rank in the top 3 with its
// snippet holding the word as the note writes it; a "distinct" pair's
// note must not be a keyword result. It logs the misses by family and
// part (tune, check), the figures in the lane's report.
func TestUnicodeForms(t *testing.T) {
	cases := readFormCases(t)
	misses := map[string]int{}
	totals := map[string]int{}
	for dir := 0; dir < 2; dir++ {
		files := map[string]string{}
		for i, c := range cases {
			files[fmt.Sprintf("memory/u/%03d.md", i)] = formNote(i, pick(dir == 0, c.a, c.b))
		}
		w := open(t, memweavetest.Workspace(t, files), memweave.Config{DBPath: filepath.Join(t.TempDir(), "index.db")})
		mustIndex(t, w)
		for i, c := range cases {
			word, query := pick(dir == 0, c.a, c.b), pick(dir == 0, c.b, c.a)
			want := fmt.Sprintf("memory/u/%03d.md", i)
			for _, mode := range []memweave.Mode{memweave.ModeKeyword, memweave.ModeHybrid} {
				if !c.same && mode != memweave.ModeKeyword {
					continue // the vector side ranks look-alike spellings near by design
				}
				key := fmt.Sprintf("%-9s %-5s %-8s", c.family, c.part, mode)
				totals[key]++
				resp := mustSearch(t, w, query, memweave.SearchMode(mode))
				rank := -1
				for j, r := range resp.Results {
					if r.Path == want {
						rank = j
						break
					}
				}
				found := rank >= 0 && rank < 3
				if found != c.same {
					misses[key]++
					t.Errorf("%s %s: Search(%q, %s) for a note holding %q: rank %d of %v, want found=%v",
						c.family, c.part, query, mode, word, rank+1, topPaths(resp.Results, 3), c.same)
					continue
				}
				if found && !strings.Contains(resp.Results[rank].Snippet, word) {
					t.Errorf("Search(%q, %s) snippet = %q, want the note's own %q", query, mode, resp.Results[rank].Snippet, word)
				}
			}
		}
	}
	for _, key := range slices.Sorted(maps.Keys(totals)) {
		t.Logf("%s misses %d of %d", key, misses[key], totals[key])
	}
}

// pick returns a when first, else b.
func pick(first bool, a, b string) string {
	if first {
		return a
	}
	return b
}
