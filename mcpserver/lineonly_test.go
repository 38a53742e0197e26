package mcpserver_test

import (
	"os"
	"path/filepath"
	"testing"
)

// TestLineAloneRefused: memory_feedback and memory_resolve given only
// line numbers act on whatever is at those lines now, which an earlier
// mark or marker may have moved; they are refused, naming the field to
// pass, and nothing is written. A line guarded by its text, its passage
// key or the file's hash is accepted.
func TestLineAloneRefused(t *testing.T) {
	files := map[string]string{
		"memory/2025-03-02.md": "# 2025-03-02\n\n- The staging database runs PostgreSQL 15.\n- The session cache keeps entries for 5 minutes.\n",
		"memory/2025-05-10.md": "# 2025-05-10\n\n- The staging database runs PostgreSQL 16.\n",
	}
	cs, root := connect(t, files)
	unchanged := func(what string) {
		t.Helper()
		for name, want := range files {
			if data, err := os.ReadFile(filepath.Join(root, name)); string(data) != want {
				t.Fatalf("after %s, %s = %q, %v; want it unchanged", what, name, data, err)
			}
		}
	}
	mustFail(t, cs, "memory_feedback", map[string]any{"path": "2025-03-02.md", "line": 3, "useful": true},
		"memory_feedback: line 3 alone names whatever is at that line of memory/2025-03-02.md now")
	mustFail(t, cs, "memory_feedback", map[string]any{"path": "2025-03-02.md", "line": 3, "useful": true}, "pass passage")
	unchanged("memory_feedback with a line alone")

	keepText, dropText := "- The staging database runs PostgreSQL 16.", "- The staging database runs PostgreSQL 15."
	for _, c := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{}, "pass drop_text"},
		{map[string]any{"keep_text": keepText}, "pass drop_text"},
		{map[string]any{"drop_text": dropText}, "pass keep_text"},
		// The hash guards drop_path's file, not the kept line's other file.
		{map[string]any{"expect_hash": "0000000000000000000000000000000000000000000000000000000000000000"}, "pass keep_text"},
	} {
		args := map[string]any{"keep_path": "2025-05-10.md", "keep_line": 3, "drop_path": "2025-03-02.md", "drop_line": 3}
		for k, v := range c.args {
			args[k] = v
		}
		mustFail(t, cs, "memory_resolve", args, c.want)
		unchanged("memory_resolve with a line alone")
	}

	// Guarded lines are accepted: the text of both lines; the hash of
	// one file holding both.
	var res struct {
		MarkerLine int `json:"marker_line"`
	}
	mustCall(t, cs, "memory_resolve", map[string]any{"keep_path": "2025-05-10.md", "keep_line": 3, "drop_path": "2025-03-02.md", "drop_line": 3,
		"keep_text": keepText, "drop_text": dropText}, &res)
	if res.MarkerLine != 4 {
		t.Errorf("memory_resolve with both texts: marker_line %d, want 4", res.MarkerLine)
	}
	var got struct {
		Hash string `json:"hash"`
	}
	mustCall(t, cs, "memory_get", map[string]any{"path": "2025-03-02.md"}, &got)
	mustCall(t, cs, "memory_resolve", map[string]any{"keep_path": "2025-03-02.md", "keep_line": 5, "drop_path": "2025-03-02.md", "drop_line": 3,
		"expect_hash": got.Hash}, &res)
	mustCall(t, cs, "memory_get", map[string]any{"path": "2025-03-02.md"}, &got)
	var fb struct {
		Useful int `json:"useful"`
	}
	mustCall(t, cs, "memory_feedback", map[string]any{"path": "2025-03-02.md", "line": 3, "useful": true, "expect_hash": got.Hash}, &fb)
	if fb.Useful != 1 {
		t.Errorf("memory_feedback with expect_hash = %+v, want 1 useful", fb)
	}
}
