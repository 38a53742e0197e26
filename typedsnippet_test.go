package memweave_test

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/search"
)

// TestTypedSnippetLines searches notes of 60 lines, each holding its
// phrase on line 45 only, by queries typed as users type them (a dotted
// name, a camelCase word, a Chinese pair, an IPv6 address, a Windows
// path, Markdown): the note's best result must name lines around line 45
// and its snippet hold the phrase as written, in valid UTF-8.
func TestTypedSnippetLines(t *testing.T) {
	cases := []struct{ phrase, query string }{
		{"calls os.Open first", "os.Open"},
		{"read_all_bytes helper", "readAllBytes"},
		{"我们的数据很重要", "数据"},
		{"fe80::1ff:fe23:4567:890a", "fe80::1ff:fe23:4567:890a"},
		{"C:\\Users\\ana", "C:\\Users"},
		{"**bold** claim", "**bold**"},
	}
	files := map[string]string{}
	for i, c := range cases {
		var b strings.Builder
		fmt.Fprintf(&b, "# Note %d\n", i)
		for n := 2; n <= 60; n++ {
			if n == 45 {
				fmt.Fprintf(&b, "Line %d holds %s here.\n", n, c.phrase)
				continue
			}
			fmt.Fprintf(&b, "Line %d is filler about gardening number %d.\n", n, n*7+i)
		}
		files[fmt.Sprintf("memory/s/%d.md", i)] = b.String()
	}
	_, w := openIndexed(t, files, memweave.Config{DBPath: filepath.Join(t.TempDir(), "index.db")})
	for i, c := range cases {
		resp := mustSearch(t, w, c.query, memweave.SearchMode(memweave.ModeKeyword))
		checkResults(t, c.query, resp.Results)
		k := slices.IndexFunc(resp.Results, func(x memweave.Result) bool { return x.Path == fmt.Sprintf("memory/s/%d.md", i) })
		if k < 0 {
			t.Errorf("Search(%q) = %v, want memory/s/%d.md", c.query, locs(resp.Results), i)
			continue
		}
		x := resp.Results[k]
		if x.StartLine > 45 || x.EndLine < 45 || !strings.Contains(x.Snippet, c.phrase) {
			t.Errorf("Search(%q) = %s snippet %q, want lines around 45 and the snippet holding %q", c.query, loc(x), x.Snippet, c.phrase)
		}
	}
}

// TestTypedLongQuery searches by a query of 500 words whose first is the
// note's own: no error, a warning naming the first word left out, and the
// note first without a threshold (under the default one it is reported
// as filtered).
func TestTypedLongQuery(t *testing.T) {
	_, w := openIndexed(t, map[string]string{
		"memory/a.md": "# A\n\nThe zeppelinhangar lease ends in May.\n",
		"memory/b.md": "# B\n\nThe garden needs water.\n",
	}, memweave.Config{DBPath: filepath.Join(t.TempDir(), "index.db")})
	words := []string{"zeppelinhangar"}
	for i := 1; i < 500; i++ {
		words = append(words, fmt.Sprintf("filler%d", i))
	}
	q := strings.Join(words, " ")
	resp := mustSearch(t, w, q, memweave.SearchMode(memweave.ModeKeyword))
	checkResults(t, "500 words", resp.Results)
	// Left open: the note holds 1 of the 64 words searched, the other 63
	// in no note, so its coverage keeps it under min_score; the response
	// says so (docs/search.md, "Scoring").
	if len(resp.Results) == 0 && resp.FilteredBelowThreshold < 1 {
		t.Errorf("Search(500 words) = %v, filtered %d, want memory/a.md or a candidate reported filtered", locs(resp.Results), resp.FilteredBelowThreshold)
	}
	if all := mustSearch(t, w, q, memweave.MinScore(0)); len(all.Results) == 0 || all.Results[0].Path != "memory/a.md" {
		t.Errorf("Search(500 words, MinScore(0)) = %v, want memory/a.md first", locs(all.Results))
	}
	if !slices.ContainsFunc(resp.Warnings, func(wn memweave.Warning) bool { return errors.Is(wn.Err, search.ErrQueryCut) }) {
		t.Errorf("Search(500 words) warnings = %q, want ErrQueryCut", resp.Warnings)
	}
}
