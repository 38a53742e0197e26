package mcpserver_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
	"github.com/memweave/memweave-go/memweavetest"
)

// httpServer is a ServeHTTP run on a loopback port.
type httpServer struct {
	endpoint string
	stop     func() // cancels ServeHTTP's context
	done     chan error
}

// serveHTTP runs ServeHTTP for w on 127.0.0.1 with opts until the test
// ends.
func serveHTTP(t *testing.T, w *memweave.Weave, opts *mcpserver.HTTPOptions) *httpServer {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	ln, err := mcpserver.ListenHTTP(ctx, "127.0.0.1:0", opts)
	if err != nil {
		t.Fatal(err)
	}
	s := &httpServer{endpoint: "http://" + ln.Addr().String() + mcpserver.HTTPPath, stop: cancel, done: make(chan error, 1)}
	go func() { s.done <- mcpserver.ServeHTTP(ctx, w, ln, opts) }()
	t.Cleanup(func() {
		cancel()
		start := time.Now()
		if err := s.wait(t); err != nil || time.Since(start) > 3*time.Second {
			t.Errorf("ServeHTTP = %v after %v at the end of the test, want nil at once", err, time.Since(start))
		}
	})
	return s
}

// wait returns ServeHTTP's result, failing after 20 seconds.
func (s *httpServer) wait(t *testing.T) error {
	t.Helper()
	select {
	case err := <-s.done:
		s.done <- err // for the next wait
		return err
	case <-time.After(20 * time.Second):
		t.Fatalf("ServeHTTP did not return in 20s")
	}
	return nil
}

// recorder is an http.RoundTripper that adds headers to every request
// (and sets Host when host is set) and records the status codes of the
// responses.
type recorder struct {
	header http.Header
	host   string

	// mu guards statuses.
	mu       sync.Mutex
	statuses []int
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	for k, v := range r.header {
		req.Header[k] = v
	}
	if r.host != "" {
		req.Host = r.host
	}
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err == nil {
		r.mu.Lock()
		r.statuses = append(r.statuses, resp.StatusCode)
		r.mu.Unlock()
	}
	return resp, err
}

// status returns the first status code of the responses that is not
// 2xx, or 200.
func (r *recorder) status() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, s := range r.statuses {
		if s/100 != 2 {
			return s
		}
	}
	return http.StatusOK
}

// connectHTTP connects the go-sdk's client to endpoint through rec. It
// does not retry: a refused request fails at once.
func connectHTTP(ctx context.Context, endpoint string, rec *recorder) (*mcp.ClientSession, error) {
	return connectRetrying(ctx, endpoint, rec, -1)
}

// connectRetrying connects the go-sdk's client to endpoint through rec,
// reconnecting a broken stream up to retries times (0: the client's
// default, 5; -1: never).
func connectRetrying(ctx context.Context, endpoint string, rec *recorder, retries int) (*mcp.ClientSession, error) {
	client := mcp.NewClient(&mcp.Implementation{Name: "test-agent", Version: "v1"}, nil)
	return client.Connect(ctx, &mcp.StreamableClientTransport{
		Endpoint:   endpoint,
		HTTPClient: &http.Client{Transport: rec},
		MaxRetries: retries,
	}, nil)
}

// bearer returns the headers carrying token.
func bearer(token string) http.Header {
	return http.Header{"Authorization": {"Bearer " + token}}
}

// search calls memory_search for query and returns its structured
// output's result paths and snippets, joined.
func search(ctx context.Context, t *testing.T, cs *mcp.ClientSession, query string) string {
	t.Helper()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "memory_search", Arguments: map[string]any{"query": query, "min_score": 0}})
	if err != nil {
		t.Fatalf("memory_search %q: %v", query, err)
	}
	if res.IsError {
		t.Fatalf("memory_search %q: tool error %v", query, res.Content)
	}
	return fmt.Sprint(res.StructuredContent)
}

const testToken = "s3cret-token-0123456789"

