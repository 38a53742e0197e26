package mcpserver_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"unicode"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestToolErrorsQuoteArgumentsEscapedAndShort: a tool error quotes the
// argument at fault with its control and bidi characters escaped and cut
// to a line, whatever the argument. Before, a path's NUL and U+202E came
// back raw in the library's words after the quoted path ("(get
// 日本<U+202E><NUL>é.md: resolve ...)"), and an unknown argument's name or
// a superseded value of 2 MiB came back whole: an answer as large as the
// request.
func TestToolErrorsQuoteArgumentsEscapedAndShort(t *testing.T) {
	cs, _ := connect(t, map[string]string{"memory/db.md": "# DB\n\nPostgres 16.\n"})
	huge := strings.Repeat("k", 2<<20)
	bad := "日本\u202e\x00\x1b[31mé.md"
	tests := []struct {
		name string
		args map[string]any
	}{
		{"memory_get", map[string]any{"path": bad}},
		{"memory_write", map[string]any{"path": bad, "content": "x"}},
		{"memory_delete", map[string]any{"path": bad}},
		{"memory_feedback", map[string]any{"path": bad, "line": 1, "useful": true}},
		{"memory_resolve", map[string]any{"keep_path": bad, "keep_line": 1, "drop_path": "db.md", "drop_line": 3}},
		{"memory_status", map[string]any{huge: 1}},
		{"memory_status", map[string]any{"\u202e\x00": 1}},
		{"memory_search", map[string]any{"query": "pg", "superseded": huge}},
		{"memory_pack", map[string]any{"query": "pg", "budget_tokens": 100, "superseded": "\u202ehide"}},
	}
	for _, tt := range tests {
		raw, _ := json.Marshal(tt.args)
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tt.name, Arguments: json.RawMessage(raw)})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		msg := text(res)
		if !res.IsError || !strings.HasPrefix(msg, tt.name) {
			t.Errorf("%s(%.80s): %q, want a tool error naming the tool", tt.name, raw, msg)
		}
		if i := strings.IndexFunc(msg, func(r rune) bool { return unicode.IsControl(r) || unicode.In(r, unicode.Bidi_Control) }); i >= 0 || len(msg) > 1000 {
			t.Errorf("%s(%.80s) = %d bytes %.300q; want control and bidi characters escaped, at most 1000 bytes", tt.name, raw, len(msg), msg)
		}
	}
}
