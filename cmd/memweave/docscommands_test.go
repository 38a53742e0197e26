package main

import (
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/internal/flagform"
)

// TestDocsCommandsParse: every "memweave CMD --flag" that README.md and
// docs/*.md show in code (a code span or a line of a fenced block) names
// a command the binary has and flags that command takes (or the global
// ones), so that a reader running it as written gets no "unknown
// command" or "unknown flag". Values are not checked (the docs write
// placeholders: N, PATH); the examples that run as written have their own
// tests (TestReadmeCLIMinute, the docs tests).
func TestDocsCommandsParse(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob("../../docs/*.md")
	files = append(files, "../../README.md")
	checked := 0
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for n, words := range docCommands(string(b)) {
			at := filepath.Base(file) + ":" + n + ": memweave " + strings.Join(words, " ")
			root := (&app{stdout: io.Discard, stderr: io.Discard}).rootCommand()
			flagform.OneValue(root)
			root.InitDefaultVersionFlag() // as Execute does
			cmd, _, err := root.Find(words)
			switch {
			case err != nil:
				t.Errorf("%s: %v", at, err)
			case cmd == root && slices.ContainsFunc(words, lowerWord.MatchString):
				t.Errorf("%s: no such command", at)
			default:
				if err := cmd.ParseFlags(words); err != nil && strings.HasPrefix(err.Error(), "unknown") {
					t.Errorf("%s: %v", at, err)
				}
			}
			checked++
		}
	}
	t.Logf("%d commands checked", checked)
	if checked < 100 {
		t.Errorf("checked %d commands in the docs, want at least 100: are they still found?", checked)
	}
}

// lowerWord is a lower-case word, as a command name is (a placeholder
// such as CMD is not).
var lowerWord = regexp.MustCompile(`^[a-z][a-z-]*$`)

// docCommands returns the arguments after each "memweave" word in the
// code of the Markdown text md, keyed by line number ("+" added for a
// second on one line): up to the end of the code or a shell operator, comment or
// closing parenthesis. memweave-bench's "--cli memweave" is not one.
func docCommands(md string) map[string][]string {
	out := map[string][]string{}
	fenced := false
	for i, line := range strings.Split(md, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		code := []string{line}
		if !fenced {
			code = nil
			for k, part := range strings.Split(line, "`") {
				if k%2 == 1 {
					code = append(code, part)
				}
			}
		}
		for _, c := range code {
			words := strings.Fields(strings.ReplaceAll(c, `"`, " "))
			for k, w := range words {
				if w != "memweave" || k > 0 && words[k-1] == "--cli" || k+1 == len(words) {
					continue
				}
				args := words[k+1:]
				if end := slices.IndexFunc(args, func(a string) bool { return strings.ContainsAny(a[:1], "|;&#)<>\\$") }); end >= 0 {
					args = args[:end]
				}
				if len(args) == 0 || !strings.HasPrefix(args[0], "-") && !lowerWord.MatchString(args[0]) {
					continue
				}
				key := strconv.Itoa(i + 1)
				for out[key] != nil {
					key += "+"
				}
				out[key] = args
			}
		}
	}
	return out
}
