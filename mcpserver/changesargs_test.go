package mcpserver_test

import (
	"strings"
	"testing"
)

// TestChangesNamesTheArgumentAtFault: memory_changes checked max_results
// and offset together, so offset -1 alone read "max_results must be
// between 1 and 200 and offset at least 0, got 0 and -1", blaming an
// argument the call did not give; and from "" (a template's unset
// variable) was a "bad revision" naming no argument. Each error now
// names the one argument at fault.
func TestChangesNamesTheArgumentAtFault(t *testing.T) {
	t.Parallel()
	cs, _ := connect(t, map[string]string{"memory/db.md": "# Database\n\nMARMOT-311\n"})
	for _, c := range []struct {
		args    map[string]any
		want    string
		mustNot string
	}{
		{map[string]any{"from": "HEAD", "offset": -1}, "memory_changes: offset must be 0 or more, got -1", "max_results"},
		{map[string]any{"from": "HEAD", "max_results": 201}, "memory_changes: max_results must be between 0 and 200, got 201", "offset"},
		{map[string]any{"from": "HEAD", "max_results": -3}, "memory_changes: max_results must be between 0 and 200, got -3", "offset"},
		{map[string]any{"from": ""}, "memory_changes: from must name a git revision", "to"},
	} {
		res := call(t, cs, "memory_changes", c.args)
		got := text(res)
		if !res.IsError || !strings.HasPrefix(got, c.want) || strings.Contains(got, c.mustNot) {
			t.Errorf("memory_changes(%v) = %q (error %v); want an error starting %q, not naming %s", c.args, got, res.IsError, c.want, c.mustNot)
		}
	}
}
