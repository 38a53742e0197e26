package main

import (
	"errors"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/internal/exitstatus"
)

// runCLIInput runs memweave like runCLI with stdin as its standard input.
func runCLIInput(tb testing.TB, stdin string, args ...string) output {
	tb.Helper()
	return runStdin(tb, "", nil, strings.NewReader(stdin), args...)
}

func TestGet(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	stack := "# Stack\n\n## Database\n\nWe chose SQLite with FTS5 for the index.\n" +
		"The migration code name is ZEBRA-COMET-2026.\n\n## Queue\n\nJobs run on a Redis queue with three workers.\n"
	tests := []struct {
		arg, want string
	}{
		{"stack.md", stack},
		{"memory/stack.md", stack},
		{"stack.md:3", "## Database\n"},
		{"stack.md:5-6", "We chose SQLite with FTS5 for the index.\nThe migration code name is ZEBRA-COMET-2026.\n"},
		{"stack.md:10-", "Jobs run on a Redis queue with three workers.\n"},
		{"stack.md:10-99", "Jobs run on a Redis queue with three workers.\n"},
		{"projects/apollo.md:1", "# Apollo\n"},
	}
	for _, tt := range tests {
		out := mustRunCLI(t, "-w", ws, "get", tt.arg)
		if out.stdout != tt.want || out.stderr != "" {
			t.Errorf("get %s = %q (stderr %q), want %q", tt.arg, out.stdout, out.stderr, tt.want)
		}
	}
	failures := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"get", "nope.md"}, 1, "not found"},
		{[]string{"get", "stack.md:11"}, 1, "the file has 10 lines"},
		{[]string{"get", "../README.md"}, 1, "outside the memory folder"},
		{[]string{"get", "/etc/passwd"}, 1, "outside the memory folder"},
		{[]string{"get", "stack.md:0"}, 2, "numbered from 1"},
		{[]string{"get", "stack.md:5-3"}, 2, "TO at least FROM"},
		{[]string{"get", "stack.md:"}, 2, "line number"},
		{[]string{"get"}, 2, "PATH"},
		{[]string{"get", "a.md", "b.md"}, 2, "one PATH"},
	}
	for _, tt := range failures {
		out := runCLI(t, "", nil, append([]string{"-w", ws}, tt.args...)...)
		if out.code != tt.code || out.stdout != "" {
			t.Errorf("memweave %q: exit %d, stdout %q; want exit %d, no output", tt.args, out.code, out.stdout, tt.code)
		}
		checkErrorLine(t, out.stderr, tt.want)
	}
}

func TestParseLineSpec(t *testing.T) {
	tests := []struct {
		arg         string
		path        string
		from, count int
		bad         bool
	}{
		{"a.md", "a.md", 1, 0, false},
		{"a.md:7", "a.md", 7, 1, false},
		{"a.md:7-9", "a.md", 7, 3, false},
		{"a.md:7-7", "a.md", 7, 1, false},
		{"a.md:7-", "a.md", 7, 0, false},
		{"dir:x/a.md", "dir:x/a.md", 1, 0, false},
		{`C:\notes\a.md`, `C:\notes\a.md`, 1, 0, false},
		{`C:\notes\a.md:2-3`, `C:\notes\a.md`, 2, 2, false},
		{"a.md:v2", "", 0, 0, true}, // a.md:v2 is no Markdown name: a range mistyped
		{"a:v2.md", "a:v2.md", 1, 0, false},
		{"a.md:", "", 0, 0, true},
		{"a.md:0", "", 0, 0, true},
		{"a.md:9-3", "", 0, 0, true},
		{":3", "", 0, 0, true},
		{"a.md:99999999999999999999", "", 0, 0, true},
	}
	for _, tt := range tests {
		path, from, count, err := parseLineSpec(tt.arg)
		if tt.bad {
			var ue *exitstatus.UsageError
			if !errors.As(err, &ue) {
				t.Errorf("parseLineSpec(%q) = %q, %d, %d, %v; want a usage error", tt.arg, path, from, count, err)
			}
			continue
		}
		if err != nil || path != tt.path || from != tt.from || count != tt.count {
			t.Errorf("parseLineSpec(%q) = %q, %d, %d, %v; want %q, %d, %d", tt.arg, path, from, count, err, tt.path, tt.from, tt.count)
		}
	}
}
