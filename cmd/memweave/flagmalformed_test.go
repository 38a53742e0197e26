package main

import (
	"strings"
	"testing"
)

// TestMalformedFlagValuesAreUsageErrors: a --digest that is no digest
// and an --at that is no revision are refused as usage errors (exit 2,
// "invalid --NAME VALUE: why") before anything is read. Before, trust
// --digest zz failed with exit 1 saying the settings' values "are not
// those of the digest given (zz)", as if the file had changed, and
// search --at -1 with exit 1 and "search at -1: history: bad revision".
func TestMalformedFlagValuesAreUsageErrors(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"trust", "--digest", "zz"}, `invalid --digest "zz": want the hex digest`},
		{[]string{"trust", "--digest", "0123456789abcdef0123456789abcdeg"}, `invalid --digest "0123456789abcdef0123456789abcdeg": want the hex digest`},
		{[]string{"trust", "--digest", "0123456789abcdef0123456789abcdef0"}, `invalid --digest "0123456789abcdef0123456789abcdef0": want the hex digest`},
		{[]string{"search", "q", "--at", "-1"}, `invalid --at "-1": `},
		{[]string{"search", "q", "--at", `:/a(b)\1`}, `invalid --at ":/a(b)\\1": `},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			t.Parallel()
			out := runCLI(t, "", nil, append([]string{"-w", ws}, tt.args...)...)
			if out.code != 2 || out.stdout != "" {
				t.Errorf("exit status %d, stdout %q, stderr %q; want 2 and no output", out.code, out.stdout, out.stderr)
			}
			checkErrorLine(t, out.stderr, tt.want)
		})
	}
	// A digest of the right form that is not the file's is still a failure
	// (exit 1): the file changed since it was listed.
	if out := runCLI(t, "", nil, "-w", ws, "trust", "--digest", "0123456789abcdef0123456789abcdef"); out.code != 1 {
		t.Errorf("trust --digest of another list: exit %d, stderr %q; want 1", out.code, out.stderr)
	}
}
