package mcpserver_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
	"github.com/memweave/memweave-go/memweavetest"
)

// A refusal family is what a client that reads nothing sends once
// [mcpserver.DefaultMaxInFlight] searches wait at the embedder: line(i)
// is its i-th line, and want the answer to it (id and code), or code 0
// for a line that gets none.
type refusalFamily struct {
	name string
	line func(i int) string
	want func(i int) (id string, code int)
}

// refusalFrameLimit is the MaxFrameBytes of the sessions of these tests.
const refusalFrameLimit = 1024

// refusalFamilies are the tune part of the families: the check part is
// TestRefusalsDoNotStopTheReadingCheck's.
var refusalFamilies = []refusalFamily{
	{"calls past the limit", func(i int) string { return memweavetest.SearchCall(1000+i, "MARMOT-311") },
		func(i int) (string, int) { return fmt.Sprint(1000 + i), -32000 }},
	{"not JSON", func(i int) string { return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":`, 1000+i) },
		func(int) (string, int) { return "null", -32700 }},
	{"oversized", func(i int) string {
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"ping","params":{"pad":%q}}`, 1000+i, strings.Repeat("p", 2*refusalFrameLimit))
	}, func(i int) (string, int) { return fmt.Sprint(1000 + i), -32600 }},
	{"notifications", func(i int) string {
		return `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":1}}`
	},
		func(int) (string, int) { return "", 0 }},
	{"mixed", func(i int) string {
		switch i % 4 {
		case 0:
			return memweavetest.SearchCall(1000+i, "MARMOT-311")
		case 1:
			return "not json at all"
		case 2:
			return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"no/such/method"}`, 1000+i)
		}
		return `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"none"}}`
	}, func(i int) (string, int) {
		return [...]string{fmt.Sprint(1000 + i), "null", fmt.Sprint(1000 + i), ""}[i%4], [...]int{-32000, -32700, -32601, 0}[i%4]
	}},
}

// checkFamilies are the families' check part, never tuned on: other
// refusals of the reading, and lines that get none.
var checkFamilies = []refusalFamily{
	{"deep", func(i int) string {
		return fmt.Sprintf(`{"id":"d%d","jsonrpc":"2.0","method":"ping","params":%s1%s}`, i, strings.Repeat("[", 1001), strings.Repeat("]", 1001))
	}, func(i int) (string, int) { return fmt.Sprintf(`"d%d"`, i), -32600 }},
	{"batch", func(i int) string { return fmt.Sprintf(`[{"jsonrpc":"2.0","id":%d,"method":"ping"}]`, 1000+i) },
		func(int) (string, int) { return "null", -32600 }},
	{"ids it cannot echo", func(i int) string { return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d.5,"method":"ping"}`, 1000+i) },
		func(i int) (string, int) { return fmt.Sprintf("%d.5", 1000+i), -32600 }},
	{"id of a call in flight", func(i int) string { return memweavetest.SearchCall(100+i%mcpserver.DefaultMaxInFlight, "again") },
		func(i int) (string, int) { return "", 0 }}, // its id is the search's: checked by the search's answer
	{"long ids", func(i int) string {
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":"%s-%d","method":"tools/call","params":{"name":"memory_get","arguments":{"path":"db.md"}}}`, strings.Repeat("k", 700), i)
	}, func(i int) (string, int) { return fmt.Sprintf(`"%s-%d"`, strings.Repeat("k", 700), i), -32000 }},
	{"blank and CRLF", func(i int) string {
		if i%2 == 0 {
			return " \t"
		}
		return "{oops}\r"
	}, func(i int) (string, int) { return "null", [...]int{0, -32700}[i%2] }},
	{"responses", func(i int) string { return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d}`, 1000+i) },
		func(i int) (string, int) { return fmt.Sprint(1000 + i), -32600 }},
}

// TestRefusalsDoNotStopTheReadingCheck is TestRefusalsDoNotStopTheReading
// over the check part of the families.
func TestRefusalsDoNotStopTheReadingCheck(t *testing.T) {
	for _, fam := range checkFamilies {
		t.Run(fam.name, func(t *testing.T) {
			t.Parallel()
			checkRefusalFamily(t, fam, 40)
		})
	}
}

// TestRefusalsDoNotStopTheReading: a client that reads nothing once
// DefaultMaxInFlight searches wait at the embedder sends lines the reading
// answers itself (calls past the limit, lines that are not JSON or are
// too long, unknown methods) or not at all (notifications). The reading
// wrote each refusal itself: the first one waited for the client, and
// the server read no more (not the rest of the lines, not a
// cancellation). The refusals now wait, a few KiB of them, for the
// writer, and every line read is answered once the client reads.
func TestRefusalsDoNotStopTheReading(t *testing.T) {
	for _, fam := range refusalFamilies {
		t.Run(fam.name, func(t *testing.T) {
			t.Parallel()
			checkRefusalFamily(t, fam, 40)
		})
	}
}

// checkRefusalFamily sends n lines of fam once the in-flight limit is
// reached, without reading, and checks that the server reads them all and,
// once the client reads, answers each as fam wants.
func checkRefusalFamily(t *testing.T, fam refusalFamily, n int) {
	s := newStuckSession(t, nil, true)
	lines := make([]string, n)
	for i := range lines {
		lines[i] = fam.line(i)
	}
	// The last line, a cancellation of the first search, is read only
	// if everything before it was.
	lines = append(lines, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":100}}`)
	if got := s.send(lines); got < len(lines) {
		t.Errorf("the server read %d of the %d lines sent after %d calls in flight, then stopped: a refusal waits for a client that reads nothing",
			got, len(lines), mcpserver.DefaultMaxInFlight)
	}
	answers := s.finish(t)
	for i := range n {
		id, code := fam.want(i)
		if code == 0 {
			continue
		}
		// A call past the limit gets a result instead when a search
		// ended on its own first (its embedding failed): a slot freed.
		if got, ok := answers[id]; !ok || got != code && !(code == -32000 && got == 0) {
			t.Errorf("line %d %.80q: answer code %d under id %s (answered: %v), want %d", i, lines[i], got, id, ok, code)
		}
		if id != "null" {
			delete(answers, id)
		}
	}
	for i := range mcpserver.DefaultMaxInFlight {
		if _, ok := answers[fmt.Sprint(100+i)]; !ok {
			t.Errorf("search %d was not answered", 100+i)
		}
	}
}

