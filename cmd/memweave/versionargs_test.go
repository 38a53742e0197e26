package main

import (
	"strings"
	"testing"
)

// TestVersionAndHelpRefuseExtraArguments: "memweave --version extra"
// printed the version and exited 0, ignoring "extra" (cobra answers its
// version flag before it checks arguments), and "memweave --version
// search" did not search; "memweave help search extra" showed search's
// help. Each is a usage error naming the argument, as every command's
// stray argument is.
func TestVersionAndHelpRefuseExtraArguments(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--version", "extra"}, `"extra"`},
		{[]string{"-v", "extra"}, `"extra"`},
		{[]string{"extra", "-v"}, `"extra"`},
		{[]string{"--version=true", "extra"}, `"extra"`},
		{[]string{"--version", "search"}, `--version`},
		{[]string{"help", "search", "extra"}, `"extra"`},
		{[]string{"help", "help", "x"}, `"x"`},
	} {
		out := runCLI(t, "", nil, c.args...)
		if out.code != 2 || !strings.Contains(out.stderr, c.want) || out.stdout != "" {
			t.Errorf("memweave %s: exit %d, stdout %q, stderr %q; want exit 2, nothing on stdout, stderr naming %s",
				strings.Join(c.args, " "), out.code, out.stdout, out.stderr, c.want)
		}
	}
	if out := runCLI(t, "", nil, "--version"); out.code != 0 || !strings.HasPrefix(out.stdout, "memweave ") {
		t.Errorf("memweave --version: exit %d, stdout %q; want 0 and the version", out.code, out.stdout)
	}
	if out := runCLI(t, "", nil, "help", "search"); out.code != 0 || !strings.Contains(out.stdout, "memweave search") {
		t.Errorf("memweave help search: exit %d, stdout %q; want 0 and search's help", out.code, out.stdout)
	}
}
