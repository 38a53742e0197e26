package mcpserver_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestArgumentShapeErrorsNameTheArgument: arguments that are not an
// object, and an argument sent as null, are refused with a tool error
// naming the tool and the argument in words. Before, the schema check's
// own message quoted Go: `cannot unmarshal "\"q\"" into Go value of type
// map[string]interface {}` and `type: <invalid reflect.Value> has type
// "null"`.
func TestArgumentShapeErrorsNameTheArgument(t *testing.T) {
	cs, _ := connect(t, map[string]string{"memory/db.md": "# DB\n\nPostgres 16.\n"})
	tests := []struct {
		name string
		args string
		want string
	}{
		{"memory_search", `"Postgres"`, "memory_search: arguments must be a JSON object of named arguments, got a string"},
		{"memory_search", `["Postgres"]`, "memory_search: arguments must be a JSON object of named arguments, got an array"},
		{"memory_status", `7`, "memory_status: arguments must be a JSON object of named arguments, got a number"},
		{"memory_search", `{"query":null}`, "memory_search: query is null: give it a value, or leave it out if it is optional"},
		{"memory_search", `{"query":"Postgres","max_results":null}`, "memory_search: max_results is null"},
		{"memory_write", `{"path":"db.md","content":null}`, "memory_write: content is null"},
	}
	for _, tt := range tests {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tt.name, Arguments: json.RawMessage(tt.args)})
		if err != nil {
			t.Fatalf("%s(%s): %v", tt.name, tt.args, err)
		}
		if msg := text(res); !res.IsError || !strings.HasPrefix(msg, tt.want) || strings.Contains(msg, "Go value") || strings.Contains(msg, "reflect") {
			t.Errorf("%s(%s) = %q (error %v), want a tool error starting %q", tt.name, tt.args, msg, res.IsError, tt.want)
		}
	}
	// null arguments, as absent ones, are no arguments; an argument whose
	// schema takes null (min_score) may be null.
	for name, args := range map[string]string{"memory_status": `null`, "memory_search": `{"query":"Postgres","min_score":null}`} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: json.RawMessage(args)})
		if err != nil || res.IsError {
			t.Errorf("%s(%s) = %v, %v; want a result", name, args, err, res)
		}
	}
}
