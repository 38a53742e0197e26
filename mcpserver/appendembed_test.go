package mcpserver_test

import (
	"context"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestAppendSaysWhenTheEmbedderFails: memory_append against an embedding
// endpoint that fails stores the note, and its result carries a warning
// naming the failure and that the note is found by keyword only, as the
// CLI prints it, instead of a plain success.
func TestAppendSaysWhenTheEmbedderFails(t *testing.T) {
	ctx := context.Background()
	srv := memweavetest.NewEmbedServer(t, 64)
	srv.Status.Store(500)
	root := memweavetest.Workspace(t, map[string]string{"memory/keep.md": "# Keep\n"})
	w, err := memweave.Open(ctx, memweave.Config{Workspace: root, Now: memweavetest.Clock(),
		Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "m", BaseURL: srv.BaseURL()}})
	if err != nil {
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
	t.Cleanup(func() {
		cs.Close()
		ss.Wait()
		w.Close()
	})
	var out struct {
		Path    string `json:"path"`
		Warning string `json:"warning"`
	}
	mustCall(t, cs, "memory_append", map[string]any{"text": "The PELICAN-88 migration runs on Tuesdays."}, &out)
	if out.Path == "" || !strings.Contains(out.Warning, "HTTP 500") || !strings.Contains(out.Warning, "keyword") {
		t.Errorf("memory_append with a failing embedder = %+v; want the path and a warning naming the HTTP 500 and keyword search", out)
	}
	if got := memweavetest.ReadFile(t, root, out.Path); !strings.Contains(got, "PELICAN-88") {
		t.Errorf("%s = %q, want the note stored", out.Path, got)
	}
}
