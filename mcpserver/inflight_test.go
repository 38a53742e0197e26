package mcpserver_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestServeBoundsCallsInFlight sends more searches than
// DefaultMaxInFlight over stdio while the embedder holds every query:
// the server stops reading input once that many calls are unanswered, as
// the HTTP server answers 503 past it, and reads on as they are
// answered. Before, every line read started a call at once: 1,000
// memory_get calls of a 220 KB note took the server to 595 MB.
func TestServeBoundsCallsInFlight(t *testing.T) {
	t.Parallel()
	emb := memweavetest.NewEmbedServer(t, 64)
	var (
		mu       sync.Mutex
		held     int // queries at the embedder
		gate     = make(chan struct{})
		over     = make(chan int, 1)
		gateOnce sync.Once
	)
	holding := make(chan bool, 1) // true: hold the queries from now on
	holding <- false
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		hold := <-holding
		holding <- hold
		if hold {
			mu.Lock()
			held++
			if held > mcpserver.DefaultMaxInFlight {
				select {
				case over <- held:
				default:
				}
			}
			mu.Unlock()
			<-gate
			mu.Lock()
			held--
			mu.Unlock()
		}
		emb.Config.Handler.ServeHTTP(rw, r)
	}))
	defer srv.Close()
	defer gateOnce.Do(func() { close(gate) })
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{Provider: "openai", Model: "test", BaseURL: srv.URL + "/v1", APIKey: "k", Dims: 64})
	opts, full := mcpserver.WithCallsFull(nil)
	s := serveRaw(t, w, opts)
	s.Send(memweavetest.SearchCall(2, "MARMOT-311"))
	checkFound(t, s.Recv(), "2") // indexes the workspace

	<-holding
	holding <- true
	const n = mcpserver.DefaultMaxInFlight + 8
	sent := make(chan struct{})
	go func() {
		defer close(sent)
		for i := range n {
			s.Send(memweavetest.SearchCall(100+i, fmt.Sprintf("MARMOT-311 q%d", i)))
		}
	}()
	select {
	case <-full:
	case k := <-over:
		t.Fatalf("%d calls reached the embedder at once, want at most DefaultMaxInFlight (%d)", k, mcpserver.DefaultMaxInFlight)
	case <-time.After(30 * time.Second):
		t.Fatal("the server neither stopped reading nor ran the calls after 30s")
	}
	gateOnce.Do(func() { close(gate) })
	got := map[string]bool{}
	for range n {
		resp := s.Recv()
		checkFound(t, resp, string(resp.ID))
		got[string(resp.ID)] = true
	}
	<-sent
	if len(got) != n {
		t.Errorf("%d distinct calls answered, want %d", len(got), n)
	}
	select {
	case k := <-over:
		t.Errorf("%d calls reached the embedder at once, want at most %d", k, mcpserver.DefaultMaxInFlight)
	default:
	}
}
