package mcpserver_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// An empty expect_hash is refused, not read as "no check": a client
// that fills the argument from a template variable left unset sends "",
// and the server must not then replace, edit or delete the note
// unchecked. Each tool's error names the argument, the notes are
// byte-identical after all four calls, and tools/list says that the
// argument, when given, is not empty.
func TestEmptyExpectHashIsRefused(t *testing.T) {
	db := "# DB\n\nThe orders service uses Postgres 16.\n"
	stack := "# Stack\n\nThe orders service uses MySQL 8.\n"
	cs, root := connect(t, map[string]string{"memory/db.md": db, "memory/stack.md": stack})
	calls := map[string]map[string]any{
		"memory_write":    {"path": "db.md", "content": "# Replaced\n", "expect_hash": ""},
		"memory_delete":   {"path": "db.md", "expect_hash": ""},
		"memory_feedback": {"path": "db.md", "line": 3, "useful": false, "expect_hash": ""},
		"memory_resolve": {"keep_path": "stack.md", "keep_line": 3, "keep_text": "The orders service uses MySQL 8.",
			"drop_path": "db.md", "drop_line": 3, "drop_text": "The orders service uses Postgres 16.", "expect_hash": ""},
	}
	for name, args := range calls {
		mustFail(t, cs, name, args, name+": expect_hash is empty")
	}
	for path, want := range map[string]string{"db.md": db, "stack.md": stack} {
		if data, err := os.ReadFile(filepath.Join(root, "memory", path)); err != nil || string(data) != want {
			t.Errorf("memory/%s = %q (%v), want it untouched: %q", path, data, err, want)
		}
	}
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range list.Tools {
		if calls[tool.Name] == nil {
			continue
		}
		b, _ := json.Marshal(tool.InputSchema)
		var schema struct {
			Properties map[string]struct {
				Type      string `json:"type"`
				MinLength *int   `json:"minLength"`
			} `json:"properties"`
		}
		if err := json.Unmarshal(b, &schema); err != nil {
			t.Fatal(err)
		}
		if p := schema.Properties["expect_hash"]; p.Type != "string" || p.MinLength == nil || *p.MinLength != 1 {
			t.Errorf("%s input schema = %s, want expect_hash a string of minLength 1", tool.Name, b)
		}
	}
}
