package main

import (
	"os"
	"strings"
	"testing"
)

// TestMCPWorkspaceMovedSaysSo: the workspace of a running `memweave mcp`
// is renamed away. memory_search answered an empty result as a success
// (an agent reads "nothing stored"), memory_get "not found: no such
// memory file", memory_status "stat ...: no such file or directory".
// Every tool now fails naming the workspace's path, that it is gone, and
// what to do: restart the server on its new path.
func TestMCPWorkspaceMovedSaysSo(t *testing.T) {
	ws, cs, _ := startIndexedMCP(t)
	mustCallTool(t, cs, "memory_search", map[string]any{"query": "queue"})
	if err := os.Rename(ws, ws+"-moved"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Rename(ws+"-moved", ws) }) // for the server's stop and TempDir's removal
	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{"memory_search", map[string]any{"query": "queue"}}, // tune
		{"memory_get", map[string]any{"path": "stack.md"}},  // tune
		{"memory_status", map[string]any{}},
		{"memory_index", map[string]any{}},
		{"memory_write", map[string]any{"path": "n.md", "content": "# N\n"}},
		{"memory_pack", map[string]any{"query": "queue", "budget_tokens": 100}},
	} {
		res := callTool(t, cs, c.tool, c.args)
		text := resultText(res)
		if !res.IsError || !strings.Contains(text, ws) || !strings.Contains(text, "gone") || !strings.Contains(text, "restart") {
			t.Errorf("%s after the workspace was renamed: error %v, %q; want an error naming %s, gone, and to restart the server", c.tool, res.IsError, text, ws)
		}
	}
}
