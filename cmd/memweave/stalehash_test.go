package main

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

// TestStaleExpectHashNamesTheFlag: an --expect-hash of the right form
// that the file no longer holds fails (exit 1) naming --expect-hash, and
// the note stays. Before, write said "edit memory/stack.md: memfile: the
// file changed while it was being edited; nothing was written: it is not
// the content expected", the flag unnamed (memory_write names
// expect_hash since a869cf9).
func TestStaleExpectHashNamesTheFlag(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	before := memweavetest.ReadFile(t, ws, "memory/stack.md")
	h := strings.Repeat("0", 64)
	for _, args := range expectHashCommands(h) {
		out := runStdin(t, "", nil, strings.NewReader("# Replaced\n"), append([]string{"-w", ws}, args...)...)
		if out.code != 1 || !strings.Contains(out.stderr, "--expect-hash "+h[:12]) || !strings.Contains(out.stderr, "does not match") {
			t.Errorf("%q: exit %d, stderr %q; want exit 1 naming --expect-hash %s... and that it does not match", args, out.code, out.stderr, h[:12])
		}
	}
	if after := memweavetest.ReadFile(t, ws, "memory/stack.md"); after != before {
		t.Errorf("memory/stack.md changed: %q, want %q", after, before)
	}
}
