package mcpserver_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
	"github.com/memweave/memweave-go/memfile"
)

// TestHTTPRefusesBatches posts JSON-RPC batches (JSON arrays) of
// memory_append calls: each is refused with 400 before any call runs, as
// the stdio transport refuses them, and nothing is written. A batch is
// one HTTP request holding any number of calls, all run at once: one
// 368 KB body of 3,000 memory_get calls of a 220 KB note took the
// server to 4 GB, past every admission limit.
func TestHTTPRefusesBatches(t *testing.T) {
	t.Parallel()
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{})
	srv := httptest.NewServer(mcpserver.NewHTTPHandler(w, nil))
	defer srv.Close()
	call := `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"memory_append","arguments":{"text":"batched note"}}}`
	batch := "[" + strings.ReplaceAll(call, "%d", "1") + "," + strings.ReplaceAll(call, "%d", "2") + "]"
	tests := []struct {
		name, version, body string
		chunked             bool
	}{
		{"no version header", "", batch, false},
		{"2025-03-26", "2025-03-26", batch, false},
		{"leading white space", "2025-03-26", " \r\n\t" + batch, false},
		{"no Content-Length", "2025-03-26", batch, true},
		{"one call", "2025-03-26", "[" + strings.ReplaceAll(call, "%d", "3") + "]", false},
	}
	for _, tt := range tests {
		var body io.Reader = strings.NewReader(tt.body)
		if tt.chunked {
			body = io.MultiReader(body) // hides the length
		}
		req, err := http.NewRequest(http.MethodPost, srv.URL+mcpserver.HTTPPath, body)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if tt.version != "" {
			req.Header.Set("Mcp-Protocol-Version", tt.version)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		got, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(got), "batches are not supported") {
			t.Errorf("%s: POST of a batch = %d %q, want 400 saying batches are not supported", tt.name, resp.StatusCode, got)
		}
	}
	if notes := memoryFiles(t, w); !slices.Equal(notes, []string{"db.md"}) {
		t.Errorf("memory/ after the refused batches holds %v, want db.md alone", notes)
	}
	// The same call alone is served.
	req, err := http.NewRequest(http.MethodPost, srv.URL+mcpserver.HTTPPath, strings.NewReader(" \n"+strings.ReplaceAll(call, "%d", "4")))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(got), `"id":4,"result"`) || len(memoryFiles(t, w)) != 2 {
		t.Errorf("POST of one call = %d %q, memory/ %v; want 200, its result and a dated log", resp.StatusCode, got, memoryFiles(t, w))
	}
}

// memoryFiles lists the names in w's memory folder, but for the
// git-ignored folder of memweave's temporary files (a new day's log is
// written there first, then linked at its name).
func memoryFiles(t *testing.T, w *memweave.Weave) []string {
	t.Helper()
	ents, err := os.ReadDir(filepath.Join(w.Config().Workspace, "memory"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		if e.Name() != memfile.TempDir {
			names = append(names, e.Name())
		}
	}
	return names
}
