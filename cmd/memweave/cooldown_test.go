package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

// TestSearchCoolDownOutlivesTheProcess: a search command run after
// another one found the embedding server failing (503 after its 3 tries)
// sends it one request, not three, and says since when it fails; once
// the server answers, the next command is hybrid without a warning and
// the file keeping the cool-down is gone.
func TestSearchCoolDownOutlivesTheProcess(t *testing.T) {
	srv := memweavetest.NewEmbedServer(t, 16)
	ws := memweavetest.Workspace(t, map[string]string{"memory/stack.md": "# Stack\n\nWe cache with Valkey.\n"})
	emb := []string{"-w", ws, "--embedder", "openai", "--embedding-model", "m", "--embedding-url", srv.BaseURL(), "--embedding-dims", "16"}
	if out := runCLI(t, "", nil, append(emb, "index")...); out.code != 0 {
		t.Fatalf("index: exit %d, stderr %q", out.code, out.stderr)
	}
	srv.Status.Store(503)
	for i, want := range []int64{3, 1, 1} {
		before := srv.Calls.Load()
		out := runCLI(t, "", nil, append(emb, "search", "Valkey")...)
		if got := srv.Calls.Load() - before; got != want || out.code != 0 || !strings.Contains(out.stdout, "memory/stack.md") {
			t.Errorf("search %d against a 503 server: exit %d, %d requests, stdout %q; want keyword results after %d", i+1, out.code, got, out.stdout, want)
		}
		if i > 0 && !strings.Contains(out.stderr, "the server failed 1 full wait since") {
			t.Errorf("search %d: stderr %q; want it to say since when the server fails", i+1, out.stderr)
		}
	}
	srv.Status.Store(0)
	out := runCLI(t, "", nil, append(emb, "search", "--json", "Valkey")...)
	if !strings.Contains(out.stdout, `"mode": "hybrid"`) || out.stderr != "" {
		t.Errorf("search once the server answers: stdout %q, stderr %q; want hybrid without a warning", out.stdout, out.stderr)
	}
	if _, err := os.Stat(filepath.Join(ws, ".memweave", "query-cooldown.json")); !os.IsNotExist(err) {
		t.Errorf("the cool-down file outlived the server's answer (%v)", err)
	}
}
