package main

import (
	"strings"
	"testing"
)

// TestEmptyFlagValueIsRefused: a flag given an empty value (a script's
// unset variable) used to mean the flag left out: search --at "" searched
// the files as they are now, not the revision asked for, and
// --embedding-url "" sent to the default endpoint. Each is a usage error
// naming the flag.
func TestEmptyFlagValueIsRefused(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	for _, args := range [][]string{
		{"search", "queue", "--at", ""},
		{"search", "queue", "--at", " "},
		{"--embedder", "", "search", "queue"},
		{"--embedding-model", "", "search", "queue"},
		{"--embedding-url", "", "search", "queue"},
	} {
		out := runCLI(t, "", nil, append([]string{"-w", ws}, args...)...)
		flag := args[0]
		if flag == "search" {
			flag = args[2]
		}
		if want := "memweave: " + flag + " must not be empty"; out.code != 2 || !strings.Contains(out.stderr, want) || out.stdout != "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2, no results and %q", args, out.code, out.stdout, out.stderr, want)
		}
	}
}