func TestHTTPSession(t *testing.T) {
	t.Parallel()
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{})
	s := serveHTTP(t, w, &mcpserver.HTTPOptions{Token: testToken})
	ctx := context.Background()
	cs, err := connectHTTP(ctx, s.endpoint, &recorder{header: bearer(testToken)})
	if err != nil {
		t.Fatalf("Connect = %v, want a session", err)
	}
	defer cs.Close()
	if got := cs.InitializeResult().ServerInfo.Name; got != "memweave" {
		t.Errorf("serverInfo.name = %q, want memweave", got)
	}
	if got := cs.InitializeResult().ProtocolVersion; got != "2026-07-28" {
		t.Errorf("protocol version = %q, want 2026-07-28 (stateless, discovered without initialize)", got)
	}
	var names []string
	for tool, err := range cs.Tools(ctx, nil) {
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, tool.Name)
	}
	if len(names) != 13 {
		t.Errorf("tools/list = %v, want the 13 memory tools", names)
	}
	if got := search(ctx, t, cs, "failover code word"); !strings.Contains(got, "memory/db.md") || !strings.Contains(got, "MARMOT-311") {
		t.Errorf("memory_search = %s, want memory/db.md with MARMOT-311", got)
	}
	// The tools' argument limits hold over HTTP too.
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "memory_search", Arguments: map[string]any{"query": strings.Repeat("q", mcpserver.MaxQueryBytes+1)}})
	if err != nil || !res.IsError || !strings.Contains(fmt.Sprint(res.Content[0]), "the limit is 4096 bytes") {
		t.Errorf("memory_search of a %d-byte query = %v, %v; want a tool error naming the limit", mcpserver.MaxQueryBytes+1, res, err)
	}
}

func TestHTTPRefusals(t *testing.T) {
	t.Parallel()
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{})
	s := serveHTTP(t, w, &mcpserver.HTTPOptions{Token: testToken, AllowedOrigins: []string{"https://app.example.com"}})
	port := s.endpoint[strings.LastIndex(s.endpoint, ":")+1 : strings.LastIndex(s.endpoint, "/")]
	withOrigin := func(origin string) http.Header {
		h := bearer(testToken)
		h.Set("Origin", origin)
		return h
	}
	tests := []struct {
		name   string
		rec    *recorder
		status int
	}{
		{"foreign origin", &recorder{header: withOrigin("http://evil.example")}, http.StatusForbidden},
		{"foreign origin on the server's port", &recorder{header: withOrigin("http://evil.example:" + port)}, http.StatusForbidden},
		{"null origin", &recorder{header: withOrigin("null")}, http.StatusForbidden},
		{"rebound host", &recorder{header: bearer(testToken), host: "evil.example:" + port}, http.StatusForbidden},
		{"rebound host and origin", &recorder{header: withOrigin("http://evil.example:" + port), host: "evil.example:" + port}, http.StatusForbidden},
		{"no token", &recorder{}, http.StatusUnauthorized},
		{"wrong token", &recorder{header: bearer("s3cret-token-0123456780")}, http.StatusUnauthorized},
		{"token prefix", &recorder{header: bearer(testToken[:5])}, http.StatusUnauthorized},
		{"basic auth", &recorder{header: http.Header{"Authorization": {"Basic " + testToken}}}, http.StatusUnauthorized},
		{"loopback origin", &recorder{header: withOrigin("http://localhost:3000")}, http.StatusOK},
		{"allowed origin", &recorder{header: withOrigin("https://app.example.com")}, http.StatusOK},
		{"localhost host", &recorder{header: bearer(testToken), host: "localhost:" + port}, http.StatusOK},
		{"no origin", &recorder{header: bearer(testToken)}, http.StatusOK},
	}
	ctx := context.Background()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cs, err := connectHTTP(ctx, s.endpoint, tt.rec)
			if err == nil {
				defer cs.Close()
				search(ctx, t, cs, "MARMOT-311")
			}
			if got := tt.rec.status(); got != tt.status || (err == nil) != (tt.status == http.StatusOK) {
				t.Errorf("Connect = status %d, error %v; want status %d", got, err, tt.status)
			}
		})
	}
}

