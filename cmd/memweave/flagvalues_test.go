package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/memweavetest"
)

// TestFlagValuesThatAskForNothing: a flag given a value the command
// cannot honour (an empty address, a negative or zero period) is a usage
// error naming the flag, not a silent fall back to the default: "mcp
// --http $ADDR" with ADDR unset must not serve on stdin instead, and
// "watch --debounce 0" must not wait 1.5 s. The commands that would
// serve are run with a deadline, so that one that starts anyway fails
// the test rather than hanging it.
func TestFlagValuesThatAskForNothing(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want string // in the error line
	}{
		{[]string{"--db", "", "status"}, "--db"},
		{[]string{"mcp", "--http", ""}, "--http"},
		{[]string{"mcp", "--http", "nonsense"}, "--http"},
		{[]string{"mcp", "--http", "127.0.0.1:99999"}, "--http"},
		{[]string{"mcp", "--http", "127.0.0.1:-1"}, "--http"},
		{[]string{"mcp", "--http", "127.0.0.1:http"}, "--http"},
		{[]string{"mcp", "--sync-every", "-1s"}, "--sync-every"},
		// Syncs back to back: git run without a pause, 68% of two cores.
		{[]string{"mcp", "--sync-every", "1ns"}, "at least 1s"},
		{[]string{"mcp", "--sync-every", "999ms"}, "--sync-every"},
		{[]string{"watch", "--debounce", "0s"}, "--debounce"},
		{[]string{"watch", "--poll-interval", "0"}, "--poll-interval"},
		{[]string{"config", "--chunk-tokens", "0"}, "--chunk-tokens"},
		{[]string{"config", "--chunk-tokens", "-5"}, "--chunk-tokens"},
		{[]string{"config", "--chunk-overlap", "-1"}, "--chunk-overlap"},
		{[]string{"config", "--fusion", ""}, "--fusion"},
		{[]string{"append", "--source", "", "a note"}, "--source"},
		{[]string{"write", ""}, "needs a PATH, got an empty argument"},
		{[]string{"delete", ""}, "needs a PATH, got an empty argument"},
		{[]string{"add", ""}, "add needs FILE arguments, got an empty one"},
		{[]string{"add", "memory/stack.md", " "}, "add needs FILE arguments, got an empty one"},
		{[]string{"consolidate", "--apply", ""}, "consolidate --apply needs group ids, got an empty one"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			t.Parallel()
			ws := testWorkspace(t)
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, binary, append([]string{"-w", ws}, tt.args...)...)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			code := 0
			if exit := (*exec.ExitError)(nil); errors.As(err, &exit) {
				code = exit.ExitCode()
			}
			if ctx.Err() != nil {
				t.Fatalf("memweave %q ran until killed; stderr %q; want a usage error naming %s", tt.args, stderr.String(), tt.want)
			}
			if code != 2 || stdout.Len() != 0 {
				t.Errorf("memweave %q = exit %d, stdout %q; want exit 2 and no output", tt.args, code, stdout.String())
			}
			checkErrorLine(t, stderr.String(), tt.want)
			if _, err := os.Stat(filepath.Join(ws, "memweave.json")); err == nil {
				t.Errorf("memweave %q wrote memweave.json", tt.args)
			}
		})
	}
}

// TestIndexInsideMemory: --db naming a file under memory/ is refused
// before anything is written: memory/ holds the notes, which sync
// commits and pushes whole, so an index there (and its -wal, -shm and
// .lock files) would go to every machine, and a --db naming a note would
// put SQLite at it.
func TestIndexInsideMemory(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	stack := memweavetest.ReadFile(t, ws, "memory/stack.md")
	for _, db := range []string{
		filepath.Join(ws, "memory", "index.db"),
		filepath.Join(ws, "memory", "projects", "idx", "index.db"),
		filepath.Join(ws, "memory", "stack.md"),
	} {
		for _, args := range [][]string{{"append", "a note"}, {"search", "queue"}, {"index"}} {
			out := runCLI(t, "", nil, append([]string{"-w", ws, "--db", db}, args...)...)
			if out.code != 2 {
				t.Errorf("memweave --db %s %q = exit %d, stderr %q; want a usage error", db, args, out.code, out.stderr)
			}
			checkErrorLine(t, out.stderr, "--db")
		}
	}
	entries, _ := os.ReadDir(filepath.Join(ws, "memory"))
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if want := []string{"2026-11-20.md", "projects", "stack.md"}; !slices.Equal(names, want) {
		t.Errorf("memory/ holds %q, want %q", names, want)
	}
	if got := memweavetest.ReadFile(t, ws, "memory/stack.md"); got != stack {
		t.Errorf("memory/stack.md changed to %q", got)
	}
}

// TestHelpTopics: "memweave help COMMAND" shows that command's help;
// an unknown topic is a usage error with a suggestion, as an unknown
// command is, not the general help with exit 0.
func TestHelpTopics(t *testing.T) {
	t.Parallel()
	out := mustRunCLI(t, "help", "search")
	if !strings.Contains(out.stdout, "--max-results") {
		t.Errorf("help search = %q, want search's help", out.stdout)
	}
	out = runCLI(t, "", nil, "help", "serch")
	if out.code != 2 || out.stdout != "" {
		t.Errorf("help serch = exit %d, stdout %q; want exit 2 and no output", out.code, out.stdout)
	}
	checkErrorLine(t, out.stderr, `unknown command "serch"; did you mean "search"?`)
}

// TestOptInFlagsShowNoDefault: search's decay and MMR are off unless their
// flag is given (its Long says so), so --help must not show a default for
// them: "(default 30)" read as decay being on with a 30-day half-life.
func TestOptInFlagsShowNoDefault(t *testing.T) {
	t.Parallel()
	out := runCLI(t, "", nil, "search", "--help")
	if out.code != 0 {
		t.Fatalf("search --help: exit %d, stderr %q", out.code, out.stderr)
	}
	for line := range strings.Lines(out.stdout) {
		for _, flag := range []string{"--decay-half-life", "--mmr-lambda"} {
			if strings.Contains(line, flag+" ") && strings.Contains(line, "(default") {
				t.Errorf("search --help shows a default for opt-in %s: %q", flag, strings.TrimSpace(line))
			}
		}
	}
}
