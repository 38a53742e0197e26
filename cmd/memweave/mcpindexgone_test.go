package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMCPIndexDeletedUnderItStaysBound: the index files are deleted
// (clearing the cache) under a running `memweave mcp`, which writes a
// note. The file its handle made recorded no memory folder, so the next
// command took it for an index copied in: "the index records no memory
// folder ... indexed again from the files", its vectors dropped and
// computed again. Now the server records the folder in the file it
// follows, and the next command keeps it.
func TestMCPIndexDeletedUnderItStaysBound(t *testing.T) {
	ws, cs, stop := startIndexedMCP(t)
	mustCallTool(t, cs, "memory_search", map[string]any{"query": "queue"})
	for _, s := range []string{"", "-wal", "-shm"} {
		os.Remove(filepath.Join(ws, ".memweave", "index.db"+s))
	}
	mustCallTool(t, cs, "memory_write", map[string]any{"path": "new.md", "content": "# New\n\nA wombat note.\n"})
	stop()
	out := mustRunCLI(t, "-w", ws, "search", "wombat")
	if strings.Contains(out.stderr, "memory folder") || !strings.Contains(out.stdout, "memory/new.md") {
		t.Errorf("search after the server wrote to a new index file: stdout %q, stderr %q; want memory/new.md, no word of the memory folder", out.stdout, out.stderr)
	}
}
