package mcpserver_test

import (
	"strings"
	"testing"
)

// An integer argument too large for the server's int (1e20) passed the
// schema and failed in Go's JSON decoder, whose error quoted the rest of
// the request and named a Go struct ("Go struct field
// mcpserver.searchInput.max_results of type int"). Each integer argument
// now has bounds in its schema, and the error names the argument and the
// bound.
func TestHugeIntegerNamesTheArgument(t *testing.T) {
	cs, _ := connect(t, map[string]string{"memory/a.md": "# A\n\ncats\n"})
	for _, c := range []struct {
		tool string
		args map[string]any
		arg  string
	}{
		{"memory_search", map[string]any{"query": "cats", "max_results": 1e20}, "max_results"},
		{"memory_get", map[string]any{"path": "a.md", "from": -1e20}, "from"},
		{"memory_feedback", map[string]any{"path": "a.md", "line": 1e300, "useful": true, "passage": "p1"}, "line"},
	} {
		res := call(t, cs, c.tool, c.args)
		msg := text(res)
		if !res.IsError || !strings.Contains(msg, "/properties/"+c.arg+":") || strings.Contains(msg, "Go struct") || strings.Contains(msg, "mcpserver.") {
			t.Errorf("%s(%v) = %q; want an error naming %s and its bound, not a Go type", c.tool, c.args, msg, c.arg)
		}
	}
}
