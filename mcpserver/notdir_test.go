package mcpserver_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A path that goes on below a note, as if the note were a folder
// (stack.md/x.md), is refused naming the note that is not a folder, as
// each tool's other path errors are: before, the answer was the bare
// "lstat /abs/workspace/memory/stack.md/x.md: not a directory", naming
// neither the tool nor the argument and quoting the server's own path.
// The note is left as it was.
func TestPathBelowANoteIsRefusedByName(t *testing.T) {
	stack := "# Stack\n\nWe run Postgres 16.\n"
	cs, root := connect(t, map[string]string{"memory/stack.md": stack})
	calls := map[string]map[string]any{
		"memory_write":  {"path": "stack.md/x.md", "content": "# X\n"},
		"memory_get":    {"path": "memory/stack.md/x.md"},
		"memory_delete": {"path": "stack.md/deep/x.md"},
	}
	for name, args := range calls {
		res := call(t, cs, name, args)
		msg := text(res)
		if !res.IsError || !strings.HasPrefix(msg, name+" ") || !strings.Contains(msg, "is a file, not a folder: memory/stack.md") || strings.Contains(msg, root) {
			t.Errorf("%s(%v) = %q (error %v), want a tool error naming the tool and memory/stack.md as a file, not a folder, without the workspace's path %s", name, args, msg, res.IsError, root)
		}
	}
	if data, err := os.ReadFile(filepath.Join(root, "memory", "stack.md")); err != nil || string(data) != stack {
		t.Errorf("memory/stack.md = %q (%v), want it untouched", data, err)
	}
}
