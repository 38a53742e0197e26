package main

import (
	"fmt"
	"strings"
	"testing"
)

// TestLongPathIsAUsageError: a PATH argument of 100,000 bytes made get
// fail with exit status 1 and a 200 KB error line, the path printed whole
// twice (the MCP tools refuse a path over 1 KiB, quoting it cut). It is
// now a usage error (exit 2) naming its length and the limit, quoting its
// first bytes only.
func TestLongPathIsAUsageError(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	long := strings.Repeat("a", 100_000) + ".md"
	for _, args := range [][]string{
		{"get", long},           // tune
		{"get", long + ":3"},    // check
		{"delete", long},        // check
		{"write", long},         // check
		{"get", long, "--json"}, // check
	} {
		out := runCLIInput(t, "# x\n", append([]string{"-w", ws}, args...)...)
		size := fmt.Sprintf("%d bytes", len(args[1]))
		if out.code != 2 || len(out.stderr) > 400 || !strings.Contains(out.stderr, size) || !strings.Contains(out.stderr, "1024") {
			t.Errorf("memweave %s <%d-byte path>: exit %d, stderr of %d bytes %.300q; want exit 2 and a short line naming %s and the limit 1024", args[0], len(args[1]), out.code, len(out.stderr), out.stderr, size)
		}
	}
}