// A stuckSession is a stdio session whose client read the handshake and
// one search, then reads nothing while DefaultMaxInFlight searches (ids
// 100 on) wait at a gated embedder. Its pipes have no buffer: the
// server's next write waits for the client, and a line the client writes
// is written once the server has read it.
type stuckSession struct {
	in     *io.PipeWriter
	out    *bufio.Reader
	outR   *io.PipeReader
	cancel context.CancelFunc
	served chan error
	open   func()
}

// A serveFunc serves w over in and out until ctx is done.
type serveFunc func(ctx context.Context, w *memweave.Weave, in io.Reader, out io.Writer) error

// newStuckSession starts a stuckSession served by serve (nil: [mcpserver.Serve]
// with a MaxFrameBytes of refusalFrameLimit), with searches in flight
// (DefaultMaxInFlight, or none).
func newStuckSession(t *testing.T, serve serveFunc, searches bool) *stuckSession {
	t.Helper()
	g := newGatedEmbedder(t)
	var once sync.Once
	open := func() { once.Do(func() { close(g.open) }) }
	t.Cleanup(open) // before the embedder's server closes: it waits for the held requests
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{Provider: "openai", Model: "test", BaseURL: g.BaseURL(), APIKey: "k", Dims: 64,
		QueryTimeout: 10 * time.Minute})
	if serve == nil {
		serve = func(ctx context.Context, w *memweave.Weave, in io.Reader, out io.Writer) error {
			return mcpserver.Serve(ctx, w, in, out, &mcpserver.Options{MaxFrameBytes: refusalFrameLimit})
		}
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	s := &stuckSession{in: inW, out: bufio.NewReaderSize(outR, 1<<20), outR: outR, cancel: cancel, served: make(chan error, 1), open: open}
	go func() {
		s.served <- serve(ctx, w, inR, outW)
		outW.Close()
	}()
	t.Cleanup(func() { cancel(); inW.Close(); outR.Close() })
	s.roundTrip(t, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"v0"}}}`)
	if got := s.send([]string{`{"jsonrpc":"2.0","method":"notifications/initialized"}`}); got != 1 {
		t.Fatal("the server did not read notifications/initialized")
	}
	checkFound(t, s.roundTrip(t, memweavetest.SearchCall(2, "MARMOT-311")), "2") // indexes the workspace
	if !searches {
		return s
	}
	g.closed.Store(true)
	var calls []string
	for i := range mcpserver.DefaultMaxInFlight {
		calls = append(calls, memweavetest.SearchCall(100+i, fmt.Sprintf("MARMOT-311 q%d", i)))
	}
	if got := s.send(calls); got != len(calls) {
		t.Fatalf("the server read %d of %d searches", got, len(calls))
	}
	return s
}

// roundTrip sends line and returns the next answer.
func (s *stuckSession) roundTrip(t *testing.T, line string) memweavetest.RPCResponse {
	t.Helper()
	if s.send([]string{line}) != 1 {
		t.Fatalf("the server did not read %.80q", line)
	}
	text, err := s.out.ReadString('\n')
	if err != nil {
		t.Fatalf("answer to %.80q: %v", line, err)
	}
	var resp memweavetest.RPCResponse
	if err := json.Unmarshal([]byte(text), &resp); err != nil {
		t.Fatalf("answer %.200q: %v", text, err)
	}
	return resp
}

// stuckWait bounds how long the client waits for the server to read a
// line; a server that stopped reading fails the test then, instead of
// hanging it.
const stuckWait = 30 * time.Second

// send writes lines, each a write that returns once the server has
// read it, and returns how many were read within stuckWait.
func (s *stuckSession) send(lines []string) int {
	var read atomic.Int64
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, line := range lines {
			if _, err := io.WriteString(s.in, line+"\n"); err != nil {
				return
			}
			read.Add(1)
		}
	}()
	select {
	case <-done:
	case <-time.After(stuckWait):
	}
	return int(read.Load())
}

// finish reads the server's answers, lets the searches through, ends the
// input and returns the code of the answer under each id (0 for a
// result; null's is the last one's), checking that Serve returns nil.
func (s *stuckSession) finish(t *testing.T) map[string]int {
	t.Helper()
	answers := map[string]int{}
	read := make(chan error, 1)
	go func() {
		for {
			text, err := s.out.ReadString('\n')
			if err != nil {
				read <- err
				return
			}
			var resp memweavetest.RPCResponse
			if err := json.Unmarshal([]byte(text), &resp); err != nil {
				read <- fmt.Errorf("answer %.200q: %w", text, err)
				return
			}
			code := 0
			if resp.Error != nil {
				code = resp.Error.Code
			}
			answers[string(resp.ID)] = code
		}
	}()
	s.open()
	s.in.Close()
	select {
	case err := <-s.served:
		if err != nil {
			t.Errorf("Serve: %v", err)
		}
	case <-time.After(stuckWait):
		t.Fatalf("Serve did not return %v after the input ended", stuckWait)
	}
	if err := <-read; err != io.EOF {
		t.Fatalf("reading the answers: %v", err)
	}
	return answers
}

// TestUnreadRefusalDoesNotHoldShutdown: a client reads nothing, and a
// refusal waits for it; then the server is asked to stop, or the client
// closes the pipe it does not read. The reading waited in the refusal's
// write, seeing neither: Serve's cancellation returned only at its last
// resort, grace period and cancelWait later, saying calls were still
// running (the reading never ended, so they were never cancelled), and
// the SDK's Server.Run over a Transport did not return at all.
func TestUnreadRefusalDoesNotHoldShutdown(t *testing.T) {
	busy := memweavetest.SearchCall(1000, "MARMOT-311")
	t.Run("Serve cancelled", func(t *testing.T) {
		t.Parallel()
		s := newStuckSession(t, func(ctx context.Context, w *memweave.Weave, in io.Reader, out io.Writer) error {
			return mcpserver.Serve(ctx, w, in, out, &mcpserver.Options{ShutdownGrace: 50 * time.Millisecond})
		}, true)
		s.send([]string{busy, busy})
		s.cancel()
		err := s.wait(t)
		t.Logf("Serve = %v", err)
		if err != nil && strings.Contains(err.Error(), "still running") {
			t.Errorf("Serve cancelled while a refusal waits for the client = %v; want the calls cancelled, not left running", err)
		}
	})
	t.Run("Server.Run cancelled", func(t *testing.T) {
		t.Parallel()
		s := newStuckSession(t, func(ctx context.Context, w *memweave.Weave, in io.Reader, out io.Writer) error {
			return mcpserver.New(w, nil).Run(ctx, &mcpserver.Transport{In: in, Out: out})
		}, false)
		// No call runs: the SDK closes the connection at once, and waits
		// for the reading to end.
		s.send([]string{"not json", "not json"})
		s.cancel()
		if err := s.wait(t); err != context.Canceled {
			t.Errorf("Server.Run cancelled while a refusal waits for the client = %v, want %v", err, context.Canceled)
		}
	})
	t.Run("client closes its output", func(t *testing.T) {
		t.Parallel()
		s := newStuckSession(t, nil, true)
		s.send([]string{busy, busy})
		s.outR.Close()
		go s.send([]string{busy, "not json", busy})
		if err := s.wait(t); err == nil || !strings.Contains(err.Error(), "closed pipe") {
			t.Errorf("Serve after the client closed its output = %v, want the write's error", err)
		}
	})
}

// wait returns the session's result, failing after stuckWait.
func (s *stuckSession) wait(t *testing.T) error {
	t.Helper()
	select {
	case err := <-s.served:
		return err
	case <-time.After(stuckWait):
		t.Fatalf("the server did not return in %v", stuckWait)
	}
	return nil
}

// TestRefusalFloodHoldsLittle: a client that reads nothing sends lines
// the reading refuses, without end, once DefaultMaxInFlight searches
// wait. The reading stops once MaxRefusalBytes of refusals wait for the
// writer, holding at most that and one more refusal, and reads on once
// the client reads. Before, it stopped at the first refusal (its write
// waited for the client), holding little but reading nothing more.
func TestRefusalFloodHoldsLittle(t *testing.T) {
	for _, fam := range append(slices.Clone(refusalFamilies), checkFamilies...) {
		if fam.name == "notifications" {
			continue // not refused: read without end (the SDK's handler takes them)
		}
		t.Run(fam.name, func(t *testing.T) {
			t.Parallel()
			opts, full, most := mcpserver.WithReadPaused(&mcpserver.Options{MaxFrameBytes: refusalFrameLimit})
			s := newStuckSession(t, func(ctx context.Context, w *memweave.Weave, in io.Reader, out io.Writer) error {
				return mcpserver.Serve(ctx, w, in, out, opts)
			}, true)
			var read atomic.Int64
			go func() {
				for i := 0; ; i++ {
					if _, err := io.WriteString(s.in, fam.line(i)+"\n"); err != nil {
						return
					}
					read.Add(1)
				}
			}()
			for deadline := time.Now().Add(stuckWait); !full.Load(); time.Sleep(time.Millisecond) { // polls a flag: no ordering rests on it
				if time.Now().After(deadline) {
					t.Fatalf("%d lines read of a flood, and the reading never stopped for its refusals", read.Load())
				}
			}
			got, refused := int(read.Load()), 0
			for i := range got {
				if _, code := fam.want(i); code != 0 && code != -32601 { // -32601: the SDK's answer, not the reading's
					refused++
				}
			}
			t.Logf("%d lines read, %d refused; %d bytes of refusals waiting at most", got, refused, most.Load())
			// The lines refused: those waiting, one more, one the reading
			// holds and one in its buffer.
			if most.Load() > mcpserver.MaxRefusalBytes+1<<10 || refused > mcpserver.MaxReadUnwritten+3 {
				t.Errorf("%d lines refused, %d bytes of refusals waited for a client that reads nothing; want at most %d lines and %d bytes and one refusal",
					refused, most.Load(), mcpserver.MaxReadUnwritten+3, mcpserver.MaxRefusalBytes)
			}
			answers := s.finish(t)
			if len(answers) == 0 {
				t.Errorf("no answer once the client read")
			}
		})
	}
}

// TestHTTPRefusalsOfAClientThatDoesNotRead is the stdio tests' shape over
// HTTP: a client pipelines bad requests on one connection (not JSON,
// unknown methods, batches, ids it cannot echo) and reads none of the
// answers. Each
// request is served on its own, and a refusal's write waits at most
// WriteTimeout for the client, which then loses its connection: another
// client's ping is answered meanwhile, and ServeHTTP's cancellation
// returns nil. It held before the stdio fix too; it guards the shape.
func TestHTTPRefusalsOfAClientThatDoesNotRead(t *testing.T) {
	t.Parallel()
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opts := &mcpserver.HTTPOptions{Options: mcpserver.Options{MaxFrameBytes: refusalFrameLimit, ShutdownGrace: time.Second},
		WriteTimeout: 300 * time.Millisecond}
	ln, err := mcpserver.ListenHTTP(ctx, "127.0.0.1:0", opts)
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- mcpserver.ServeHTTP(ctx, w, smallSendListener{ln}, opts) }()
	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if tc, ok := conn.(*net.TCPConn); ok {
		_ = tc.SetReadBuffer(4096)
	}
	// A body too large is refused and its connection closed: not one to
	// pipeline.
	bodies := []string{"not json", `{"jsonrpc":"2.0","id":1,"method":"no/such/method"}`, `[{"jsonrpc":"2.0","id":2,"method":"ping"}]`,
		`{"jsonrpc":"2.0","id":3.5,"method":"ping"}`}
	gaveUp := make(chan struct{})
	go func() { // the client reads nothing; its writes end when the server closes the connection
		defer close(gaveUp)
		for i := 0; ; i++ {
			body := bodies[i%len(bodies)]
			if _, err := fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\n"+
				"Accept: application/json, text/event-stream\r\nMcp-Protocol-Version: 2025-06-18\r\nContent-Length: %d\r\n\r\n%s",
				mcpserver.HTTPPath, ln.Addr(), len(body), body); err != nil {
				return
			}
		}
	}()
	endpoint := "http://" + ln.Addr().String() + mcpserver.HTTPPath
	for range 20 {
		req, _ := http.NewRequest(http.MethodPost, endpoint, strings.NewReader(`{"jsonrpc":"2.0","id":9,"method":"ping"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
		resp, err := (&http.Client{Timeout: stuckWait}).Do(req)
		if err != nil {
			t.Fatalf("ping while a client reads none of its refusals: %v", err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("ping while a client reads none of its refusals = %d, want 200", resp.StatusCode)
		}
	}
	select {
	case <-gaveUp:
	case <-time.After(stuckWait):
		t.Fatalf("the server did not close, in %v, the connection of a client that reads none of its answers", stuckWait)
	}
	cancel()
	select {
	case err := <-served:
		if err != nil {
			t.Errorf("ServeHTTP cancelled after a client reads nothing = %v, want nil", err)
		}
	case <-time.After(stuckWait):
		t.Fatalf("ServeHTTP did not return %v after its cancellation while a client reads nothing", stuckWait)
	}
}

