package mcpserver_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
	"github.com/memweave/memweave-go/memweavetest"
)

// rawSession is a Serve session driven with raw JSON-RPC lines (see
// [memweavetest.RawMCP]).
type rawSession struct {
	*memweavetest.RawMCP
	t    *testing.T
	in   *io.PipeWriter
	done chan error // Serve's result
	stop func()     // cancels Serve's context
}

// serveRaw runs Serve on w over pipes with opts and completes the MCP
// handshake.
func serveRaw(t *testing.T, w *memweave.Weave, opts *mcpserver.Options) *rawSession {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &rawSession{t: t, in: inW, done: make(chan error, 1), stop: cancel}
	go func() {
		s.done <- mcpserver.Serve(ctx, w, inR, outW, opts)
		outW.Close()
	}()
	t.Cleanup(func() {
		cancel()
		inW.Close()
		outR.Close()
	})
	s.RawMCP = memweavetest.NewRawMCP(t, inW, outR, nil)
	return s
}

// wait returns Serve's result, failing after 20 seconds.
func (s *rawSession) wait() error {
	s.t.Helper()
	select {
	case err := <-s.done:
		return err
	case <-time.After(20 * time.Second):
		s.t.Fatalf("Serve did not return in 20s")
	}
	return nil
}

// openWeave opens a workspace holding files with cfg's embedder.
func openWeave(t *testing.T, files map[string]string, embedder memweave.EmbedderConfig) *memweave.Weave {
	t.Helper()
	root := memweavetest.Workspace(t, files)
	w, err := memweave.Open(context.Background(), memweave.Config{Workspace: root, Now: memweavetest.Clock(), Embedder: embedder})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	return w
}

var rawFiles = map[string]string{"memory/db.md": "# Database\n\nThe failover code word is MARMOT-311.\n"}

// checkFound fails unless resp answers id with a successful search result
// containing MARMOT-311.
func checkFound(t *testing.T, resp memweavetest.RPCResponse, id string) {
	t.Helper()
	if string(resp.ID) != id || resp.Error != nil || strings.Contains(string(resp.Result), `"isError":true`) ||
		!strings.Contains(string(resp.Result), "MARMOT-311") {
		t.Fatalf("response = id %s error %+v result %s, want request %s to find MARMOT-311", resp.ID, resp.Error, resp.Result, id)
	}
}

