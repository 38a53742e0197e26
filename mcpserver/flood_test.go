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

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
	"github.com/memweave/memweave-go/memweavetest"
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

// initializedBody is the notification that completes initialization.
const initializedBody = `{"jsonrpc":"2.0","method":"notifications/initialized"}`

// TestHTTPIdleSessionsLockOutNoOne has one local client open 64 sessions
// the way clients of earlier MCP revisions do (initialize, then
// initialized) and leave them idle, then send 2,000 initialize requests
// it never completes: the server is stateless, so every request is
// answered without a session id, and another local client, and the first
// one, are served at once. Before the server was stateless, the 65th
// session of that address was refused with 503 for the sessions' life.
func TestHTTPIdleSessionsLockOutNoOne(t *testing.T) {
	memweavetest.Long(t, "a flood of 2,000 requests")
	t.Parallel()
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{})
	s := serveHTTP(t, w, nil)
	ctx := context.Background()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 16}}
	for i := range 64 {
		code, session, err := postSession(ctx, client, s.endpoint, initializeBody)
		if err != nil || code != http.StatusOK || session != "" {
			t.Fatalf("initialize %d = %d, session %q, %v; want 200 and no session id", i, code, session, err)
		}
		if code, _, err := postMCP(ctx, client, s.endpoint, "", initializedBody); err != nil || code/100 != 2 {
			t.Fatalf("initialized %d = %d, %v; want 2xx", i, code, err)
		}
	}
	var (
		mu       sync.Mutex
		statuses = map[int]int{}
		wg       sync.WaitGroup
	)
	jobs := make(chan int)
	for range 16 {
		wg.Go(func() {
			for range jobs {
				code, _, err := postMCP(ctx, client, s.endpoint, "", initializeBody)
				if err != nil {
					t.Errorf("initialize: %v", err)
					continue
				}
				mu.Lock()
				statuses[code]++
				mu.Unlock()
			}
		})
	}
	for i := range 2000 {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	if statuses[http.StatusOK] != 2000 {
		t.Errorf("2,000 initialize requests from one address: statuses %v, want all 200", statuses)
	}
	// Another client, from the same loopback address as every local
	// client, and the flooding client itself are served.
	cs, err := connectHTTP(ctx, s.endpoint, &recorder{})
	if err != nil {
		t.Fatalf("Connect after 64 idle sessions and 2,000 half-open ones = %v, want it served", err)
	}
	defer cs.Close()
	if got := search(ctx, t, cs, "MARMOT-311"); !strings.Contains(got, "MARMOT-311") {
		t.Errorf("memory_search after the flood = %s, want MARMOT-311", got)
	}
	call := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"memory_search","arguments":{"query":"MARMOT-311"}}}`
	if code, _, err := postMCP(ctx, client, s.endpoint, "", call); err != nil || code != http.StatusOK {
		t.Errorf("the flooding client's tools/call = %d, %v; want 200", code, err)
	}
	// Sessions are not kept: an event stream has nothing to follow.
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, s.endpoint, nil)
	req.Header.Set("Accept", "text/event-stream")
	if resp, err := client.Do(req); err != nil || resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET = %v, %v; want 405", resp, err)
	} else {
		resp.Body.Close()
	}
}

// postSession posts body and returns the status and the Mcp-Session-Id
// the answer opens, if any.
func postSession(ctx context.Context, client *http.Client, endpoint, body string) (int, string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(body))
	if err != nil {
		return 0, "", err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := client.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, resp.Body)
	return resp.StatusCode, resp.Header.Get("Mcp-Session-Id"), nil
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

// Waits of statusOf: waitRefused is how long a probe that expects the server
// to refuse the request may wait for the answer, generous because a
// loaded machine (CI runs these tests in parallel, with -race) can take
// more than a second to answer; waitRead is how long a probe that expects
// the server to wait for the body (no answer) watches for one.
const (
	waitRefused = 10 * time.Second
	waitRead    = time.Second
)

// statusOf sends a POST declaring a body of n bytes (sending only its
// first byte, so that the server answers before it reads the body) and
// returns the status and Retry-After of the answer, or 0 when no answer
// came within wait (the server waits for the body).
func statusOf(t *testing.T, endpoint string, n int, wait time.Duration) (int, string) {
	t.Helper()
	c := holdBody(t, endpoint, n)
	c.SetReadDeadline(time.Now().Add(wait))
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
	t.Parallel()
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{})
	opts, admitted := mcpserver.WithAdmitted(&mcpserver.HTTPOptions{MaxInFlight: 3, MaxBufferedBytes: 1 << 20, BodyTimeout: time.Minute})
	s := serveHTTP(t, w, opts)
	held := []net.Conn{holdBody(t, s.endpoint, 1<<20)}
	waitAdmitted(t, admitted, 1<<20)
	if code, ra := statusOf(t, s.endpoint, 100<<10, waitRefused); code != http.StatusServiceUnavailable || ra != "1" {
		t.Errorf("a 100 KiB body past MaxBufferedBytes = %d, Retry-After %q; want 503, 1", code, ra)
	}
	if code, _ := statusOf(t, s.endpoint, 1<<10, waitRead); code != 0 {
		t.Errorf("a 1 KiB body past MaxBufferedBytes = %d, want it read (served)", code)
	}
	waitAdmitted(t, admitted, 1<<10) // that probe stays in flight too
	held = append(held, holdBody(t, s.endpoint, 100))
	waitAdmitted(t, admitted, 100) // the third request in flight
	if code, ra := statusOf(t, s.endpoint, 10, waitRefused); code != http.StatusServiceUnavailable || ra != "1" {
		t.Errorf("a request past MaxInFlight = %d, Retry-After %q; want 503, 1", code, ra)
	}
	for _, c := range held {
		c.Close()
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		code, _ := statusOf(t, s.endpoint, 100<<10, waitRead)
		if code == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a 100 KiB body after the held requests ended = %d, want it read", code)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if code, _ := statusOf(t, s.endpoint, 5<<20, waitRefused); code != http.StatusRequestEntityTooLarge {
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
