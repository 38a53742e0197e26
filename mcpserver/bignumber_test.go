package mcpserver_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestNumbersBeyondFloat64AreQuotedAsSent: an integer argument past
// 2^53 was quoted back as float64 rounded it (9007199254740993 as
// 9007199254740992, 30 digits as 1.2345678901234568e+29), and a number
// past float64's range (1e400) got the SDK's decoder error, which named
// a Go type ("into Go struct field map[string]interface {}.max_results
// of type float64"). Each is now refused naming the tool and the
// argument, quoting the number as the client wrote it.
func TestNumbersBeyondFloat64AreQuotedAsSent(t *testing.T) {
	cs, _ := connect(t, map[string]string{"memory/db.md": "# DB\n\nPostgres 16.\n"})
	for _, c := range []struct{ tool, args, want string }{
		{"memory_search", `{"query":"Postgres","max_results":9007199254740993}`, "memory_search: max_results must be between 0 and 50, got 9007199254740993"},
		{"memory_search", `{"query":"Postgres","max_results":-9007199254740993}`, "memory_search: max_results must be between 0 and 50, got -9007199254740993"},
		{"memory_get", `{"path":"db.md","from":123456789012345678901234567890}`, "memory_get: from must be 0 or more, got 123456789012345678901234567890"},
		{"memory_search", `{"query":"Postgres","max_results":1e400}`, "memory_search: max_results must be between 0 and 50, got 1e400"},
		{"memory_get", `{"path":"db.md","lines":-1E+400}`, "memory_get: lines must be 0 or more, got -1E+400"},
		{"memory_search", `{"query":"Postgres","min_score":1e400}`, "memory_search: min_score is 1e400, a number too large to read"},
		{"memory_search", `{"query":"Postgres","tags":["a",1e999]}`, "memory_search: tags holds 1e999, a number too large to read"},
	} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: c.tool, Arguments: json.RawMessage(c.args)})
		if err != nil {
			t.Fatalf("%s(%s): %v", c.tool, c.args, err)
		}
		if msg := text(res); !res.IsError || msg != c.want || strings.Contains(msg, "Go ") {
			t.Errorf("%s(%s) = %q (error %v), want %q", c.tool, c.args, msg, res.IsError, c.want)
		}
	}
	// In range, written as a float or with an exponent, it is served.
	for _, args := range []string{`{"query":"Postgres","max_results":5.0}`, `{"query":"Postgres","max_results":5e0}`} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "memory_search", Arguments: json.RawMessage(args)})
		if err != nil || res.IsError {
			t.Errorf("memory_search(%s) = %v, %v; want results", args, err, text(res))
		}
	}
}
