package mcpserver_test

import (
	"bufio"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
)

// TestHTTPConnectionCap: mcp --http took every connection offered: 9,000
// clients holding a request body open kept 268 MB for up to the body
// timeout, bounded by the descriptor limit only (round eleven). Past
// HTTPOptions.MaxConns a connection is answered at once with 503 and
// "Retry-After: 1" and closed; once one closes, the next is served.
func TestHTTPConnectionCap(t *testing.T) {
	t.Parallel()
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{})
	s := serveHTTP(t, w, &mcpserver.HTTPOptions{MaxConns: 3})
	addr := strings.TrimSuffix(strings.TrimPrefix(s.endpoint, "http://"), mcpserver.HTTPPath)
	var held []net.Conn
	for range 3 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		// A request whose body never comes.
		if _, err := c.Write([]byte("POST /mcp HTTP/1.1\r\nHost: " + addr + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 1000\r\n\r\n{")); err != nil {
			t.Fatal(err)
		}
		held = append(held, c)
	}
	over, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer over.Close()
	over.SetDeadline(time.Now().Add(10 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(over), nil)
	if err != nil {
		t.Fatalf("a connection past MaxConns 3 got no answer: %v", err)
	}
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") != "1" {
		t.Fatalf("a connection past MaxConns 3: %s, Retry-After %q; want 503 and Retry-After 1", resp.Status, resp.Header.Get("Retry-After"))
	}
	held[0].Close()
	// The server sees the close when it reads; a new connection is served
	// once it has.
	deadline := time.Now().Add(10 * time.Second)
	for {
		resp, err := http.Post(s.endpoint, "application/json", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
		if err == nil && resp.StatusCode != http.StatusServiceUnavailable {
			resp.Body.Close()
			break
		}
		if err == nil {
			resp.Body.Close()
		}
		if time.Now().After(deadline) {
			t.Fatalf("after a held connection closed, a request still got %v %v", resp, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
