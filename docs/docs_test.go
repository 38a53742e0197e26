// Package docs_test checks the README and the pages under docs/ against
// the repository: the README's Quickstart is the program in
// examples/quickstart, the README stays a front door, and every relative
// link leads to a file that exists. (The CLI pages under docs/cli are
// checked against the commands by cmd/memweave's TestCLIDocs.)
package docs_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// maxReadmeLines is the README's budget: what the project is, the two
// commands, install, the Quickstart, the concepts; reference material
// belongs under docs/.
const maxReadmeLines = 300

// TestReadmeQuickstart fails when the README's Quickstart differs from
// examples/quickstart/main.go, which CI builds and vets.
func TestReadmeQuickstart(t *testing.T) {
	readme := read(t, "../README.md")
	const start = "## Quickstart\n"
	i := strings.Index(readme, start)
	if i < 0 {
		t.Fatal("README.md has no \"## Quickstart\" section")
	}
	sect := readme[i:]
	open := strings.Index(sect, "```go\n")
	if open < 0 {
		t.Fatal("README.md's Quickstart has no ```go block")
	}
	code := sect[open+len("```go\n"):]
	end := strings.Index(code, "```\n")
	if end < 0 {
		t.Fatal("README.md's Quickstart block is not closed")
	}
	got, want := code[:end], read(t, "../examples/quickstart/main.go")
	if got != want {
		t.Errorf("README.md's Quickstart differs from examples/quickstart/main.go (first difference at line %d of the program); copy the program into the README", firstDiff(got, want))
	}
}

// TestReadmeLength keeps the README under its budget.
func TestReadmeLength(t *testing.T) {
	n := strings.Count(read(t, "../README.md"), "\n")
	if n >= maxReadmeLines {
		t.Errorf("README.md has %d lines, want under %d: move reference material to docs/", n, maxReadmeLines)
	}
}

// link matches a Markdown link's target.
var link = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// codeSpan matches an inline code span, whose text is no link even when
// it spells one (curation.md's `[steps](runbook.md#restore-steps)`).
var codeSpan = regexp.MustCompile("`[^`\n]*`")

// TestRelativeLinks fails on a relative link, in the README,
// ARCHITECTURE.md or a page under docs/, to a file that does not exist.
func TestRelativeLinks(t *testing.T) {
	pages := []string{"../README.md", "../ARCHITECTURE.md"}
	for _, pattern := range []string{"*.md", "cli/*.md"} {
		m, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, m...)
	}
	for _, page := range pages {
		for _, m := range link.FindAllStringSubmatch(codeSpan.ReplaceAllString(read(t, page), "``"), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "#") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			target, _, _ = strings.Cut(target, "#")
			p := filepath.Join(filepath.Dir(page), filepath.FromSlash(target))
			if _, err := os.Stat(p); err != nil {
				t.Errorf("%s links to %s, which does not exist", page, m[1])
			}
		}
	}
}

func read(tb testing.TB, path string) string {
	tb.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return string(b)
}

// firstDiff returns the 1-based number of the first line where a and b
// differ.
func firstDiff(a, b string) int {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(al), len(bl)) {
		if al[i] != bl[i] {
			return i + 1
		}
	}
	return min(len(al), len(bl)) + 1
}
