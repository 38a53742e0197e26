package mcpserver_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestServeBoundsToolCallsInFlight holds DefaultMaxInFlight searches
// over stdio at the embedder: one more is answered at once with "server
// busy" and not run, as the HTTP server answers 503 past the limit, while
// a cancellation is still read, and the answer to the call it cancels
// frees a place for the next call.
// Before, every line read started a call at once: 1,000 memory_get calls
// of a 220 KB note took the server to 995 MB.
func TestServeBoundsToolCallsInFlight(t *testing.T) {
	t.Parallel()
	emb := memweavetest.NewEmbedServer(t, 64)
	var hold atomic.Bool
	gate := make(chan struct{})
	var gateOnce sync.Once
	openGate := func() { gateOnce.Do(func() { close(gate) }) }
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if hold.Load() {
			<-gate
		}
		emb.Config.Handler.ServeHTTP(rw, r)
	}))
	defer srv.Close()
	defer openGate()
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{Provider: "openai", Model: "test", BaseURL: srv.URL + "/v1", APIKey: "k", Dims: 64,
		QueryTimeout: 10 * time.Minute}) // held searches must not fall back to keywords
	s := serveRaw(t, w, nil)
	s.Send(memweavetest.SearchCall(2, "MARMOT-311"))
	checkFound(t, s.Recv(), "2") // indexes the workspace

	hold.Store(true)
	const n = mcpserver.DefaultMaxInFlight
	for i := range n {
		s.Send(memweavetest.SearchCall(100+i, fmt.Sprintf("MARMOT-311 q%d", i)))
	}
	s.Send(memweavetest.SearchCall(200, "MARMOT-311 one more"))
	if resp := s.Recv(); string(resp.ID) != "200" || resp.Error == nil || !strings.Contains(resp.Error.Message, "server busy") {
		t.Fatalf("call past %d in flight = id %s error %+v result %.200s; want an error saying the server is busy", n, resp.ID, resp.Error, resp.Result)
	}
	s.Send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":100}}`)
	if resp := s.Recv(); string(resp.ID) != "100" {
		t.Fatalf("after cancelling call 100: response id %s, want 100's", resp.ID)
	}
	s.Send(memweavetest.SearchCall(201, "MARMOT-311 in the freed place"))
	openGate()
	got := map[string]bool{}
	for range n {
		resp := s.Recv()
		checkFound(t, resp, string(resp.ID))
		got[string(resp.ID)] = true
	}
	if !got["201"] || got["200"] || len(got) != n {
		t.Errorf("answered %d calls %v, want 101 to %d and 201", len(got), got, 100+n-1)
	}
}
