package main

import (
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestReadmeCLIMinute runs the commands of the README's "The CLI and MCP
// in one minute" literally, in a fresh HOME: each must succeed, and the
// search must find the note the append before it stored (a reader who
// follows the README gets an answer, not "no results"). The get line
// names a dated log, so it reads the one the append printed.
func TestReadmeCLIMinute(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(b), "## The CLI and MCP in one minute\n")
	if !ok {
		t.Fatal(`README.md has no "## The CLI and MCP in one minute" section`)
	}
	_, block, _ := strings.Cut(section, "```sh\n")
	block, _, _ = strings.Cut(block, "```")
	home := t.TempDir()
	env := []string{"HOME=" + home}
	dated := regexp.MustCompile(`memory/[a-z/]*\d{4}-\d{2}-\d{2}\.md`)
	var appended string
	ran := map[string]bool{}
	for line := range strings.Lines(block) {
		line, _, _ = strings.Cut(line, " # ")
		args := shellWords(t, strings.TrimSpace(line))
		if len(args) == 0 || args[0] != "memweave" {
			t.Fatalf("README line %q is not a memweave command", line)
		}
		args = args[1:]
		for i, a := range args {
			args[i] = strings.Replace(a, "~", home, 1)
			if appended != "" {
				args[i] = dated.ReplaceAllString(args[i], appended)
			}
		}
		cmd := args[2]
		out := runCLI(t, "", env, args...)
		if out.code != 0 {
			t.Fatalf("README: memweave %q = exit %d, stderr %q", args, out.code, out.stderr)
		}
		ran[cmd] = true
		switch cmd {
		case "append":
			appended = strings.TrimSpace(out.stdout)
		case "search":
			if !strings.Contains(out.stdout, appended) {
				t.Errorf("README: memweave %q found nothing in %s: stdout %q, stderr %q", args, appended, out.stdout, out.stderr)
			}
		case "get":
			if out.stdout == "" {
				t.Errorf("README: memweave %q printed nothing", args)
			}
		}
	}
	for _, c := range []string{"init", "append", "search", "get", "status"} {
		if !ran[c] {
			t.Errorf("README's minute ran no %s command", c)
		}
	}
	if _, err := os.Stat(filepath.Join(home, "agent", "memory")); err != nil {
		t.Errorf("README's minute made no workspace: %v", err)
	}
}

// shellWords splits a command line at spaces, keeping double-quoted
// words whole: enough for the README's commands.
func shellWords(tb testing.TB, line string) []string {
	tb.Helper()
	var words []string
	for i, part := range strings.Split(line, `"`) {
		if i%2 == 1 {
			words = append(words, part)
			continue
		}
		words = append(words, strings.Fields(part)...)
	}
	if strings.Count(line, `"`)%2 != 0 {
		tb.Fatalf("unbalanced quotes in %q", line)
	}
	return words
}

// TestPackageDocListsEveryCommand: the command's doc comment (go doc
// ./cmd/memweave) lists every command the binary has, and no other.
func TestPackageDocListsEveryCommand(t *testing.T) {
	b, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	_, list, ok := strings.Cut(string(b), "// The commands, each with --help")
	list, _, _ = strings.Cut(list, "// Global flags:")
	if !ok {
		t.Fatal("main.go's doc comment has no list of commands")
	}
	var documented []string
	for line := range strings.Lines(list) {
		if f := strings.Fields(strings.TrimPrefix(line, "//")); len(f) > 1 && strings.HasPrefix(line, "//\t") {
			documented = append(documented, f[0])
		}
	}
	var have []string
	for _, c := range (&app{stdout: io.Discard, stderr: io.Discard}).rootCommand().Commands() {
		have = append(have, c.Name())
	}
	slices.Sort(documented)
	slices.Sort(have)
	if !slices.Equal(documented, have) {
		t.Errorf("main.go's doc comment lists %q, the commands are %q", documented, have)
	}
}