// TestHTTPBodyLimit sends a request declaring a body over the 4 MiB
// frame limit: it is refused with 413 before the body is read, and the
// server goes on. (The request is written by hand, its body unsent: an
// HTTP client still sending the body when the server answers and closes
// sees a connection reset, not the 413.)
func TestHTTPBodyLimit(t *testing.T) {
	t.Parallel()
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{})
	s := serveHTTP(t, w, nil)
	if code, _ := statusOf(t, s.endpoint, mcpserver.DefaultMaxFrameBytes+1, waitRefused); code != http.StatusRequestEntityTooLarge {
		t.Errorf("POST declaring %d bytes = %d, want 413", mcpserver.DefaultMaxFrameBytes+1, code)
	}
	cs, err := connectHTTP(context.Background(), s.endpoint, &recorder{})
	if err != nil {
		t.Fatalf("Connect after the oversized request = %v", err)
	}
	defer cs.Close()
	if got := search(context.Background(), t, cs, "MARMOT-311"); !strings.Contains(got, "MARMOT-311") {
		t.Errorf("memory_search = %s, want MARMOT-311", got)
	}
}

// TestHTTPSlowBody sends a request body too slowly: the server closes the
// connection after the body timeout and goes on serving.
func TestHTTPSlowBody(t *testing.T) {
	t.Parallel()
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{})
	s := serveHTTP(t, w, &mcpserver.HTTPOptions{BodyTimeout: 300 * time.Millisecond})
	addr := strings.TrimPrefix(strings.TrimSuffix(s.endpoint, mcpserver.HTTPPath), "http://")
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	start := time.Now()
	fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\n"+
		"Accept: application/json, text/event-stream\r\nContent-Length: 1000\r\n\r\n{\"jsonrpc\":", mcpserver.HTTPPath, addr)
	conn.SetReadDeadline(time.Now().Add(20 * time.Second))
	buf := make([]byte, 4096)
	for {
		if _, err := conn.Read(buf); err != nil {
			break // closed, after an error response or none
		}
	}
	if d := time.Since(start); d < 200*time.Millisecond || d > 10*time.Second {
		t.Errorf("the connection of a body that never ends was closed after %v, want about the 300ms body timeout", d)
	}
	cs, err := connectHTTP(context.Background(), s.endpoint, &recorder{})
	if err != nil {
		t.Fatalf("Connect after the slow body = %v", err)
	}
	defer cs.Close()
	search(context.Background(), t, cs, "MARMOT-311")
}

// TestHTTPLongCall holds a call for longer than the body timeout: the
// deadline covers only the body, so the call is answered.
func TestHTTPLongCall(t *testing.T) {
	t.Parallel()
	g := newGatedEmbedder(t)
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{Provider: "openai", Model: "test", BaseURL: g.BaseURL(), APIKey: "k", Dims: 64})
	s := serveHTTP(t, w, &mcpserver.HTTPOptions{BodyTimeout: 200 * time.Millisecond})
	ctx := context.Background()
	cs, err := connectHTTP(ctx, s.endpoint, &recorder{})
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	search(ctx, t, cs, "MARMOT-311") // indexes the workspace
	g.closed.Store(true)
	go func() {
		<-g.started
		time.Sleep(800 * time.Millisecond)
		close(g.open)
	}()
	if got := search(ctx, t, cs, "MARMOT-311"); !strings.Contains(got, "MARMOT-311") {
		t.Errorf("memory_search held for 800ms = %s, want its answer", got)
	}
}

// TestHTTPShutdownWithUnusedConn: a connection that never sent a
// request (an HTTP client may dial one and not use it) does not hold up
// the shutdown; http.Server.Shutdown alone waits five seconds for it.
func TestHTTPShutdownWithUnusedConn(t *testing.T) {
	t.Parallel()
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{})
	s := serveHTTP(t, w, nil)
	u, err := url.Parse(s.endpoint)
	if err != nil {
		t.Fatal(err)
	}
	c, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	time.Sleep(50 * time.Millisecond) // let the server accept it
	start := time.Now()
	s.stop()
	if err := s.wait(t); err != nil || time.Since(start) > 2*time.Second {
		t.Errorf("ServeHTTP = %v after %v with an unused connection open, want nil at once", err, time.Since(start))
	}
}

