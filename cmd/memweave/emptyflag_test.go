package main

import (
	"strconv"
	"strings"
	"testing"
)

// TestEmptyFlagValueIsRefused: a flag given an empty value (a script's
// unset variable) used to mean the flag left out: search --at "" searched
// the files as they are now, not the revision asked for, and
// --embedding-url "" sent to the default endpoint; feedback --passage " "
// marked whatever passage sits at the line; files --source "" listed
// nothing and exited 0. Each is a usage error naming the flag, also for
// any one value of a repeatable flag.
func TestEmptyFlagValueIsRefused(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	for _, args := range [][]string{
		{"search", "queue", "--at", ""},
		{"search", "queue", "--at", " "},
		{"--embedder", "", "search", "queue"},
		{"--embedding-model", "", "search", "queue"},
		{"--embedding-url", "", "search", "queue"},
		{"feedback", "memory/stack.md:5", "useful", "--passage", " "},
		{"files", "--source", ""},
		{"files", "--source", "notes", "--source", " "},
		{"conflicts", "--source", ""},
		{"mcp", "--http", "127.0.0.1:0", "--allow-host", ""},
		{"mcp", "--http", "127.0.0.1:0", "--allow-origin", " "},
	} {
		out := runCLI(t, "", nil, append([]string{"-w", ws}, args...)...)
		flag := args[0]
		switch args[0] {
		case "search":
			flag = args[2]
		case "files", "conflicts", "mcp":
			flag = args[len(args)-2]
		case "feedback":
			flag = args[3]
		}
		value := "" // the value given the flag last
		for i, a := range args[:len(args)-1] {
			if a == flag {
				value = args[i+1]
			}
		}
		if want := "memweave: invalid " + flag + " " + strconv.Quote(value) + ": must not be empty"; out.code != 2 || !strings.Contains(out.stderr, want) || out.stdout != "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2, no results and %q", args, out.code, out.stdout, out.stderr, want)
		}
	}
}

// TestChangesNamesTheFlagAtFault: a bad --offset was reported as
// "invalid --limit 1000 or --offset -1", naming a flag not given.
func TestChangesNamesTheFlagAtFault(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--offset", "-1"}, "memweave: invalid --offset -1: must be 0 or more"},
		{[]string{"--limit", "0"}, "memweave: invalid --limit 0: must be in [1,10000]"},
	} {
		out := runCLI(t, "", nil, append([]string{"-w", ws, "changes", "HEAD"}, c.args...)...)
		if out.code != 2 || !strings.HasPrefix(out.stderr, c.want) {
			t.Errorf("changes HEAD %v: exit %d, stderr %q; want exit 2 and %q", c.args, out.code, out.stderr, c.want)
		}
	}
}

// TestAllowEntryThatNeverMatchesIsRefused: mcp --allow-origin with a
// trailing slash or "*", or --allow-host with a port, matched no request
// and served on, refusing the client it was meant for with 403. Each is
// now a usage error naming the flag, before the workspace is opened
// (here: none exists, which failed with exit 1 before).
func TestAllowEntryThatNeverMatchesIsRefused(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"--allow-origin", "https://app.example.com/"},
		{"--allow-origin", "*"},
		{"--allow-host", "mcp.example.com:8765"},
	} {
		out := runCLI(t, "", nil, append([]string{"-w", t.TempDir() + "/none", "mcp", "--no-watch", "--http", "127.0.0.1:0"}, args...)...)
		if want := "memweave: invalid " + args[0] + " " + strconv.Quote(args[1]) + ": matches no request"; out.code != 2 || !strings.HasPrefix(out.stderr, want) {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and %q", args, out.code, out.stderr, want)
		}
	}
}
