package mcpserver_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestLoneSurrogateEscapesAreRefused: JSON can escape half of a
// surrogate pair alone ("\udc00"), which is no character: the decoder
// read it as U+FFFD, so memory_write of "x\udc00.md" wrote a note named
// "x\ufffd.md" (and an append, a query, stored or searched another text
// than the one sent). Such an argument is refused now, naming the tool,
// the argument and the escape; a pair, and "\\udc00" (a backslash then
// text), are characters and pass.
func TestLoneSurrogateEscapesAreRefused(t *testing.T) {
	cs, root := connect(t, map[string]string{"memory/a.md": "# A\n\nalpha\n"})
	for _, c := range []struct{ tool, args, arg, esc string }{
		// Tune.
		{"memory_write", `{"path": "x\udc00.md", "content": "hello"}`, "path", `\udc00`},
		// Check.
		{"memory_append", `{"text": "lone \udfff here"}`, "text", `\udfff`},
		{"memory_search", `{"query": "\ud800x"}`, "query", `\ud800`},
		{"memory_write", `{"path": "z.md", "content": "rev \ude00\ud83d x"}`, "content", `\ude00`},
		{"memory_write", `{"path": "u.md", "content": "end \uD83D"}`, "content", `\uD83D`},
		{"memory_search", `{"query": "alpha", "tags": ["ok", "t\uDBFF\u0041"]}`, "tags", `\uDBFF`},
	} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: c.tool, Arguments: json.RawMessage(c.args)})
		if err != nil {
			t.Fatalf("%s %s: protocol error %v", c.tool, c.args, err)
		}
		if got := text(res); !res.IsError || !strings.Contains(got, c.tool) || !strings.Contains(got, c.arg) || !strings.Contains(got, c.esc) || !strings.Contains(got, "surrogate") {
			t.Errorf("%s %s = %q (error %v); want an error naming %s, %s and %s, a lone surrogate", c.tool, c.args, got, res.IsError, c.tool, c.arg, c.esc)
		}
	}
	names, _ := filepath.Glob(filepath.Join(root, "memory", "*"))
	for _, n := range names {
		if b := filepath.Base(n); b != "a.md" && !strings.HasPrefix(b, ".") {
			t.Errorf("memory/ holds %q; want nothing written", b)
		}
	}
	for _, args := range []string{
		`{"path": "y.md", "content": "pair \ud83d\ude00 ok"}`,
		`{"path": "w.md", "content": "text \\udc00 written as text"}`,
	} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "memory_write", Arguments: json.RawMessage(args)})
		if err != nil || res.IsError {
			t.Errorf("memory_write %s = %q, %v; want it written", args, text(res), err)
		}
	}
	if b, err := os.ReadFile(filepath.Join(root, "memory", "y.md")); err != nil || string(b) != "pair \U0001F600 ok" {
		t.Errorf("y.md = %q, %v", b, err)
	}
}