func TestServeOversizedFrames(t *testing.T) {
	t.Parallel()
	const limit = 1024
	s := serveRaw(t, openWeave(t, rawFiles, memweave.EmbedderConfig{}), &mcpserver.Options{MaxFrameBytes: limit})
	big := strings.Repeat("y", 64<<10)
	tests := []struct {
		name, frame, wantID string
	}{
		{"number id", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"memory_write","arguments":{"path":"a.md","content":"` + big + `"}}}`, "7"},
		{"string id", `{"id":"req-8","jsonrpc":"2.0","method":"tools/call","params":{"arguments":{"content":"` + big + `"}}}`, `"req-8"`},
		{"id after the limit", `{"jsonrpc":"2.0","method":"tools/call","params":{"arguments":{"content":"` + big + `"}},"id":9}`, "null"},
		{"not JSON", strings.Repeat("z", 10*limit), "null"},
		{"one byte over", (`{"jsonrpc":"2.0","id":10,"method":"x","params":"` + strings.Repeat("p", limit) + `"}`)[:limit+1], "10"},
	}
	for i, tt := range tests {
		s.Send(tt.frame)
		resp := s.Recv()
		want := fmt.Sprintf("request too large (%d bytes; the limit is %d)", len(tt.frame), limit)
		if string(resp.ID) != tt.wantID || resp.Error == nil || resp.Error.Code != -32600 || resp.Error.Message != want {
			t.Errorf("%s: response = id %s error %+v, want id %s, -32600 %q", tt.name, resp.ID, resp.Error, tt.wantID, want)
		}
		s.Send(memweavetest.SearchCall(100+i, "MARMOT-311"))
		checkFound(t, s.Recv(), fmt.Sprint(100+i))
	}
	// A frame of exactly the limit, with a CRLF ending, is read.
	call := memweavetest.SearchCall(200, "MARMOT-311")
	call = call[:len(call)-1] + strings.Repeat(" ", limit-len(call)) + "}"
	s.Send(call + "\r")
	checkFound(t, s.Recv(), "200")
}

func TestServeMalformedFrames(t *testing.T) {
	t.Parallel()
	s := serveRaw(t, openWeave(t, rawFiles, memweave.EmbedderConfig{}), nil)
	tests := []struct {
		frame    string
		wantID   string
		wantCode int
	}{
		{`{"jsonrpc":"2.0","id":2,"method":`, "null", -32700},
		{`not json`, "null", -32700},
		{`{"jsonrpc":"1.0","id":3,"method":"ping"}`, "3", -32600},
		{`[{"jsonrpc":"2.0","id":4,"method":"ping"}]`, "null", -32600},
		{`42`, "null", -32600},
	}
	for i, tt := range tests {
		s.Send(tt.frame)
		if resp := s.Recv(); string(resp.ID) != tt.wantID || resp.Error == nil || resp.Error.Code != tt.wantCode {
			t.Errorf("response to %q = id %s error %+v, want id %s code %d", tt.frame, resp.ID, resp.Error, tt.wantID, tt.wantCode)
		}
		s.Send("") // blank lines are skipped
		s.Send(memweavetest.SearchCall(100+i, "MARMOT-311"))
		checkFound(t, s.Recv(), fmt.Sprint(100+i))
	}
}

func TestServeAnswersAfterInputEnds(t *testing.T) {
	t.Parallel()
	s := serveRaw(t, openWeave(t, rawFiles, memweave.EmbedderConfig{}), nil)
	const n = 10
	for i := range n {
		s.Send(memweavetest.SearchCall(100+i, "MARMOT-311"))
	}
	s.in.Close()
	got := map[string]bool{}
	for _, resp := range s.Rest() {
		checkFound(t, resp, string(resp.ID))
		got[string(resp.ID)] = true
	}
	for i := range n {
		if id := fmt.Sprint(100 + i); !got[id] {
			t.Errorf("request %s was not answered", id)
		}
	}
	if err := s.wait(); err != nil {
		t.Errorf("Serve = %v, want nil at the end of input", err)
	}
}

// gatedEmbedder is an embedding endpoint that, once closed, holds every
// request until it is opened again.
type gatedEmbedder struct {
	*memweavetest.EmbedServer
	closed  atomic.Bool
	started chan struct{} // receives when a held request arrives, while it has room
	open    chan struct{} // closed to let held requests through
}

func newGatedEmbedder(t *testing.T) *gatedEmbedder {
	g := &gatedEmbedder{EmbedServer: memweavetest.NewEmbedServer(t, 64), started: make(chan struct{}, 16), open: make(chan struct{})}
	inner := g.EmbedServer.Config.Handler
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if g.closed.Load() {
			select {
			case g.started <- struct{}{}:
			default:
			}
			<-g.open
		}
		inner.ServeHTTP(rw, r)
	}))
	t.Cleanup(srv.Close)
	g.EmbedServer.Server = srv
	return g
}

// TestServeDrainsOnCancel cancels Serve while a call waits on the
// embedder: the call finishes and is answered before Serve returns nil.
func TestServeDrainsOnCancel(t *testing.T) {
	t.Parallel()
	g := newGatedEmbedder(t)
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{Provider: "openai", Model: "test", BaseURL: g.BaseURL(), APIKey: "k", Dims: 64})
	s := serveRaw(t, w, nil)
	s.Send(memweavetest.SearchCall(2, "MARMOT-311"))
	checkFound(t, s.Recv(), "2") // indexes the workspace

	g.closed.Store(true)
	s.Send(memweavetest.SearchCall(3, "MARMOT-311"))
	select {
	case <-g.started:
	case <-time.After(20 * time.Second):
		t.Fatal("the search never reached the embedder")
	}
	s.stop()
	time.Sleep(50 * time.Millisecond) // let Serve see the cancellation
	close(g.open)
	checkFound(t, s.Recv(), "3")
	if err := s.wait(); err != nil {
		t.Errorf("Serve = %v, want nil after a cancellation", err)
	}
}

// TestServeGracePeriod ends the input while a call cannot finish: Serve
// returns after the grace period instead of waiting for ever.
func TestServeGracePeriod(t *testing.T) {
	t.Parallel()
	g := newGatedEmbedder(t)
	defer close(g.open)
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{Provider: "openai", Model: "test", BaseURL: g.BaseURL(), APIKey: "k", Dims: 64})
	s := serveRaw(t, w, &mcpserver.Options{ShutdownGrace: 200 * time.Millisecond})
	s.Send(memweavetest.SearchCall(2, "MARMOT-311"))
	checkFound(t, s.Recv(), "2")

	g.closed.Store(true)
	s.Send(memweavetest.SearchCall(3, "MARMOT-311"))
	<-g.started
	start := time.Now()
	s.in.Close()
	s.wait()
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("Serve returned %v after the input ended, want about the 200ms grace period", d)
	}
}