// TestHTTPPreviousRevisions connects clients of the revisions before
// 2026-07-28, which initialize first and then send requests as a session
// would: the stateless server answers initialize without a session id and
// serves each later request on its own.
func TestHTTPPreviousRevisions(t *testing.T) {
	t.Parallel()
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{})
	s := serveHTTP(t, w, nil)
	ctx := context.Background()
	for _, version := range []string{"2025-03-26", "2025-06-18", "2025-11-25"} {
		client := mcp.NewClient(&mcp.Implementation{Name: "old-agent", Version: "v1"}, nil)
		cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: s.endpoint, MaxRetries: -1}, &mcp.ClientSessionOptions{ProtocolVersion: version})
		if err != nil {
			t.Errorf("Connect at %s = %v, want it served", version, err)
			continue
		}
		if got := cs.InitializeResult().ProtocolVersion; got != version {
			t.Errorf("Connect at %s negotiated %s", version, got)
		}
		if got := search(ctx, t, cs, "MARMOT-311"); !strings.Contains(got, "MARMOT-311") {
			t.Errorf("memory_search at %s = %s, want MARMOT-311", version, got)
		}
		cs.Close()
	}
}

// TestHTTPAnyReplica has one client's requests answered in turn by two
// servers on one workspace, as replicas behind a load balancer would
// answer them: with no session between requests, either answers any of
// them, and a note one stores the other finds.
func TestHTTPAnyReplica(t *testing.T) {
	t.Parallel()
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{})
	a, b := serveHTTP(t, w, nil), serveHTTP(t, w, nil)
	ctx := context.Background()
	// The current revision, then one that initializes first.
	for _, version := range []string{"", "2025-06-18"} {
		alt := &alternator{hosts: []string{hostOf(t, a.endpoint), hostOf(t, b.endpoint)}}
		client := mcp.NewClient(&mcp.Implementation{Name: "test-agent", Version: "v1"}, nil)
		cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: a.endpoint, HTTPClient: &http.Client{Transport: alt}, MaxRetries: -1},
			&mcp.ClientSessionOptions{ProtocolVersion: version})
		if err != nil {
			t.Fatalf("Connect (%q) through two replicas = %v", version, err)
		}
		for i := range 4 {
			id := fmt.Sprintf("REPLICA%dQ%d", i, len(version))
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "memory_append", Arguments: map[string]any{"text": "- fact " + id}})
			if err != nil || res.IsError {
				t.Fatalf("memory_append %d (%q) = %v, %v", i, version, res, err)
			}
			if got := search(ctx, t, cs, id); !strings.Contains(got, id) {
				t.Errorf("memory_search %s (%q) on the other replica = %s, want the note", id, version, got)
			}
		}
		cs.Close()
		alt.mu.Lock()
		if alt.sent[0] < 4 || alt.sent[1] < 4 {
			t.Errorf("requests per replica (%q) = %v, want both to answer several", version, alt.sent)
		}
		alt.mu.Unlock()
	}
}

// alternator is an http.RoundTripper that sends each request to the next
// of hosts in turn.
type alternator struct {
	hosts []string
	// mu guards next and sent.
	mu   sync.Mutex
	next int
	sent [2]int
}

func (a *alternator) RoundTrip(req *http.Request) (*http.Response, error) {
	a.mu.Lock()
	i := a.next
	a.next = (a.next + 1) % len(a.hosts)
	a.sent[i]++
	a.mu.Unlock()
	req = req.Clone(req.Context())
	req.URL.Host, req.Host = a.hosts[i], a.hosts[i]
	return http.DefaultTransport.RoundTrip(req)
}

// hostOf returns the host:port of endpoint.
func hostOf(t *testing.T, endpoint string) string {
	t.Helper()
	u, err := url.Parse(endpoint)
	if err != nil {
		t.Fatal(err)
	}
	return u.Host
}

