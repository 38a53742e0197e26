package main

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

// TestAppendWarnsWhenTheEmbedderFails: append against an embedding
// endpoint that fails still stores the note and exits 0, but says so on
// stderr, naming the endpoint's failure and that the note is found by
// keyword only until an index with a working embedder, which then embeds
// it.
func TestAppendWarnsWhenTheEmbedderFails(t *testing.T) {
	srv := memweavetest.NewEmbedServer(t, 64)
	srv.Status.Store(500)
	ws := memweavetest.Workspace(t, map[string]string{"memory/stack.md": "# Stack\n\nWe use SQLite.\n"})
	emb := []string{"-w", ws, "--embedder", "openai", "--embedding-model", "m", "--embedding-url", srv.BaseURL()}
	out := runCLI(t, "", nil, append(emb, "append", "The PELICAN-88 migration runs on Tuesdays.")...)
	if out.code != 0 || !strings.HasPrefix(out.stdout, "memory/") {
		t.Fatalf("append with a failing embedder: exit %d, stdout %q, stderr %q; want exit 0 and the path", out.code, out.stdout, out.stderr)
	}
	if !strings.Contains(out.stderr, "warning") || !strings.Contains(out.stderr, "HTTP 500") || !strings.Contains(out.stderr, "keyword") {
		t.Errorf("append with a failing embedder: stderr %q; want a warning naming the HTTP 500 and keyword search", out.stderr)
	}
	found := runCLI(t, "", nil, append(emb, "search", "--mode", "keyword", "PELICAN-88")...)
	if !strings.Contains(found.stdout, out.stdout[:len(out.stdout)-1]) {
		t.Errorf("keyword search after append: stdout %q, stderr %q; want the note", found.stdout, found.stderr)
	}
	srv.Status.Store(0)
	idx := runCLI(t, "", nil, append(emb, "index")...)
	if idx.code != 0 || !strings.Contains(idx.stdout, "0 pending") || strings.Contains(idx.stdout, " 0 computed") {
		t.Errorf("index with a working embedder: exit %d, stdout %q, stderr %q; want the note embedded, none pending", idx.code, idx.stdout, idx.stderr)
	}
}
