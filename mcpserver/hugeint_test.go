package mcpserver_test

import (
	"testing"
)

// An integer argument too large for the server's int (1e20) passed the
// schema and failed in Go's JSON decoder, whose error quoted the rest of
// the request and named a Go struct ("Go struct field
// mcpserver.searchInput.max_results of type int"). Each integer argument
// now has its range in its schema, and the error names the argument and
// the range (TestIntegerSchemasStateTheHandlersRange checks every one).
func TestHugeIntegerNamesTheArgument(t *testing.T) {
	cs, _ := connect(t, map[string]string{"memory/a.md": "# A\n\ncats\n"})
	for _, c := range []struct {
		tool string
		args map[string]any
		want string
	}{
		{"memory_search", map[string]any{"query": "cats", "max_results": 1e20}, "memory_search: max_results must be between 0 and 50, got 100000000000000000000"},
		{"memory_get", map[string]any{"path": "a.md", "from": -1e20}, "memory_get: from must be 0 or more, got -100000000000000000000"},
		{"memory_feedback", map[string]any{"path": "a.md", "line": 1e300, "useful": true, "passage": "p1"}, "memory_feedback: line must be 1 or more, got 1e+300"},
		// A number is quoted as the client wrote it (Go's encoder writes
		// 1e20 in digits), not as 9.99999999e+08.
		{"memory_pack", map[string]any{"query": "cats", "budget_tokens": 999999999}, "memory_pack: budget_tokens must be between 1 and 262144, got 999999999"},
		{"memory_search", map[string]any{"query": "cats", "max_results": -1000000}, "memory_search: max_results must be between 0 and 50, got -1000000"},
	} {
		res := call(t, cs, c.tool, c.args)
		msg := text(res)
		if !res.IsError || msg != c.want {
			t.Errorf("%s(%v) = %q; want %q", c.tool, c.args, msg, c.want)
		}
	}
}
