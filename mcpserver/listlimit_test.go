package mcpserver_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/mcpserver"
)

// TestListArgumentLimits: the lists a call may carry (sources, tags) are
// bounded in count, not only each name in length: a request of short
// unknown sources as large as the frame limit allows made an answer many
// times its size, of one warning each, and held its memory meanwhile.
func TestListArgumentLimits(t *testing.T) {
	t.Parallel()
	cs, _ := connect(t, map[string]string{"memory/db.md": "# Database\n\nMARMOT-311\n", "memory/team/t.md": "# T\n\nteam note\n"})
	names := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf("s%d", i)
		}
		return out
	}
	over := names(mcpserver.MaxListItems + 1)
	want := fmt.Sprintf("%d names; the limit is %d", mcpserver.MaxListItems+1, mcpserver.MaxListItems)
	for _, tt := range []struct {
		tool, field string
		args        map[string]any
	}{
		{"memory_search", "sources", map[string]any{"query": "x", "sources": over}},
		{"memory_search", "tags", map[string]any{"query": "x", "tags": over}},
		{"memory_conflicts", "sources", map[string]any{"sources": over}},
	} {
		res := call(t, cs, tt.tool, tt.args)
		if got := text(res); !res.IsError || !strings.HasPrefix(got, tt.tool+": "+tt.field+" has "+want) {
			t.Errorf("%s with %d %s = %.200q (error %v), want an error naming %s: %q", tt.tool, len(over), tt.field, got, res.IsError, tt.field, want)
		}
	}
	atLimit := append(names(mcpserver.MaxListItems-1), "team")
	if res := call(t, cs, "memory_search", map[string]any{"query": "team", "sources": atLimit, "min_score": 0}); res.IsError || !strings.Contains(text(res), "memory/team/t.md") {
		t.Errorf("memory_search with %d sources = %.300s, want memory/team/t.md", len(atLimit), text(res))
	}
}
