package mcpserver_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
)

// initializeBody is an initialize request, which opens a session.
const initializeBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"flood","version":"1"}}}`

// postMCP posts body to endpoint as an MCP client would, reads the
// answer, and returns its status and Retry-After header.
func postMCP(ctx context.Context, client *http.Client, endpoint, session, body string) (int, string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(body))
	if err != nil {
		return 0, "", err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if session != "" {
		req.Header.Set("Mcp-Session-Id", session)
	}
	resp, err := client.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, resp.Body)
	return resp.StatusCode, resp.Header.Get("Retry-After"), nil
}

// connectWithin connects the go-sdk's client to endpoint, retrying while
// it is refused, for up to d.
func connectWithin(ctx context.Context, t *testing.T, endpoint string, d time.Duration) (*mcp.ClientSession, time.Duration) {
	t.Helper()
	start := time.Now()
	for {
		cs, err := connectHTTP(ctx, endpoint, &recorder{})
		if err == nil {
			return cs, time.Since(start)
		}
		if time.Since(start) > d {
			t.Fatalf("Connect = %v for %v, want a session", err, d)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestHTTPUninitializedSessions sends 2,000 initialize requests without
// completing initialization, from one address: past the per-client limit
// they get 503 with a Retry-After, a new client from that address is
// refused while the half-open sessions last and served once they expire,
// within 10 seconds, and a session opened before the flood keeps working.
func TestHTTPUninitializedSessions(t *testing.T) {
	t.Parallel()
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{})
	const initTimeout = 2 * time.Second
	s := serveHTTP(t, w, &mcpserver.HTTPOptions{MaxSessionsPerClient: 8, InitTimeout: initTimeout})
	ctx := context.Background()
	before, err := connectHTTP(ctx, s.endpoint, &recorder{})
	if err != nil {
		t.Fatal(err)
	}
	defer before.Close()

	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 16}}
	var (
		mu       sync.Mutex
		statuses = map[int]int{}
		retry    string
		wg       sync.WaitGroup
	)
	jobs := make(chan int)
	for range 16 {
		wg.Go(func() {
			for range jobs {
				code, ra, err := postMCP(ctx, client, s.endpoint, "", initializeBody)
				if err != nil {
					t.Errorf("initialize: %v", err)
					continue
				}
				mu.Lock()
				statuses[code]++
				if code == http.StatusServiceUnavailable {
					retry = ra
				}
				mu.Unlock()
			}
		})
	}
	start := time.Now()
	for i := range 2000 {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	t.Logf("2000 initialize requests in %v: statuses %v", time.Since(start), statuses)
	if statuses[http.StatusServiceUnavailable] == 0 || retry == "" {
		t.Errorf("2000 initialize requests from one address: statuses %v, Retry-After %q; want 503s with a Retry-After", statuses, retry)
	}
	// Unless the flood outlasted InitTimeout, no half-open session has
	// expired yet: the client's sessions are all taken.
	if rec := (&recorder{}); time.Since(start) < initTimeout {
		if cs, err := connectHTTP(ctx, s.endpoint, rec); (err == nil || rec.status() != http.StatusServiceUnavailable) && time.Since(start) < initTimeout {
			if cs != nil {
				cs.Close()
			}
			t.Errorf("Connect right after the flood = status %d, error %v; want 503", rec.status(), err)
		}
	}
	if got := search(ctx, t, before, "MARMOT-311"); !strings.Contains(got, "MARMOT-311") {
		t.Errorf("memory_search on a session opened before the flood = %s, want MARMOT-311", got)
	}
	cs, d := connectWithin(ctx, t, s.endpoint, 10*time.Second)
	defer cs.Close()
	t.Logf("a new client was served %v after the flood", d)
	if got := search(ctx, t, cs, "MARMOT-311"); !strings.Contains(got, "MARMOT-311") {
		t.Errorf("memory_search after the flood = %s, want MARMOT-311", got)
	}
}

// holdBody starts a POST to endpoint that declares a body of n bytes and
// sends none, so that the server holds it in flight; closing the returned
// connection ends it.
func holdBody(t *testing.T, endpoint string, n int) net.Conn {
	t.Helper()
	addr := strings.TrimSuffix(strings.TrimPrefix(endpoint, "http://"), mcpserver.HTTPPath)
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(c, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: %d\r\n\r\n{", mcpserver.HTTPPath, addr, n)
	t.Cleanup(func() { c.Close() })
	return c
}

// statusOf sends a POST declaring a body of n bytes (sending only its
// first byte, so that the server answers before it reads the body) and
// returns the status and Retry-After of the answer, or 0 when the server
// waits for the body for a second.
func statusOf(t *testing.T, endpoint string, n int) (int, string) {
	t.Helper()
	c := holdBody(t, endpoint, n)
	c.SetReadDeadline(time.Now().Add(time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return 0, ""
	}
	if err != nil {
		t.Fatalf("POST of %d bytes: %v", n, err)
	}
	resp.Body.Close()
	return resp.StatusCode, resp.Header.Get("Retry-After")
}

// TestHTTPInFlightLimits holds requests in flight, their bodies unsent:
// past MaxBufferedBytes a large body gets 503 and Retry-After before it
// is read while a small one is still served, and past MaxInFlight any
// request gets 503; once the held requests end, requests pass again.
func TestHTTPInFlightLimits(t *testing.T) {
	// Not parallel: the admission hook sees every server of the process.
	admitted, restore := mcpserver.SetAcquiredHook()
	defer restore()
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{})
	s := serveHTTP(t, w, &mcpserver.HTTPOptions{MaxInFlight: 3, MaxBufferedBytes: 1 << 20, BodyTimeout: time.Minute})
	held := []net.Conn{holdBody(t, s.endpoint, 1<<20)}
	waitAdmitted(t, admitted, 1<<20)
	if code, ra := statusOf(t, s.endpoint, 100<<10); code != http.StatusServiceUnavailable || ra != "1" {
		t.Errorf("a 100 KiB body past MaxBufferedBytes = %d, Retry-After %q; want 503, 1", code, ra)
	}
	if code, _ := statusOf(t, s.endpoint, 1<<10); code != 0 {
		t.Errorf("a 1 KiB body past MaxBufferedBytes = %d, want it read (served)", code)
	}
	waitAdmitted(t, admitted, 1<<10) // that probe stays in flight too
	held = append(held, holdBody(t, s.endpoint, 100))
	waitAdmitted(t, admitted, 100) // the third request in flight
	if code, ra := statusOf(t, s.endpoint, 10); code != http.StatusServiceUnavailable || ra != "1" {
		t.Errorf("a request past MaxInFlight = %d, Retry-After %q; want 503, 1", code, ra)
	}
	for _, c := range held {
		c.Close()
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		code, _ := statusOf(t, s.endpoint, 100<<10)
		if code == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a 100 KiB body after the held requests ended = %d, want it read", code)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if code, _ := statusOf(t, s.endpoint, 5<<20); code != http.StatusRequestEntityTooLarge {
		t.Errorf("a declared 5 MiB body = %d, want 413 before it is read", code)
	}
}

// waitAdmitted waits until the server admits a request with a body of n
// bytes, failing after 10 seconds.
func waitAdmitted(t *testing.T, admitted <-chan int64, n int64) {
	t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case got := <-admitted:
			if got == n {
				return
			}
		case <-timeout:
			t.Fatalf("no request of %d bytes admitted after 10s", n)
		}
	}
}

// TestCheckToken checks which tokens may guard a non-loopback address.
func TestCheckToken(t *testing.T) {
	t.Parallel()
	tests := []struct {
		token string
		ok    bool
	}{
		{mcpserver.NewToken(), true},
		{"0123456789abcdef0123456789abcdef", true},
		{"0123456789abcdef0123456789abcde", false},
		{strings.Repeat("ab", 32), false},
		{strings.Repeat(" ", 40), false},
		{"0123456789abcdef 0123456789abcdef", false},
		{"0123456789abcdef0123456789abcdef\n", false},
		{"0123456789abcdef0123456789abcdé", false},
		{"x", false},
	}
	for _, tt := range tests {
		err := mcpserver.CheckToken(tt.token)
		if (err == nil) != tt.ok || err != nil && !errors.Is(err, mcpserver.ErrWeakToken) {
			t.Errorf("CheckToken(%q) = %v, want ok %v (or ErrWeakToken)", tt.token, err, tt.ok)
		}
	}
	if a, b := mcpserver.NewToken(), mcpserver.NewToken(); a == b || len(a) != 64 {
		t.Errorf("NewToken() = %q, %q; want two different 64-character tokens", a, b)
	}
}

// TestListenHTTPRefusesWeakToken checks that a non-loopback address
// refuses a short or blank token, and any address a token with spaces.
func TestListenHTTPRefusesWeakToken(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, tt := range []struct{ addr, token string }{
		{"0.0.0.0:0", "x"},
		{":0", "   "},
		{"[::]:0", "short-token-0123456789"},
		{"127.0.0.1:0", "two words"},
	} {
		ln, err := mcpserver.ListenHTTP(ctx, tt.addr, &mcpserver.HTTPOptions{Token: tt.token})
		if !errors.Is(err, mcpserver.ErrWeakToken) {
			t.Errorf("ListenHTTP(%q, token %q) = %v, want ErrWeakToken", tt.addr, tt.token, err)
		}
		if ln != nil {
			ln.Close()
		}
	}
	ln, err := mcpserver.ListenHTTP(ctx, "127.0.0.1:0", &mcpserver.HTTPOptions{Token: "short"})
	if err != nil {
		t.Errorf("ListenHTTP(loopback, a short token) = %v, want a listener", err)
	} else {
		ln.Close()
	}
}
