package mcpserver_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestArgumentTypeErrorsNameToolAndArgument: an argument of the wrong
// type, a list item of the wrong type, a missing required argument and
// an unknown one are refused with a tool
// error naming the tool and the argument in words, for every tool. Before,
// each got the schema check's message, without the tool and partly in Go:
// `validating "arguments": validating root: validating
// /properties/max_results: type: 5 has type "string", want "integer"`,
// `type: <invalid reflect.Value> has type "null"` for a null list item,
// `cannot unmarshal "1e400" into Go struct field map[string]interface
// {}.max_results of type float64` (now refused by rangeError and
// hugeNumber, checked first).
func TestArgumentTypeErrorsNameToolAndArgument(t *testing.T) {
	cs, _ := connect(t, map[string]string{"memory/db.md": "# DB\n\nPostgres 16.\n"})
	tests := []struct {
		name string
		args string
		want string
	}{
		{"memory_search", `{"query":"pg","max_results":"5"}`, `memory_search: max_results must be an integer, got a string`},
		{"memory_search", `{"query":"pg","max_results":5.5}`, `memory_search: max_results must be an integer, got a number`},
		{"memory_search", `{"query":["pg"]}`, `memory_search: query must be a string, got an array`},
		{"memory_search", `{"query":"pg","sources":"memory"}`, `memory_search: sources must be an array, got a string`},
		{"memory_search", `{"query":"pg","min_score":"0.1"}`, `memory_search: min_score must be a number, got a string`},
		{"memory_search", `{"query":"pg","tags":[1,2]}`, `memory_search: tags[0] must be a string, got a number`},
		{"memory_search", `{"query":"pg","tags":["a",null]}`, `memory_search: tags[1] must be a string, got null`},
		{"memory_search", `{"query":"pg","include_expired":"yes"}`, `memory_search: include_expired must be a boolean, got a string`},
		{"memory_search", `{"query":"pg","max_results":1e400}`, `memory_search: max_results must be between 0 and 50, got 1e400`},
		{"memory_search", `{"query":"pg","min_score":1e400}`, `memory_search: min_score is 1e400, a number too large to read`},
		{"memory_search", `{"query":"pg","bogus":1}`, `memory_search: unknown argument "bogus"; memory_search takes `},
		{"memory_search", `{}`, `memory_search: query is required`},
		{"memory_get", `{"path":"db.md","from":true}`, `memory_get: from must be an integer, got a boolean`},
		{"memory_write", `{"path":"a.md","content":"a","expect_hash":""}`, `memory_write: expect_hash is empty`},
		{"memory_write", `{"path":"a.md","content":{"x":1}}`, `memory_write: content must be a string, got an object`},
		{"memory_append", `{"text":"hi","tags":"a"}`, `memory_append: unknown argument "tags"`},
		{"memory_delete", `{}`, `memory_delete: path is required`},
		{"memory_pack", `{"query":7}`, `memory_pack: query must be a string, got a number`},
		{"memory_index", `{"force":1}`, `memory_index: force must be a boolean, got a number`},
		{"memory_status", `{"x":1}`, `memory_status: unknown argument "x"; memory_status takes no arguments`},
		{"memory_conflicts", `{"max_results":"9"}`, `memory_conflicts: max_results must be an integer, got a string`},
		{"memory_changes", `{"from":7}`, `memory_changes: from must be a string, got a number`},
		{"memory_feedback", `{"path":"db.md","line":1,"useful":"yes"}`, `memory_feedback: useful must be a boolean, got a string`},
		{"memory_resolve", `{}`, `memory_resolve: keep_path, keep_line, drop_path and drop_line are required`},
		{"memory_consolidate", `{"apply":"g1"}`, `memory_consolidate: apply must be an array, got a string`},
	}
	for _, tt := range tests {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tt.name, Arguments: json.RawMessage(tt.args)})
		if err != nil {
			t.Fatalf("%s(%s): %v", tt.name, tt.args, err)
		}
		msg := text(res)
		if !res.IsError || !strings.HasPrefix(msg, tt.want) || strings.Contains(msg, "validating") || strings.Contains(msg, "Go ") || strings.Contains(msg, "reflect") {
			t.Errorf("%s(%s) = %q (error %v), want a tool error starting %q", tt.name, tt.args, msg, res.IsError, tt.want)
		}
	}
}
