package main

import (
	"bytes"
	"flag"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra/doc"
)

// cliDocsDir is the folder of the committed CLI reference, one Markdown
// file per command, generated from the cobra commands by cobra's doc
// generator (go generate ./cmd/memweave rewrites it).
const cliDocsDir = "../../docs/cli"

var updateCLIDocs = flag.Bool("update-cli-docs", false, "rewrite docs/cli/*.md from the cobra commands")

// generateCLIDocs writes the Markdown reference of every command into dir
// and returns the names of the files written. The auto-generated date
// line is off, so the output depends on the commands alone.
func generateCLIDocs(tb testing.TB, dir string) []string {
	tb.Helper()
	root := (&app{stdout: io.Discard, stderr: io.Discard}).rootCommand()
	root.DisableAutoGenTag = true
	for _, c := range root.Commands() {
		c.DisableAutoGenTag = true
	}
	if err := doc.GenMarkdownTree(root, dir); err != nil {
		tb.Fatalf("GenMarkdownTree: %v", err)
	}
	names, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil {
		tb.Fatal(err)
	}
	for i, n := range names {
		names[i] = filepath.Base(n)
	}
	return names
}

//go:generate go test -tags sqlite_fts5 -run ^TestCLIDocs$ -update-cli-docs .

// TestCLIDocs fails when docs/cli differs from what cobra's doc generator
// makes of the commands today: a flag or command added, renamed or
// reworded without regenerating the reference. Regenerate with
//
//	go generate ./cmd/memweave
func TestCLIDocs(t *testing.T) {
	gen := t.TempDir()
	names := generateCLIDocs(t, gen)
	if *updateCLIDocs {
		writeCLIDocs(t, gen, names)
		return
	}
	committed, err := filepath.Glob(filepath.Join(cliDocsDir, "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for i, n := range committed {
		committed[i] = filepath.Base(n)
	}
	const fix = "; run: go generate ./cmd/memweave"
	for _, n := range names {
		want, err := os.ReadFile(filepath.Join(gen, n))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(cliDocsDir, n))
		if err != nil {
			t.Errorf("docs/cli/%s is missing%s", n, fix)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("docs/cli/%s differs from the commands (first difference at line %d)%s", n, firstDiffLine(got, want), fix)
		}
	}
	for _, n := range committed {
		if !slices.Contains(names, n) {
			t.Errorf("docs/cli/%s documents no command%s", n, fix)
		}
	}
}

// TestCLIDocsCoverHelp checks that every command memweave --help lists
// has its page in docs/cli.
func TestCLIDocsCoverHelp(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run(t.Context(), []string{"--help"}, &stdout, &stderr); code != 0 {
		t.Fatalf("memweave --help: exit %d, stderr %q", code, stderr.String())
	}
	cmds := helpCommands(stdout.String())
	if len(cmds) < 10 {
		t.Fatalf("memweave --help lists %d commands (%v); the parser of its output is out of date", len(cmds), cmds)
	}
	for _, c := range cmds {
		if c == "help" || c == "completion" {
			continue // cobra's own; described by their --help
		}
		if _, err := os.Stat(filepath.Join(cliDocsDir, "memweave_"+c+".md")); err != nil {
			t.Errorf("memweave --help lists %q, but docs/cli/memweave_%s.md is missing; run: go generate ./cmd/memweave", c, c)
		}
	}
}

// helpCommands returns the command names of cobra's "Available Commands:"
// section of a help text.
func helpCommands(help string) []string {
	var cmds []string
	in := false
	for line := range strings.Lines(help) {
		switch {
		case strings.HasPrefix(line, "Available Commands:"):
			in = true
		case in && strings.TrimSpace(line) == "":
			return cmds
		case in:
			cmds = append(cmds, strings.Fields(line)[0])
		}
	}
	return cmds
}

// writeCLIDocs replaces docs/cli/*.md with the generated files.
func writeCLIDocs(tb testing.TB, gen string, names []string) {
	tb.Helper()
	old, err := filepath.Glob(filepath.Join(cliDocsDir, "*.md"))
	if err != nil {
		tb.Fatal(err)
	}
	for _, f := range old {
		if err := os.Remove(f); err != nil {
			tb.Fatal(err)
		}
	}
	if err := os.MkdirAll(cliDocsDir, 0o755); err != nil {
		tb.Fatal(err)
	}
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(gen, n))
		if err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(cliDocsDir, n), b, 0o644); err != nil {
			tb.Fatal(err)
		}
	}
}

// firstDiffLine returns the 1-based number of the first line where a and b
// differ.
func firstDiffLine(a, b []byte) int {
	al, bl := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := range min(len(al), len(bl)) {
		if al[i] != bl[i] {
			return i + 1
		}
	}
	return min(len(al), len(bl)) + 1
}
