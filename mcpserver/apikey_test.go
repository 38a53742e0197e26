package mcpserver_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestAPIKeyNeverInResponses: an embedding server that quotes back the
// request it got, Authorization header and all, in every answer (an
// error, then a rejection of the key) must not get the API key into an
// MCP tool's result, structured or text, or its error: the embedder
// leaves the key out of every message of the server it quotes.
func TestAPIKeyNeverInResponses(t *testing.T) {
	const key = "sk-test-Q7xV9mZ2kP4wR8tL"
	for _, status := range []int{http.StatusBadRequest, http.StatusUnauthorized, http.StatusInternalServerError} {
		srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(r.Body)
			rw.Header().Set("Content-Type", "application/json")
			rw.WriteHeader(status)
			msg, _ := json.Marshal("invalid request with " + r.Header.Get("Authorization") + " for " + string(body))
			io.WriteString(rw, `{"error":{"message":`+string(msg)+`,"type":"invalid_request_error","code":"`+key+`"}}`)
		}))
		t.Cleanup(srv.Close)
		ctx := context.Background()
		root := memweavetest.Workspace(t, map[string]string{"memory/db.md": "# Database\n\nThe failover code word is MARMOT-311.\n"})
		w, err := memweave.Open(ctx, memweave.Config{Workspace: root, Now: memweavetest.Clock(),
			Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "test", BaseURL: srv.URL + "/v1", APIKey: key, Dims: 64}})
		if err != nil {
			if strings.Contains(err.Error(), key) {
				t.Fatalf("Open error carries the key: %v", err)
			}
			t.Fatal(err)
		}
		st, ct := mcp.NewInMemoryTransports()
		ss, err := mcpserver.New(w, nil).Connect(ctx, st, nil)
		if err != nil {
			t.Fatal(err)
		}
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "v0.0.1"}, nil).Connect(ctx, ct, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			tool string
			args map[string]any
		}{
			{"memory_index", map[string]any{}},
			{"memory_search", map[string]any{"query": "failover code word"}},
			{"memory_write", map[string]any{"path": "notes/x.md", "content": "# X\n\nA new fact.\n"}},
			{"memory_append", map[string]any{"text": "Another fact."}},
			{"memory_pack", map[string]any{"query": "failover", "budget_tokens": 200}},
			{"memory_status", map[string]any{}},
		} {
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: c.tool, Arguments: c.args})
			var got []byte
			if err != nil {
				got = []byte(err.Error())
			} else {
				got, _ = json.Marshal(res)
			}
			if strings.Contains(string(got), key) {
				t.Errorf("status %d: %s answered with the API key: %s", status, c.tool, got)
			}
		}
		cs.Close()
		ss.Wait()
		w.Close()
	}
}
