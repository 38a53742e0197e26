package main

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestKeyEchoedEncodedIsRedacted: an approved embedding server that
// answers with the key base64-encoded (its Authorization header, or the
// key alone) or HTML-escaped had it printed by index's warning and
// returned by MCP's memory_index, for anyone reading the log or the
// agent's transcript to decode. Both now show "[redacted]" instead.
func TestKeyEchoedEncodedIsRedacted(t *testing.T) {
	const key = "sk-live/SECRET+key=0123456789"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		auth := r.Header.Get("Authorization")
		k := strings.TrimPrefix(auth, "Bearer ")
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprintf(w, `{"error":{"message":"rejected %s; html %s; b64 %s"}}`,
			base64.StdEncoding.EncodeToString([]byte(auth)),
			strings.ReplaceAll(html.EscapeString(k), "/", "&#47;"),
			base64.StdEncoding.EncodeToString([]byte(k)))
	}))
	t.Cleanup(srv.Close)
	leaks := func(s string) bool {
		for _, form := range []string{"SECRET", "U0VDUkVU", "NFQ1JFV", "TRUNSRV"} {
			if strings.Contains(s, form) {
				return true
			}
		}
		return false
	}
	ws := testWorkspace(t)
	env := []string{"MEMWEAVE_EMBEDDING_KEY=" + key}
	mustRunCLI(t, "-w", ws, "config", "--embedder", "openai", "--embedding-model", "m", "--embedding-url", srv.URL+"/v1")
	out := runCLI(t, "", env, "-w", ws, "index")
	if !strings.Contains(out.stderr, "rejected") || leaks(out.stderr+out.stdout) || !strings.Contains(out.stderr, "[redacted]") {
		t.Errorf("index: stderr %q; want the server's message with each form of the key redacted", out.stderr)
	}

	t.Setenv("MEMWEAVE_EMBEDDING_KEY", key)
	cs, _ := startMCP(t, ws)
	res := callTool(t, cs, "memory_index", map[string]any{})
	b, _ := json.Marshal(res)
	if !strings.Contains(string(b), "rejected") || leaks(string(b)) || !strings.Contains(string(b), "[redacted]") {
		t.Errorf("memory_index = %s; want the server's message with each form of the key redacted", b)
	}
}
