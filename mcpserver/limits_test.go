package mcpserver_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/mcpserver"
)

func TestArgumentLimits(t *testing.T) {
	t.Parallel()
	cs, _ := connect(t, map[string]string{"memory/db.md": "# Database\n\nMARMOT-311\n"})
	over := func(n int) string { return strings.Repeat("a", n+1) }
	longPath := "notes/" + over(mcpserver.MaxPathBytes) + ".md"
	tests := []struct {
		tool string
		args map[string]any
		want string // in the error
	}{
		{"memory_write", map[string]any{"path": "notes/big.md", "content": over(mcpserver.MaxContentBytes)}, fmt.Sprintf("content is %d bytes; the limit is %d bytes", mcpserver.MaxContentBytes+1, mcpserver.MaxContentBytes)},
		{"memory_write", map[string]any{"path": longPath, "content": "x"}, fmt.Sprintf("path is %d bytes; the limit is %d bytes", len(longPath), mcpserver.MaxPathBytes)},
		{"memory_append", map[string]any{"text": over(mcpserver.MaxContentBytes)}, fmt.Sprintf("text is %d bytes; the limit is %d bytes", mcpserver.MaxContentBytes+1, mcpserver.MaxContentBytes)},
		{"memory_append", map[string]any{"text": "x", "source": over(mcpserver.MaxPathBytes)}, fmt.Sprintf("the limit is %d bytes", mcpserver.MaxPathBytes)},
		{"memory_search", map[string]any{"query": over(mcpserver.MaxQueryBytes)}, fmt.Sprintf("query is %d bytes; the limit is %d bytes", mcpserver.MaxQueryBytes+1, mcpserver.MaxQueryBytes)},
		{"memory_search", map[string]any{"query": "x", "sources": []string{"notes", over(mcpserver.MaxPathBytes)}}, fmt.Sprintf("the limit is %d bytes", mcpserver.MaxPathBytes)},
		{"memory_search", map[string]any{"query": "x", "max_results": mcpserver.MaxSearchResults + 1}, fmt.Sprintf("max_results must be between 0 and %d, got %d", mcpserver.MaxSearchResults, mcpserver.MaxSearchResults+1)},
		{"memory_pack", map[string]any{"query": over(mcpserver.MaxQueryBytes), "budget_tokens": 100}, fmt.Sprintf("the limit is %d bytes", mcpserver.MaxQueryBytes)},
		{"memory_pack", map[string]any{"query": "x", "budget_tokens": mcpserver.MaxBudgetTokens + 1}, fmt.Sprintf("budget_tokens must be between 1 and %d, got %d", mcpserver.MaxBudgetTokens, mcpserver.MaxBudgetTokens+1)},
		{"memory_get", map[string]any{"path": longPath}, fmt.Sprintf("the limit is %d bytes", mcpserver.MaxPathBytes)},
		{"memory_delete", map[string]any{"path": longPath}, fmt.Sprintf("the limit is %d bytes", mcpserver.MaxPathBytes)},
	}
	for _, tt := range tests {
		res := call(t, cs, tt.tool, tt.args)
		if got := text(res); !res.IsError || !strings.Contains(got, tt.want) || !strings.HasPrefix(got, tt.tool+": ") {
			t.Errorf("%s over a limit = %.200q (error %v), want an error %q", tt.tool, got, res.IsError, tt.want)
		}
	}

	// At the limits, the calls succeed.
	atLimit := []struct {
		tool string
		args map[string]any
	}{
		{"memory_search", map[string]any{"query": "MARMOT-311" + strings.Repeat(" ", mcpserver.MaxQueryBytes-len("MARMOT-311")), "max_results": mcpserver.MaxSearchResults}},
		{"memory_pack", map[string]any{"query": "MARMOT-311", "budget_tokens": mcpserver.MaxBudgetTokens}},
	}
	for _, tt := range atLimit {
		if res := call(t, cs, tt.tool, tt.args); res.IsError {
			t.Errorf("%s at the limits failed: %.300s", tt.tool, text(res))
		}
	}

	// Each limit is in the argument's description.
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	descs := map[string]string{}
	for _, tool := range list.Tools {
		var schema struct {
			Properties map[string]struct {
				Description string `json:"description"`
			} `json:"properties"`
		}
		b, _ := json.Marshal(tool.InputSchema)
		if err := json.Unmarshal(b, &schema); err != nil {
			t.Fatal(err)
		}
		for name, p := range schema.Properties {
			descs[tool.Name+"."+name] = p.Description
		}
	}
	for arg, limit := range map[string]int{
		"memory_write.content": mcpserver.MaxContentBytes, "memory_append.text": mcpserver.MaxContentBytes,
		"memory_search.query": mcpserver.MaxQueryBytes, "memory_pack.query": mcpserver.MaxQueryBytes,
		"memory_pack.budget_tokens": mcpserver.MaxBudgetTokens, "memory_search.max_results": mcpserver.MaxSearchResults,
		"memory_search.sources": mcpserver.MaxPathBytes, "memory_append.source": mcpserver.MaxPathBytes,
		"memory_get.path": mcpserver.MaxPathBytes, "memory_write.path": mcpserver.MaxPathBytes, "memory_delete.path": mcpserver.MaxPathBytes,
	} {
		if d := descs[arg]; !strings.Contains(d, fmt.Sprint(limit)) {
			t.Errorf("description of %s = %q, want it to state the limit %d", arg, d, limit)
		}
	}
}
