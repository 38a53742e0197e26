package memweave_test

import (
	"context"
	"errors"
	"testing"
	"time"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/search"
)

// remoteConfig is an OpenAI-compatible embedder on srv with no Dims: it
// learns them from the server.
func remoteConfig(srv *memweavetest.EmbedServer) memweave.Config {
	return memweave.Config{Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "test-embed", BaseURL: srv.BaseURL()}}
}

// assertHybrid checks that every chunk has a vector and that a search is
// hybrid with vector scores.
func assertHybrid(t *testing.T, w *memweave.Weave, query string) {
	t.Helper()
	st, err := w.Status(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if st.Chunks == 0 || st.Vectors != st.Chunks || st.PendingFiles != 0 || st.SearchMode != memweave.ModeHybrid || st.Dims != 48 {
		t.Errorf("Status = chunks %d vectors %d pending %d mode %q dims %d; want every chunk with a 48-dim vector",
			st.Chunks, st.Vectors, st.PendingFiles, st.SearchMode, st.Dims)
	}
	resp := mustSearch(t, w, query)
	if resp.Mode != memweave.ModeHybrid || len(resp.Warnings) != 0 || len(resp.Results) == 0 ||
		resp.Results[0].VectorScore == nil || *resp.Results[0].VectorScore == 0 {
		t.Errorf("Search(%q) = mode %q warnings %q results %d; want hybrid with a vector score", query, resp.Mode, resp.Warnings, len(resp.Results))
	}
}

// TestRemoteEmbedderLearnsDims checks that an OpenAI-compatible embedder
// configured without dimensions stores a vector for every chunk, through
// Index, Add, a new process's Open and the watcher.
func TestRemoteEmbedderLearnsDims(t *testing.T) {
	srv := memweavetest.NewEmbedServer(t, 48)
	root := memweavetest.Workspace(t, sample)
	w := open(t, root, remoteConfig(srv))
	res := mustIndex(t, w)
	if res.FilesPending != 0 || res.EmbeddingsComputed == 0 || len(res.Warnings) != 0 {
		t.Fatalf("Index = %+v, want everything embedded", res)
	}
	assertHybrid(t, w, "Valkey caching layer")

	memweavetest.WriteFile(t, root, "memory/added.md", "# Added\n\nHERON-4 added by Add\n")
	if res, err := w.Add(context.Background(), "memory/added.md"); err != nil || res.FilesPending != 0 {
		t.Fatalf("Add = %+v, %v", res, err)
	}
	assertHybrid(t, w, "HERON-4")
	w.Close()

	// A new process: the dimensions are unknown again until a response.
	w = open(t, root, remoteConfig(srv))
	assertHybrid(t, w, "Valkey caching layer")
	changed := make(chan memweave.WatchEvent, 16)
	if err := w.Watch(context.Background(), memweave.Debounce(20*time.Millisecond),
		memweave.OnChange(func(ev memweave.WatchEvent) { changed <- ev })); err != nil {
		t.Fatal(err)
	}
	memweavetest.WriteFile(t, root, "memory/watched.md", "# Watched\n\nIBIS-5 seen by the watcher\n")
	select {
	case ev := <-changed:
		if ev.Path != "memory/watched.md" || ev.Err != nil {
			t.Errorf("watcher event = %+v", ev)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no watcher event")
	}
	assertHybrid(t, w, "IBIS-5")
}

// TestRemoteEmbedderFirstOpenWhileDown checks that an index built while
// the endpoint was down, dimensions unknown, stays honest: files pending,
// searches keyword with a warning; and that the next index run, with the
// endpoint back, stores every vector.
func TestRemoteEmbedderFirstOpenWhileDown(t *testing.T) {
	srv := memweavetest.NewEmbedServer(t, 48)
	srv.Status.Store(503)
	root := memweavetest.Workspace(t, sample)
	cfg := remoteConfig(srv)
	cfg.Embedder.Timeout = 2 * time.Second
	w := open(t, root, cfg)
	res := mustIndex(t, w)
	if res.FilesPending != res.FilesIndexed || res.FilesIndexed == 0 {
		t.Fatalf("Index with the endpoint down = %+v, want every file pending", res)
	}
	resp := mustSearch(t, w, "Valkey", memweave.NoSync())
	if resp.Mode != memweave.ModeKeyword || len(resp.Warnings) == 0 {
		t.Errorf("search with no vectors = mode %q warnings %q; want keyword and a warning", resp.Mode, resp.Warnings)
	}
	noVectors := false
	for _, wn := range resp.Warnings {
		noVectors = noVectors || errors.Is(wn, search.ErrNoVectors) || errors.Is(wn, memweave.ErrEmbedderUnavailable)
	}
	if !noVectors {
		t.Errorf("warnings %q, want one saying there are no vectors or the endpoint is down", resp.Warnings)
	}
	srv.Status.Store(0)
	if res := mustIndex(t, w); res.FilesPending != 0 {
		t.Fatalf("Index with the endpoint back = %+v, want nothing pending", res)
	}
	assertHybrid(t, w, "Valkey caching layer")
}

// TestRemoteEmbedderChunkingChange checks that a chunker setting change
// re-chunks the files even when the embedder's dimensions are not known
// yet in this process.
func TestRemoteEmbedderChunkingChange(t *testing.T) {
	srv := memweavetest.NewEmbedServer(t, 48)
	root := memweavetest.Workspace(t, sample)
	w := open(t, root, remoteConfig(srv))
	before := mustIndex(t, w).ChunksCreated
	w.Close()
	cfg := remoteConfig(srv)
	cfg.ChunkTokens = 16
	cfg.ChunkOverlap = new(0)
	changeSettings(t, root, func(s *memweave.Settings) { s.ChunkTokens, s.ChunkOverlap = 16, new(0) })
	w = open(t, root, cfg)
	res := mustIndex(t, w)
	if res.FilesIndexed != 3 || res.ChunksCreated <= before {
		t.Errorf("Index after a chunking change = %+v, want every file re-chunked into more chunks than %d", res, before)
	}
	assertHybrid(t, w, "Valkey caching layer")
}
