package memweave_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	memweave "github.com/memweave/memweave-go"
)

// TestResultFieldsOnHostileNotes searches a word of each hostile note (CRLF
// line ends, a BOM, a 1 MB line of accented words, lines of only spaces,
// tabs and no-break spaces, front matter, a note of one fence, an
// unclosed fence) and checks every field of its result: the path and
// source; start and end lines inside the file, around the word's line;
// the score in [0, 1]; the snippet valid UTF-8, at most SnippetChars
// bytes, holding the word, with no carriage return, BOM or front matter;
// the heading as written, without the BOM.
func TestResultFieldsOnHostileNotes(t *testing.T) {
	long := strings.Repeat("café déjà vu ", 1<<20/14) + "vexillum " + strings.Repeat("naïve ", 1000)
	notes := []struct {
		path, text, word, heading string
	}{
		{"memory/crlf.md", "# Crlf title\r\n\r\nalpha line one\r\nzorblax here\r\nlast\r\n", "zorblax", "Crlf title"},
		{"memory/bom.md", "\ufeff# Bom heading\n\nquintrel fact\n", "quintrel", "Bom heading"},
		{"memory/long.md", long, "vexillum", ""},
		{"memory/blank.md", "   \n\t\n \u00a0\n# Blank\n\n   \ngrumflet\n \t \n", "grumflet", "Blank"},
		{"memory/fm.md", "---\ntags: [plonk]\nimportance: 0.9\n---\n# Fm\n\nplonkett note\n", "plonkett", "Fm"},
		{"memory/fence.md", "```\nsnorkwell inside a fence\n```\n", "snorkwell", ""},
		{"memory/open.md", "~~~go\nflibbert := 1\n", "flibbert", ""},
	}
	files := map[string]string{}
	for _, n := range notes {
		files[n.path] = n.text
	}
	root, w := openIndexed(t, files, memweave.Config{DBPath: filepath.Join(t.TempDir(), "index.db")})
	const snippetChars = 700 // the default
	for _, n := range notes {
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(n.path)))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		wordLine := 0
		for i, l := range lines {
			if strings.Contains(l, n.word) {
				wordLine = i + 1
			}
		}
		resp := mustSearch(t, w, n.word, memweave.MinScore(0))
		if len(resp.Results) == 0 || resp.Results[0].Path != n.path {
			t.Errorf("Search(%q) = %v, want %s first", n.word, topPaths(resp.Results, 3), n.path)
			continue
		}
		r := resp.Results[0]
		if r.Source != "memory" {
			t.Errorf("%s: source %q, want memory", n.path, r.Source)
		}
		if r.StartLine < 1 || r.StartLine > r.EndLine || r.EndLine > len(lines) || wordLine < r.StartLine || wordLine > r.EndLine {
			t.Errorf("%s: lines %d-%d of %d, want a range holding line %d (%q)", n.path, r.StartLine, r.EndLine, len(lines), wordLine, n.word)
		}
		if !(r.Score >= 0 && r.Score <= 1) {
			t.Errorf("%s: score %v, want in [0, 1]", n.path, r.Score)
		}
		s := r.Snippet
		if !utf8.ValidString(s) || len(s) > snippetChars || !strings.Contains(s, n.word) ||
			strings.ContainsAny(s, "\r\ufeff") || strings.Contains(s, "tags:") {
			t.Errorf("%s: snippet of %d bytes %q, want valid UTF-8 of at most %d bytes holding %q, without CR, BOM or front matter",
				n.path, len(s), trimForLog(s), snippetChars, n.word)
		}
		if n.heading != "" && (len(r.Headings) == 0 || r.Headings[len(r.Headings)-1] != n.heading) {
			t.Errorf("%s: headings %q, want %q last", n.path, r.Headings, n.heading)
		}
	}
}

// trimForLog returns s, or its first and last 100 bytes when longer.
func trimForLog(s string) string {
	if len(s) <= 200 {
		return s
	}
	return s[:100] + " ... " + s[len(s)-100:]
}
