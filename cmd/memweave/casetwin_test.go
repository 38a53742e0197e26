package main

import (
	"strings"
	"testing"
)

// TestCaseTwinsWarnedOnce: a clone can bring memory/api.md beside
// memory/API.md (one file on macOS and Windows). Both are indexed; index,
// status, check and search each warn once, naming both paths, and status
// no longer counts the pair as an unreadable file (it said "1 unreadable
// (memweave index names them)" for a lookalike pair, which index indexed).
func TestCaseTwinsWarnedOnce(t *testing.T) {
	ws := indexedWorkspace(t, map[string]string{
		"memory/api.md":   "# api\n\ndeploy window alpha\n",
		"memory/API.md":   "# API\n\ndeploy window beta\n",
		"memory/other.md": "# other\n\ndeploy window gamma\n",
	})
	for _, args := range [][]string{{"index"}, {"status"}, {"check"}, {"search", "deploy window"}, {"search", "deploy window", "--json"}} {
		out := runCLI(t, "", nil, append([]string{"-w", ws}, args...)...)
		if out.code != 0 {
			t.Errorf("memweave %q: exit %d, stderr %q", args, out.code, out.stderr)
			continue
		}
		said := out.stderr
		if args[len(args)-1] == "--json" {
			var resp struct{ Warnings []string }
			decode(t, out, &resp)
			said = strings.Join(resp.Warnings, "\n")
		}
		if n := strings.Count(said, `"memory/API.md" and "memory/api.md"`); n != 1 {
			t.Errorf("memweave %q: warnings %q name the pair %d times, want once", args, said, n)
		}
		if strings.Contains(out.stdout, "unreadable") {
			t.Errorf("memweave %q: stdout %q counts the pair as unreadable", args, out.stdout)
		}
	}
}