// TestUnreadInitializeHoldsLittle: a client sends initialize, reads
// nothing, and sends lines the server takes without a refusal of its
// own: notifications, requests the SDK answers, a second initialized.
// The SDK answers initialize before it handles the next message, so
// with the answer waiting for the client each message read waited in
// the SDK's queue, without bound (docs/mcp.md has the figure), and here
// all the lines of each kind were read. The reading now
// stops once MaxReadUnwritten lines are read while the writer cannot
// finish one, and the session goes on once the client reads.
func TestUnreadInitializeHoldsLittle(t *testing.T) {
	families := []struct {
		name string
		line func(i int) string
	}{
		{"progress", func(int) string {
			return `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":1}}`
		}},
		{"pings", func(i int) string { return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"ping"}`, 1000+i) }},
		{"initialized again", func(int) string { return `{"jsonrpc":"2.0","method":"notifications/initialized"}` }},
		{"unknown notifications", func(i int) string { return fmt.Sprintf(`{"jsonrpc":"2.0","method":"notifications/x%d"}`, i) }},
		{"tools/list", func(i int) string { return fmt.Sprintf(`{"jsonrpc":"2.0","id":"l%d","method":"tools/list"}`, i) }},
	}
	for _, fam := range families {
		t.Run(fam.name, func(t *testing.T) {
			t.Parallel()
			w := openWeave(t, rawFiles, memweave.EmbedderConfig{Provider: "none"})
			opts, _, entered := mcpserver.WithEntered(nil)
			opts, paused, _ := mcpserver.WithReadPaused(opts)
			inR, inW := io.Pipe()
			outR, outW := io.Pipe()
			ctx, cancel := context.WithCancel(context.Background())
			served := make(chan error, 1)
			go func() { served <- mcpserver.Serve(ctx, w, inR, outW, opts); outW.Close() }()
			t.Cleanup(func() { cancel(); inW.Close(); outR.Close() })
			io.WriteString(inW, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"v0"}}}`+"\n")
			// The lines read while initialize runs wait in the SDK's
			// queue too, as many as its handling lets in: the flood
			// starts once its answer waits for the client.
			for deadline := time.Now().Add(stuckWait); entered.Load() == 0; time.Sleep(time.Millisecond) { // polls a counter: no ordering rests on it
				if time.Now().After(deadline) {
					t.Fatal("the answer to initialize never entered Write")
				}
			}
			const n = 200 // each kind: the lists of tools take 8 s to write under -race
			var read atomic.Int64
			sent := make(chan struct{})
			go func() {
				defer close(sent)
				for i := range n {
					if _, err := io.WriteString(inW, fam.line(i)+"\n"); err != nil {
						return
					}
					read.Add(1)
				}
			}()
			for deadline := time.Now().Add(stuckWait); !paused.Load(); time.Sleep(time.Millisecond) { // polls a flag: no ordering rests on it
				select {
				case <-sent:
					t.Fatalf("the server read all %d lines sent after an initialize whose answer the client never read: the SDK holds each", read.Load())
				default:
				}
				if time.Now().After(deadline) {
					t.Fatalf("%d lines read, and the reading never stopped for its writer", read.Load())
				}
			}
			t.Logf("%d lines read while the answer to initialize waited", read.Load())
			if got := read.Load(); got > mcpserver.MaxReadUnwritten+3 {
				t.Errorf("%d lines read while the answer to initialize waited, want at most %d", got, mcpserver.MaxReadUnwritten+3)
			}
			// Once the client reads, the session goes on: a ping sent
			// after the lines is answered.
			answers := bufio.NewScanner(outR)
			answers.Buffer(nil, 1<<20)
			go func() {
				<-sent
				io.WriteString(inW, `{"jsonrpc":"2.0","id":"last","method":"ping"}`+"\n")
				inW.Close()
			}()
			last := false
			for answers.Scan() {
				last = last || strings.Contains(answers.Text(), `"id":"last"`)
			}
			if !last {
				t.Errorf("the ping sent after %d lines was not answered once the client read", n)
			}
			if err := <-served; err != nil {
				t.Errorf("Serve: %v", err)
			}
		})
	}
}
