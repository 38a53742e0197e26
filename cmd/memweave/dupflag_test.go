package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

// TestFlagGivenTwiceIsRefused: a flag that takes one value, given twice
// with two values, silently took the last: "-w A delete x.md -w B" (a
// script's -w before its own, or a pasted line) deleted B's note, and
// --expect-hash H1 --expect-hash H2 checked only H2. Each is now a usage
// error naming the flag and both values, nothing touched; the same value
// twice, and a repeatable flag, stay accepted.
func TestFlagGivenTwiceIsRefused(t *testing.T) {
	t.Parallel()
	a, b := testWorkspace(t), testWorkspace(t)
	hash := strings.Repeat("0", 64)
	for _, c := range []struct {
		args []string
		flag string
	}{
		{[]string{"-w", a, "delete", "memory/stack.md", "-w", b}, "-w, --workspace"},
		{[]string{"-w", a, "--workspace", b, "delete", "memory/stack.md"}, "-w, --workspace"},
		{[]string{"-w", b, "delete", "memory/stack.md", "--expect-hash", hash, "--expect-hash", strings.Repeat("1", 64)}, "--expect-hash"},
		{[]string{"-w", b, "search", "queue", "-n", "3", "--max-results", "5"}, "-n, --max-results"},
		{[]string{"-w", b, "search", "queue", "--mode", "keyword", "--mode=vector"}, "--mode"},
		{[]string{"-w", b, "search", "queue", "--json", "--json=false"}, "--json"},
		{[]string{"-w", b, "--embedder", "hash", "--embedder", "none", "status"}, "--embedder"},
	} {
		out := runCLI(t, "", nil, c.args...)
		want := `"` + c.flag + `" given twice`
		if out.code != 2 || out.stdout != "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and no output", c.args, out.code, out.stdout, out.stderr)
			continue
		}
		checkErrorLine(t, out.stderr, want)
	}
	for _, ws := range []string{a, b} {
		if _, err := os.Stat(filepath.Join(ws, "memory", "stack.md")); err != nil {
			t.Errorf("a refused command removed a note: %v", err)
		}
	}
	for _, args := range [][]string{
		{"-w", b, "-w", b, "search", "queue", "--json", "--json", "-n", "2", "-n", "2"},
		{"-w", b, "search", "queue", "--source", "memory", "--source", "projects"},
	} {
		if out := runCLI(t, "", nil, args...); out.code != 0 {
			t.Errorf("%q: exit %d, stderr %q; want 0", args, out.code, out.stderr)
		}
	}
}

// TestChangesEmptyRevisionIsRefused: changes REV1 "" (a script's unset
// variable for REV2) compared REV1 with the files as they are now and
// exited 0, and changes "" failed as a bad revision (exit 1); as for
// search --at "", each is now a usage error naming the argument.
func TestChangesEmptyRevisionIsRefused(t *testing.T) {
	t.Parallel()
	ws := gitWorkspace(t)
	memweavetest.WriteFile(t, ws, "memory/stack.md", "# Stack\n\nThe queue moved to NATS.\n")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"HEAD", ""}, "REV2 must not be empty"},
		{[]string{"HEAD", " "}, "REV2 must not be empty"},
		{[]string{""}, "REV1 must not be empty"},
		{[]string{"", "HEAD"}, "REV1 must not be empty"},
	} {
		out := runCLI(t, "", nil, append([]string{"-w", ws, "changes"}, c.args...)...)
		if out.code != 2 || out.stdout != "" {
			t.Errorf("changes %q: exit %d, stdout %q, stderr %q; want exit 2 and no output", c.args, out.code, out.stdout, out.stderr)
			continue
		}
		checkErrorLine(t, out.stderr, c.want)
	}
}
