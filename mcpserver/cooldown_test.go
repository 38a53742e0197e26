package mcpserver_test

import (
	"context"
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestSearchAfterEmbedderFailureCoolsDown: in the MCP server (one
// long-lived Weave), an embedding server answering 503 costs the first
// memory_search its three tries and the next one a single try, whose
// warning says the server failed an earlier search and when it is
// waited for in full again; once the server answers, memory_search
// carries no warning.
func TestSearchAfterEmbedderFailureCoolsDown(t *testing.T) {
	srv := memweavetest.NewEmbedServer(t, 64)
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{Provider: "openai", Model: "m", BaseURL: srv.BaseURL()})
	if _, err := w.Index(context.Background()); err != nil {
		t.Fatal(err)
	}
	cs := connectWeave(t, w)
	srv.Status.Store(503)
	var out searchOutput
	for i, want := range []struct {
		calls int64
		says  string
	}{{3, "then the full 10s again"}, {1, "the server failed 1 full wait since"}} {
		before := srv.Calls.Load()
		out = searchOutput{}
		mustCall(t, cs, "memory_search", map[string]any{"query": "failover code word"}, &out)
		warn := strings.Join(out.Warnings, "\n")
		if got := srv.Calls.Load() - before; got != want.calls || len(out.Results) == 0 || !strings.Contains(warn, want.says) {
			t.Errorf("memory_search %d against a 503 server: %d requests, %d results, warnings %q; want %d requests, keyword results, a warning saying %q",
				i, got, len(out.Results), warn, want.calls, want.says)
		}
	}
	srv.Status.Store(0)
	out = searchOutput{}
	mustCall(t, cs, "memory_search", map[string]any{"query": "failover code word"}, &out)
	if len(out.Results) == 0 || len(out.Warnings) != 0 {
		t.Errorf("memory_search once the server answers = %d results, warnings %q; want results and no warning", len(out.Results), out.Warnings)
	}
}
