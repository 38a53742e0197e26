package memweave_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/memweavetest"
)

// swappingServer is an embedding server of 8-dimensional vectors, then
// of 4-dimensional ones once swapped is set: a model swapped behind the
// same name.
func swappingServer(t *testing.T) (*httptest.Server, *atomic.Bool) {
	eight, four := memweavetest.NewEmbedServer(t, 8), memweavetest.NewEmbedServer(t, 4)
	swapped := new(atomic.Bool)
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if swapped.Load() {
			four.Server.Config.Handler.ServeHTTP(rw, r)
			return
		}
		eight.Server.Config.Handler.ServeHTTP(rw, r)
	}))
	t.Cleanup(srv.Close)
	return srv, swapped
}

// TestServerChangingDimsDegradesSearch: an embedding server whose
// vectors change length after the index was built (its model swapped
// behind the same name, with dimensions learned rather than set) gets a
// search in a fresh Weave answered by keyword, with a warning that names
// both lengths, instead of failing the search.
func TestServerChangingDimsDegradesSearch(t *testing.T) {
	ctx := context.Background()
	srv, swapped := swappingServer(t)
	root := memweavetest.Workspace(t, sample)
	cfg := memweave.Config{Workspace: root, Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "m", BaseURL: srv.URL + "/v1"}}
	w, err := memweave.Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Index(ctx); err != nil {
		t.Fatal(err)
	}
	w.Close()

	swapped.Store(true)
	w, err = memweave.Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	resp, err := w.Search(ctx, "Valkey")
	if err != nil {
		t.Fatalf("Search after the server's vectors changed length = %v, want keyword results", err)
	}
	if resp.Mode != memweave.ModeKeyword || len(resp.Results) == 0 || !strings.HasSuffix(resp.Results[0].Path, "stack.md") {
		t.Errorf("Search = mode %q with %d results, want keyword results led by stack.md", resp.Mode, len(resp.Results))
	}
	if got := warningText(resp.Warnings); !strings.Contains(got, "4") || !strings.Contains(got, "8") {
		t.Errorf("Search warnings %q do not name the query's 4 dimensions and the index's 8", got)
	}
}

// TestServerChangingDimsIsReembeddedByIndex: an index built with
// dimensions learned from the server (8) whose server now sends 4 (its
// model swapped behind the same name) is re-embedded by the next
// `memweave index`, a fresh process that learns the new length only from
// the run's first answer. That run used to end with a warning saying
// index would re-embed every chunk, and every later run the same: the
// index stayed keyword-only, a new note pending, for good.
func TestServerChangingDimsIsReembeddedByIndex(t *testing.T) {
	srv, swapped := swappingServer(t)
	root := memweavetest.Workspace(t, sample)
	cfg := memweave.Config{Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "m", BaseURL: srv.URL + "/v1"}}
	w := open(t, root, cfg)
	mustIndex(t, w)
	w.Close()

	swapped.Store(true)
	memweavetest.WriteFile(t, root, "memory/later.md", "# Later\n\nA note written after the server changed models.\n")
	w = open(t, root, cfg)
	res := mustIndex(t, w)
	st, err := w.Status(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if st.Dims != 4 || st.Vectors != st.Chunks || st.PendingFiles != 0 || st.SearchMode != memweave.ModeHybrid {
		t.Errorf("after one index run: dims %d, vectors %d of %d chunks, %d files pending, search mode %s (%s); want every chunk re-embedded with 4 dims",
			st.Dims, st.Vectors, st.Chunks, st.PendingFiles, st.SearchMode, st.SearchModeReason)
	}
	if got := warningText(res.Warnings); !strings.Contains(got, "re-embedding every chunk") {
		t.Errorf("Index warnings %q do not say that every chunk is re-embedded", got)
	}
}

// TestServerSendingTooManyDimsLeavesKeywordSearch: a server whose
// vectors are longer than an index holds (dims learned, not set) is an
// embedding failure: the notes are indexed for keyword search and wait
// for vectors, and the warning names the length. It used to fail the
// whole index run (and every search's refresh) with "reset vectors:
// 70000 dimensions", indexing nothing at all.
func TestServerSendingTooManyDimsLeavesKeywordSearch(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		var req struct{ Input []string }
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			t.Errorf("decode request: %v", err)
		}
		var data []map[string]any
		for i := range req.Input {
			v := make([]int, embed.MaxDims+1)
			v[i] = 1
			data = append(data, map[string]any{"index": i, "embedding": v})
		}
		json.NewEncoder(rw).Encode(map[string]any{"object": "list", "data": data})
	}))
	t.Cleanup(srv.Close)
	root := memweavetest.Workspace(t, sample)
	w := open(t, root, memweave.Config{Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "m", BaseURL: srv.URL + "/v1"}})
	res, err := w.Index(t.Context())
	if err != nil {
		t.Fatalf("Index against a server of %d-dimensional vectors = %v, want the notes indexed for keyword search", embed.MaxDims+1, err)
	}
	if got := warningText(res.Warnings); res.FilesPending != 3 || !strings.Contains(got, fmt.Sprint(embed.MaxDims+1)) {
		t.Errorf("Index = %d files pending, warnings %q; want 3 pending and a warning naming the %d dimensions", res.FilesPending, got, embed.MaxDims+1)
	}
	resp, err := w.Search(t.Context(), "Valkey")
	if err != nil || len(resp.Results) == 0 || !strings.HasSuffix(resp.Results[0].Path, "stack.md") {
		t.Errorf("Search = %+v, %v; want stack.md by keyword", resp, err)
	}
}

// TestServerChangingDimsIsReembeddedInTheSameProcess: a long-lived
// process (an MCP server) whose embedding server's vectors
// change length behind the same model: the index pass that meets the new
// length fails its embedding calls, and the next index pass in the same
// Weave re-learns the length and re-embeds every chunk. It used to warn
// "returned 4-dimensional vectors after 8-dimensional ones" on every pass
// until the process was restarted.
func TestServerChangingDimsIsReembeddedInTheSameProcess(t *testing.T) {
	srv, swapped := swappingServer(t)
	root, w := openIndexed(t, sample, memweave.Config{Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "m", BaseURL: srv.URL + "/v1"}})

	swapped.Store(true)
	memweavetest.WriteFile(t, root, "memory/later.md", "# Later\n\nA note written after the server changed models.\n")
	mustIndex(t, w) // meets the new length
	memweavetest.WriteFile(t, root, "memory/later2.md", "# Later 2\n\nAnother note.\n")
	res := mustIndex(t, w)
	st, err := w.Status(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if st.Dims != 4 || st.Vectors != st.Chunks || st.PendingFiles != 0 || st.SearchMode != memweave.ModeHybrid {
		t.Errorf("after the second index pass since the change: dims %d, vectors %d of %d chunks, %d files pending, search mode %s (%s), warnings %q; want every chunk re-embedded with 4 dims",
			st.Dims, st.Vectors, st.Chunks, st.PendingFiles, st.SearchMode, st.SearchModeReason, warningText(res.Warnings))
	}
}
