package mcpserver_test

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestHTTPClientGoneEndsCallOfEarlierRevisions: a client of a revision
// before 2026-07-28 that goes away while its call runs ends the call, as
// one of 2026-07-28 does: a stateless server keeps no stream to resume,
// so its answer could never be delivered, and a notifications/cancelled
// sent in another request reaches no session. Before, the call ran to
// its end (a search waiting on a stalled embedder for its whole timeout,
// an index run for minutes) with no one to answer.
func TestHTTPClientGoneEndsCallOfEarlierRevisions(t *testing.T) {
	t.Parallel()
	g := newGatedEmbedder(t)
	t.Cleanup(func() { close(g.open) })
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{Provider: "openai", Model: "test", BaseURL: g.BaseURL(), APIKey: "k", Dims: 64})
	var log memweavetest.Buffer
	opts := &mcpserver.HTTPOptions{Options: mcpserver.Options{Logger: slog.New(slog.NewTextHandler(&log, nil))}}
	srv := httptest.NewServer(mcpserver.NewHTTPHandler(w, opts))
	defer srv.Close()
	if status, msg := postRaw(t, srv, memweavetest.SearchCall(1, "MARMOT-311")); status != 200 || !strings.Contains(msg, "MARMOT-311") {
		t.Fatalf("first search = %d %.200s", status, msg) // indexes the workspace
	}
	g.closed.Store(true)
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, srv.URL+mcpserver.HTTPPath, strings.NewReader(memweavetest.SearchCall(2, "MARMOT-311")))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	done := make(chan struct{})
	go func() {
		defer close(done)
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
		}
	}()
	select {
	case <-g.started:
	case <-time.After(20 * time.Second):
		t.Fatal("the search never reached the embedder")
	}
	cancel() // the client goes away
	<-done
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(log.String(), "context canceled") {
		if time.Now().After(deadline) {
			t.Fatalf("the call of a client gone 10s ago still runs; the server's log: %s", log.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}
