package memweave_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestSearchAtUnapprovedEmbedderGetsNoRequest: a search at a git
// revision of a clone whose memweave.json names an embedding server not
// approved here sends that server nothing, neither the notes of the
// revision nor the API key of this machine's environment: the search at
// the revision uses the workspace's embedder, blocked, and answers by
// keyword.
func TestSearchAtUnapprovedEmbedderGetsNoRequest(t *testing.T) {
	isolateApprovals(t)
	const key = "sk-at-secret-7731"
	t.Setenv(memweave.EnvEmbeddingKey, key)
	t.Setenv(memweave.EnvOpenAIKey, "")
	var mu sync.Mutex
	var auths []string
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		mu.Lock()
		auths = append(auths, r.Header.Get("Authorization"))
		mu.Unlock()
		http.Error(rw, "no", http.StatusInternalServerError)
	}))
	defer srv.Close()
	ctx := context.Background()
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n\nalpha bravo charlie\n"})
	writeSettingsJSON(t, root, map[string]any{"embedder": map[string]any{
		"provider": "openai", "model": "m", "base_url": srv.URL + "/v1"}})
	run := gitRepo(t, root)
	run("add", "-A")
	run("commit", "-q", "-m", "clone")

	w := open(t, root, memweave.Config{})
	defer w.Close()
	if len(w.Ignored()) != 1 {
		t.Fatalf("Ignored() = %+v, want the embedder's base_url", w.Ignored())
	}
	resp, err := w.SearchAt(ctx, "HEAD", "alpha")
	if err != nil {
		t.Fatalf("SearchAt(HEAD) = %v", err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(auths) != 0 {
		t.Fatalf("SearchAt sent %d requests to the unapproved embedding server (Authorization %q)", len(auths), auths)
	}
	if len(resp.Results) == 0 || resp.Mode != memweave.ModeKeyword {
		t.Errorf("SearchAt = mode %q, %d results; want keyword results", resp.Mode, len(resp.Results))
	}
}
