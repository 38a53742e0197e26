package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestLineRefsReadAlikeInEveryCommand: get, feedback and resolve each
// read PATH:LINE with their own parser. get took "stack.md:+5" for a
// range mistyped (exit 2), feedback and resolve as line 5 (feedback
// wrote its mark); "stack.md:5:6" (a range typed with ':') read as the
// path "stack.md:5" in all three and failed exit 1 "not a Markdown
// file". One reading now: a line number is digits, and a path that is a
// Markdown name followed by ':' is a range mistyped, a usage error
// (exit 2) naming it, with nothing written.
func TestLineRefsReadAlikeInEveryCommand(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	note := filepath.Join(ws, "memory", "stack.md")
	before, err := os.ReadFile(note)
	if err != nil {
		t.Fatal(err)
	}
	for _, ref := range []string{"memory/stack.md:+5", "memory/stack.md:5:6", "memory/stack.md:5:x"} {
		for _, args := range [][]string{
			{"get", ref},
			{"feedback", ref, "useful"},
			{"resolve", "--keep", ref, "--drop", "memory/stack.md:10", "--reason", "r"},
			{"resolve", "--keep", "memory/stack.md:10", "--drop", ref, "--reason", "r"},
		} {
			out := runCLI(t, "", nil, append([]string{"-w", ws}, args...)...)
			if out.code != 2 || out.stdout != "" {
				t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 naming the line", args, out.code, out.stdout, out.stderr)
			}
			checkErrorLine(t, out.stderr, ref)
		}
	}
	if after, err := os.ReadFile(note); err != nil || string(after) != string(before) {
		t.Errorf("memory/stack.md after the refused commands:\n%s\nwant it unchanged (%v)", after, err)
	}
}