// TestHTTPConcurrentClients has 8 clients append and search at once
// through one server and one Weave (with its watcher): every note
// appended is on disk once and found by a search afterwards.
func TestHTTPConcurrentClients(t *testing.T) {
	t.Parallel()
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{})
	ctx := context.Background()
	if err := w.Watch(ctx); err != nil {
		t.Fatal(err)
	}
	s := serveHTTP(t, w, &mcpserver.HTTPOptions{Token: testToken})
	const clients, notes = 8, 5
	errs := make(chan error, clients*notes*2)
	var wg sync.WaitGroup
	for c := range clients {
		wg.Go(func() {
			cs, err := connectHTTP(ctx, s.endpoint, &recorder{header: bearer(testToken)})
			if err != nil {
				errs <- fmt.Errorf("client %d: connect: %w", c, err)
				return
			}
			defer cs.Close()
			for n := range notes {
				res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "memory_append", Arguments: map[string]any{
					"text": fmt.Sprintf("- agent %d stored fact QZX%dN%d", c, c, n), "source": fmt.Sprintf("agent%d", c%3),
				}})
				if err != nil || res.IsError {
					errs <- fmt.Errorf("client %d: memory_append %d = %v, %v", c, n, res, err)
					continue
				}
				res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "memory_search", Arguments: map[string]any{"query": "MARMOT-311"}})
				if err != nil || res.IsError || !strings.Contains(fmt.Sprint(res.StructuredContent), "MARMOT-311") {
					errs <- fmt.Errorf("client %d: memory_search = %v, %v", c, res, err)
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}

	cs, err := connectHTTP(ctx, s.endpoint, &recorder{header: bearer(testToken)})
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	root := w.Config().Workspace
	var files strings.Builder
	for src := range 3 {
		files.WriteString(memweavetest.ReadFile(t, root, fmt.Sprintf("memory/agent%d/%s.md", src, memweavetest.Now.Format("2006-01-02"))))
	}
	for c := range clients {
		for n := range notes {
			id := fmt.Sprintf("QZX%dN%d", c, n)
			if k := strings.Count(files.String(), id+"\n"); k != 1 {
				t.Errorf("%s is in the dated logs %d times, want once", id, k)
			}
			if got := search(ctx, t, cs, id); !strings.Contains(got, id) {
				t.Errorf("memory_search %s = %s, want the note", id, got)
			}
		}
	}
}

// TestHTTPShutdown cancels ServeHTTP while a call waits on the embedder:
// the call is answered, and ServeHTTP returns nil.
func TestHTTPShutdown(t *testing.T) {
	t.Parallel()
	g := newGatedEmbedder(t)
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{Provider: "openai", Model: "test", BaseURL: g.BaseURL(), APIKey: "k", Dims: 64})
	s := serveHTTP(t, w, nil)
	ctx := context.Background()
	rec := &recorder{}
	cs, err := connectRetrying(ctx, s.endpoint, rec, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	search(ctx, t, cs, "MARMOT-311") // indexes the workspace
	g.closed.Store(true)
	got := make(chan string, 1)
	go func() {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "memory_search", Arguments: map[string]any{"query": "MARMOT-311"}})
		if err != nil {
			got <- err.Error()
			return
		}
		got <- fmt.Sprint(res.StructuredContent)
	}()
	select {
	case <-g.started:
	case <-time.After(20 * time.Second):
		t.Fatal("the search never reached the embedder")
	}
	start := time.Now()
	s.stop()
	time.Sleep(100 * time.Millisecond) // let ServeHTTP begin its shutdown
	close(g.open)
	if res := <-got; !strings.Contains(res, "MARMOT-311") {
		t.Errorf("call in flight at shutdown = %s, want its answer", res)
	}
	if err := s.wait(t); err != nil {
		t.Errorf("ServeHTTP = %v, want nil after a cancellation", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("ServeHTTP returned %v after the cancellation, want at once once the call was answered", d)
	}
	if _, err := net.DialTimeout("tcp", strings.TrimPrefix(strings.TrimSuffix(s.endpoint, mcpserver.HTTPPath), "http://"), time.Second); err == nil {
		t.Errorf("the port still accepts connections after ServeHTTP returned")
	}
}

func TestListenHTTPRefusesNonLoopback(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, addr := range []string{"0.0.0.0:0", ":0", "192.0.2.1:0", "[::]:0", "example.com:0"} {
		ln, err := mcpserver.ListenHTTP(ctx, addr, nil)
		if !errors.Is(err, mcpserver.ErrNotLoopback) {
			t.Errorf("ListenHTTP(%q) = %v, want ErrNotLoopback", addr, err)
		}
		if ln != nil {
			ln.Close()
		}
	}
	for _, addr := range []string{"127.0.0.1:0", "localhost:0"} {
		ln, err := mcpserver.ListenHTTP(ctx, addr, nil)
		if err != nil {
			t.Errorf("ListenHTTP(%q) = %v, want a listener", addr, err)
			continue
		}
		ln.Close()
	}
}
