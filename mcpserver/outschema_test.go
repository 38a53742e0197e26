package mcpserver_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
)

// TestOutputsMatchOutputSchemas: every tool's structured output, on
// real calls that succeed (some with nothing found, some with
// warnings), validates against the output schema tools/list gives it,
// as a client that checks schemas does.
func TestOutputsMatchOutputSchemas(t *testing.T) {
	cs, _ := connect(t, map[string]string{
		"memory/stack.md":     "# Stack\n\nJobs run on a Redis queue.\n",
		"memory/db.md":        "# Database\n\nThe database is PostgreSQL 15.\n",
		"memory/db2.md":       "# Database\n\nThe database is MySQL 8.\n",
		"memory/bad.md":       "# Bad\n\nhas a \x00 byte in it\n",
		"memory/dup1.md":      "# Notes\n\nDeploys go out every Tuesday morning after the standup meeting.\n",
		"memory/team/dup2.md": "# Notes\n\nDeploys go out every Tuesday morning after the standup meeting.\n",
	})
	ctx := context.Background()
	list, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	resolved := map[string]*jsonschema.Resolved{}
	for _, tool := range list.Tools {
		b, _ := json.Marshal(tool.OutputSchema)
		var s jsonschema.Schema
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatalf("%s output schema: %v", tool.Name, err)
		}
		r, err := s.Resolve(nil)
		if err != nil {
			t.Fatalf("%s output schema: %v", tool.Name, err)
		}
		resolved[tool.Name] = r
	}
	calls := []struct {
		name string
		args map[string]any
	}{
		{"memory_search", map[string]any{"query": "Redis queue"}},
		{"memory_search", map[string]any{"query": "nothing like this zebra"}},
		{"memory_search", map[string]any{"query": "database", "min_score": 0.99}},
		{"memory_search", map[string]any{"query": "database", "tags": []string{"none"}}},
		{"memory_get", map[string]any{"path": "stack.md"}},
		{"memory_write", map[string]any{"path": "notes/new.md", "content": "# New\n\nA new fact.\n"}},
		{"memory_write", map[string]any{"path": "notes/nulbyte.md", "content": "# Nul\n\nx\x00y\n"}},
		{"memory_append", map[string]any{"text": "We chose Redis for the queue."}},
		{"memory_pack", map[string]any{"query": "database", "budget_tokens": 200}},
		{"memory_pack", map[string]any{"query": "zebra unicorn", "budget_tokens": 5}},
		{"memory_pack", map[string]any{"query": "database", "budget_tokens": 1}},
		{"memory_index", map[string]any{}},
		{"memory_index", map[string]any{"force": true}},
		{"memory_status", map[string]any{}},
		{"memory_conflicts", map[string]any{}},
		{"memory_consolidate", map[string]any{}},
		{"memory_delete", map[string]any{"path": "notes/new.md"}},
	}
	for _, c := range calls {
		res := call(t, cs, c.name, c.args)
		if res.IsError {
			t.Errorf("%s(%v) failed: %s", c.name, c.args, text(res))
			continue
		}
		b, _ := json.Marshal(res.StructuredContent)
		var v any
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		if err := resolved[c.name].Validate(v); err != nil {
			t.Errorf("%s(%v) output does not match its schema: %v\noutput: %s", c.name, c.args, err, b)
		}
	}
}
