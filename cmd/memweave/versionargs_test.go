package main

import (
	"strings"
	"testing"
)

// TestVersionRefusesExtraArguments: --version with an argument it does
// not take is a usage error naming both, as every command's extra
// argument is; -v and --version alone print the version. Before, cobra
// printed the version and exited 0, ignoring "extra" (mcp8's open item).
func TestVersionRefusesExtraArguments(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"--version", "extra"}, {"extra", "-v"}} {
		out := runCLI(t, "", nil, args...)
		if out.code != 2 || out.stdout != "" {
			t.Errorf("memweave %s: exit %d, stdout %q; want 2 and nothing", strings.Join(args, " "), out.code, out.stdout)
		}
		checkErrorLine(t, out.stderr, `memweave: --version takes no arguments, got "extra"`)
	}
	for _, flag := range []string{"-v", "--version"} {
		if out := runCLI(t, "", nil, flag); out.code != 0 || !strings.HasPrefix(out.stdout, "memweave ") || out.stderr != "" {
			t.Errorf("memweave %s: exit %d, stdout %q, stderr %q", flag, out.code, out.stdout, out.stderr)
		}
	}
}
