package mcpserver_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExpectHashTools: memory_get and memory_search return the file's
// hash; memory_write, memory_feedback and memory_resolve given a stale
// expect_hash fail and write nothing, and succeed with the current one.
func TestExpectHashTools(t *testing.T) {
	cs, root := connect(t, map[string]string{
		"memory/db.md":    "# DB\n\nThe orders service uses Postgres 16.\n",
		"memory/stack.md": "# Stack\n\nThe orders service uses MySQL 8.\n",
	})
	var got struct {
		Hash string `json:"hash"`
	}
	mustCall(t, cs, "memory_get", map[string]any{"path": "db.md"}, &got)
	if len(got.Hash) != 64 {
		t.Fatalf("memory_get hash = %q, want a hex SHA-256", got.Hash)
	}
	var found struct {
		Results []struct {
			Path string `json:"path"`
			Hash string `json:"hash"`
		} `json:"results"`
	}
	mustCall(t, cs, "memory_search", map[string]any{"query": "orders Postgres", "min_score": 0}, &found)
	for _, r := range found.Results {
		if r.Path == "memory/db.md" && r.Hash != got.Hash {
			t.Errorf("memory_search hash %q != memory_get hash %q", r.Hash, got.Hash)
		}
	}
	stale := got.Hash
	var wrote struct{}
	mustCall(t, cs, "memory_write", map[string]any{"path": "db.md", "content": "# DB\n\nPostgres 17 now.\n", "expect_hash": stale}, &wrote)
	want := "# DB\n\nPostgres 17 now.\n"
	for name, args := range map[string]map[string]any{
		"memory_write":    {"path": "db.md", "content": "# DB\n\nstale\n", "expect_hash": stale},
		"memory_feedback": {"path": "db.md", "line": 3, "useful": true, "expect_hash": stale},
		"memory_resolve":  {"keep_path": "stack.md", "keep_line": 3, "keep_text": "The orders service uses MySQL 8.", "drop_path": "db.md", "drop_line": 3, "expect_hash": stale},
	} {
		res := call(t, cs, name, args)
		if !res.IsError || !strings.Contains(text(res), "changed") {
			t.Errorf("%s with a stale expect_hash = %q (error %v), want a refusal saying the file changed", name, text(res), res.IsError)
		}
		if data, _ := os.ReadFile(filepath.Join(root, "memory", "db.md")); string(data) != want {
			t.Fatalf("after %s with a stale hash, db.md = %q, want %q", name, data, want)
		}
	}
}

// TestDeleteExpectHash: memory_delete given a stale expect_hash (another
// agent saved the note since it was read) fails and deletes nothing;
// given the current hash, it deletes the note.
func TestDeleteExpectHash(t *testing.T) {
	cs, root := connect(t, map[string]string{"memory/db.md": "# DB\n\nThe orders service uses Postgres 16.\n"})
	var got struct {
		Hash string `json:"hash"`
	}
	mustCall(t, cs, "memory_get", map[string]any{"path": "db.md"}, &got)
	saved := "# DB\n\nThe orders service uses Postgres 16.\n\nAnother agent's note.\n"
	if err := os.WriteFile(filepath.Join(root, "memory", "db.md"), []byte(saved), 0o644); err != nil {
		t.Fatal(err)
	}
	res := call(t, cs, "memory_delete", map[string]any{"path": "db.md", "expect_hash": got.Hash})
	if !res.IsError || !strings.Contains(text(res), "changed") {
		t.Errorf("memory_delete with a stale expect_hash = %q (error %v), want a refusal saying the file changed", text(res), res.IsError)
	}
	if data, err := os.ReadFile(filepath.Join(root, "memory", "db.md")); string(data) != saved {
		t.Fatalf("after memory_delete with a stale hash, db.md = %q, %v; want %q", data, err, saved)
	}
	mustCall(t, cs, "memory_get", map[string]any{"path": "db.md"}, &got)
	var deleted struct{}
	mustCall(t, cs, "memory_delete", map[string]any{"path": "db.md", "expect_hash": got.Hash}, &deleted)
	if _, err := os.Stat(filepath.Join(root, "memory", "db.md")); err == nil {
		t.Errorf("memory_delete with the current hash left db.md")
	}
}
