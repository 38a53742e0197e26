package main

import (
	"strings"
	"testing"
)

// TestStrayArgumentIsNamedAsOne: a command that takes only flags says
// so when given an argument, naming it; cobra's own check called it an
// "unknown command", which sent a user of resolve ("memweave resolve
// memory/a.md:3 memory/b.md:5") looking for a subcommand.
func TestStrayArgumentIsNamedAsOne(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	for _, c := range []string{"check", "config", "conflicts", "files", "index", "init", "mcp", "resolve", "status", "sync", "trust", "watch"} {
		out := runCLI(t, "", nil, "-w", ws, c, "memory/a.md:3")
		want := "memweave: " + c + ` takes no arguments, got "memory/a.md:3"`
		if out.code != 2 || !strings.Contains(out.stderr, want) {
			t.Errorf("%s memory/a.md:3: exit %d, stderr %q; want exit 2 and %q", c, out.code, out.stderr, want)
		}
	}
}
