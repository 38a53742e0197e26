package main

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

// TestEmptyOrMalformedExpectHashIsRefused: a script that passes
// --expect-hash "$HASH" with HASH empty (a get --hash that failed) asked
// for a check; write and delete used to read "" as no check and replaced
// or removed the note. A hash that is not 64 hex digits was reported as
// the file having changed. Both are usage errors naming the flag, and
// every note stays as it was.
func TestEmptyOrMalformedExpectHashIsRefused(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	before := memweavetest.ReadFile(t, ws, "memory/stack.md")
	for _, h := range []string{"", " ", "zz", strings.Repeat("a", 63)} {
		for _, args := range expectHashCommands(h) {
			out := runStdin(t, "", nil, strings.NewReader("# Replaced\n"), append([]string{"-w", ws}, args...)...)
			want := "invalid --expect-hash " + `"` + h + `"` + ": want the 64 hex digits"
			if out.code != 2 || !strings.Contains(out.stderr, want) {
				t.Errorf("%q: exit %d, stderr %q; want exit 2 and %q", args, out.code, out.stderr, want)
			}
			if got := memweavetest.ReadFile(t, ws, "memory/stack.md"); got != before {
				t.Fatalf("%q changed memory/stack.md to %q", args, got)
			}
		}
	}
}

// expectHashCommands are the commands that take --expect-hash, each
// given h and acting on memory/stack.md of [testWorkspace].
func expectHashCommands(h string) [][]string {
	return [][]string{
		{"write", "memory/stack.md", "--expect-hash", h},
		{"delete", "memory/stack.md", "--expect-hash", h},
		{"feedback", "memory/stack.md:5", "useful", "--expect-hash", h},
		{"resolve", "--keep", "memory/stack.md:5", "--drop", "memory/stack.md:6", "--expect-hash", h},
	}
}
