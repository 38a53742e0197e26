package main

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

// TestGetHugeLineNumbers: a line number past what an int holds is a
// number too large, not a number below 1; as TO it reaches past the end,
// so the range stops at the last line, as any TO past the end does.
func TestGetHugeLineNumbers(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	out := runCLI(t, "", nil, "-w", ws, "get", "stack.md:9999999999999999999")
	if out.code != 2 || out.stdout != "" || strings.Contains(out.stderr, "numbered from 1") || !strings.Contains(out.stderr, "too large") {
		t.Errorf("get stack.md:9999999999999999999: exit %d, stdout %q, stderr %q; want exit 2 saying the line number is too large", out.code, out.stdout, out.stderr)
	}
	out = runCLI(t, "", nil, "-w", ws, "get", "stack.md:10-99999999999999999999")
	if want := "Jobs run on a Redis queue with three workers.\n"; out.code != 0 || out.stdout != want {
		t.Errorf("get stack.md:10-99999999999999999999: exit %d, stdout %q, stderr %q; want line 10 to the end, %q", out.code, out.stdout, out.stderr, want)
	}
}

// TestGetEmptyPath: an empty PATH (an unset shell variable, say) is a
// usage error that says the path is empty, not a path outside memory/.
func TestGetEmptyPath(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	for _, arg := range []string{"", ":3"} {
		out := runCLI(t, "", nil, "-w", ws, "get", arg)
		if out.code != 2 || strings.Contains(out.stderr, "outside") {
			t.Errorf("get %q: exit %d, stderr %q; want exit 2, a usage error", arg, out.code, out.stderr)
		}
		checkErrorLine(t, out.stderr, "PATH")
	}
}

// TestGetBadRangeAfterAMarkdownName: a suffix after a Markdown file's
// name that is not a line range (stack.md:abc, stack.md:-3, stack.md:3-x)
// is a usage error naming the range, not "not a Markdown file" for a path
// the user never meant; a ':' inside a Markdown name still reads as one.
func TestGetBadRangeAfterAMarkdownName(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	for _, arg := range []string{"stack.md:abc", "stack.md:-3", "stack.md:3-x", "memory/stack.md:first"} {
		out := runCLI(t, "", nil, "-w", ws, "get", arg)
		if out.code != 2 || out.stdout != "" {
			t.Errorf("get %q: exit %d, stdout %q, stderr %q; want exit 2", arg, out.code, out.stdout, out.stderr)
		}
		checkErrorLine(t, out.stderr, "invalid line range")
	}
	memweavetest.WriteFile(t, ws, "memory/a:b.md", "colon\n")
	if out := runCLI(t, "", nil, "-w", ws, "get", "a:b.md"); out.code != 0 || out.stdout != "colon\n" {
		t.Errorf("get a:b.md: exit %d, stdout %q, stderr %q; want the note", out.code, out.stdout, out.stderr)
	}
}
