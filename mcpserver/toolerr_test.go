package mcpserver_test

import (
	"strings"
	"testing"
)

// TestToolErrorsNameToolAndArgument: a tool's own errors (past the
// argument checks) start with the tool's name, name the argument at
// fault, and quote no system call (the workspace's path may show:
// memory_status gives it). Before: "edit memory/db.md:
// memfile: the file changed while it was being edited; nothing was
// written: it is not the content expected" (no tool, no expect_hash),
// "edit memory/db.md: expected hash \"abc\": ...", "get memory/db.md:
// line 999 is out of range" (no tool, no from), "feedback: edit
// memory/nope.md: openat nope.md: no such file or directory".
func TestToolErrorsNameToolAndArgument(t *testing.T) {
	cs, _ := connect(t, map[string]string{"memory/db.md": "# DB\n\nPostgres 16.\n"})
	stale := strings.Repeat("0", 64)
	tests := []struct {
		name string
		args map[string]any
		want []string
	}{
		{"memory_write", map[string]any{"path": "db.md", "content": "x\n", "expect_hash": stale}, []string{"memory_write: expect_hash ", "memory/db.md", "nothing was written"}},
		{"memory_delete", map[string]any{"path": "db.md", "expect_hash": stale}, []string{"memory_delete: expect_hash ", "memory/db.md"}},
		{"memory_write", map[string]any{"path": "db.md", "content": "x\n", "expect_hash": "abc"}, []string{"memory_write: expect_hash \"abc\"", "64 hex digits"}},
		{"memory_feedback", map[string]any{"path": "db.md", "line": 3, "useful": true, "expect_hash": "abc"}, []string{"memory_feedback: expect_hash \"abc\""}},
		{"memory_get", map[string]any{"path": "db.md", "from": 999}, []string{"memory_get: from 999 ", "memory/db.md", "3 lines"}},
		{"memory_feedback", map[string]any{"path": "nope.md", "line": 1, "useful": true, "passage": "p0123456789abcdef"}, []string{"memory_feedback \"nope.md\" not found"}},
		{"memory_resolve", map[string]any{"keep_path": "nope.md", "keep_line": 1, "keep_text": "a", "drop_path": "db.md", "drop_line": 3, "drop_text": "Postgres 16."}, []string{"memory_resolve \"nope.md\" not found"}},
		{"memory_changes", map[string]any{"from": "HEAD~1"}, []string{"memory_changes: "}},
	}
	for _, tt := range tests {
		res := call(t, cs, tt.name, tt.args)
		msg := text(res)
		ok := res.IsError && !strings.Contains(msg, "openat")
		for _, w := range tt.want {
			ok = ok && strings.Contains(msg, w)
		}
		if !ok || !strings.HasPrefix(msg, tt.want[0]) {
			t.Errorf("%s(%v) = %q (error %v), want a tool error starting %q, holding %q, without a system call", tt.name, tt.args, msg, res.IsError, tt.want[0], tt.want[1:])
		}
	}
}
