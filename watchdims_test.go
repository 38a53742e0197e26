package memweave

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/memweave/memweave-go/memweavetest"
)

// A running watcher (memweave watch, the MCP server) whose embedding
// server's vectors change length behind the same model: the pass that
// meets the new length fails its embedding calls, and the next pass
// learns the length again and re-embeds every chunk, as the next
// Weave.Index does. Its passes used to warn "returned 4-dimensional
// vectors after 8-dimensional ones" until someone ran index.
func TestWatcherRelearnsChangedDims(t *testing.T) {
	eight, four := memweavetest.NewEmbedServer(t, 8), memweavetest.NewEmbedServer(t, 4)
	var swapped atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if swapped.Load() {
			four.Server.Config.Handler.ServeHTTP(rw, r)
			return
		}
		eight.Server.Config.Handler.ServeHTTP(rw, r)
	}))
	t.Cleanup(srv.Close)
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n\nThe first note.\n"})
	w, err := Open(context.Background(), Config{Workspace: root, Now: memweavetest.Clock(),
		Embedder: EmbedderConfig{Provider: "openai", Model: "m", BaseURL: srv.URL + "/v1"}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	if _, err := w.Index(t.Context()); err != nil {
		t.Fatal(err)
	}
	ev := newEvents()
	if err := w.Watch(t.Context(), ev.options(20*time.Millisecond)...); err != nil {
		t.Fatal(err)
	}
	ev.waitState(t, WatchActive)
	swapped.Store(true)
	memweavetest.WriteFile(t, root, "memory/later.md", "# Later\n\nA note written after the server changed models.\n")
	waitLengthChanged(t, ev) // the pass that meets the new length
	memweavetest.WriteFile(t, root, "memory/later2.md", "# Later 2\n\nAnother note.\n")
	last := waitAny(t, ev, "memory/later2.md")
	st, err := w.Status(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if last.Err != nil || st.Dims != 4 || st.Vectors != st.Chunks || st.PendingFiles != 0 {
		t.Errorf("after the second watcher pass since the change: event error %v, dims %d, vectors %d of %d chunks, %d files pending; want every chunk re-embedded with 4 dims",
			last.Err, st.Dims, st.Vectors, st.Chunks, st.PendingFiles)
	}
}

// waitLengthChanged waits for the warning of a pass whose embedding
// calls met vectors of another length.
func waitLengthChanged(tb testing.TB, e *events) {
	tb.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case ev := <-e.ch:
			if ev.Err != nil && strings.Contains(ev.Err.Error(), "4-dimensional vectors after 8-dimensional ones") {
				return
			}
		case <-timeout:
			tb.Fatal("no warning of vectors of another length within 10s")
		}
	}
}

// waitAny waits for an event about path, whatever its error.
func waitAny(tb testing.TB, e *events, path string) WatchEvent {
	tb.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case ev := <-e.ch:
			if ev.Path == path && !ev.Removed {
				return ev
			}
		case <-timeout:
			tb.Fatalf("no event for %s within 10s", path)
			return WatchEvent{}
		}
	}
}
