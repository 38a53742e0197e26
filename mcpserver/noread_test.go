package mcpserver_test

import (
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
)

// TestHTTPClientThatDoesNotReadLosesItsSlot: a client that sends a call
// and never reads its answer held its slot of MaxInFlight for as long as
// it kept the connection open, once the answer was larger than the
// socket buffers (a memory_get of a 1 MiB note of control characters
// is 12.5 MB of JSON): 64 such clients got every other client 503 for as long
// as they liked (measured: 503 still after 68 s). A write of an answer
// that waits WriteTimeout for the client now fails, closing the
// connection and freeing the slot.
//
// The server's socket send buffers are cut to 4 KiB (smallSendListener),
// so an answer of about 1 MB stalls as a 12.5 MB one does with the
// kernel's default buffers: encoding 12.5 MB took 12-15 s under -race,
// past the test's 20 s at CI's load, before any write could stall.
func TestHTTPClientThatDoesNotReadLosesItsSlot(t *testing.T) {
	t.Parallel()
	note := "# bs\n" + strings.Repeat(strings.Repeat("\x01", 99)+"\n", 800)
	w := openWeave(t, map[string]string{"memory/bs.md": note}, memweave.EmbedderConfig{})
	srv := httptest.NewUnstartedServer(mcpserver.NewHTTPHandler(w, &mcpserver.HTTPOptions{MaxInFlight: 1, WriteTimeout: 300 * time.Millisecond}))
	srv.Listener = smallSendListener{srv.Listener}
	srv.Start()
	defer srv.Close()

	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if tc, ok := conn.(*net.TCPConn); ok {
		_ = tc.SetReadBuffer(4096)
	}
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"memory_get","arguments":{"path":"bs.md"}}}`
	fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"+
		"Accept: application/json, text/event-stream\r\nMcp-Protocol-Version: 2025-06-18\r\nContent-Length: %d\r\n\r\n%s",
		mcpserver.HTTPPath, len(body), body)
	// The client reads nothing. Another one's ping is answered once the
	// stalled answer has given up: within 20 s, not never.
	deadline := time.Now().Add(20 * time.Second)
	for {
		status, msg := postRaw(t, srv, `{"jsonrpc":"2.0","id":2,"method":"ping"}`)
		if status == http.StatusOK {
			break
		}
		if status != http.StatusServiceUnavailable || time.Now().After(deadline) {
			t.Fatalf("ping while a client reads nothing = %d %.200s, want 200 within 20 s", status, msg)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// smallSendListener cuts each accepted connection's send buffer to 4 KiB,
// so that an answer larger than a few socket buffers waits for its reader.
type smallSendListener struct{ net.Listener }

func (l smallSendListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok {
		_ = tc.SetWriteBuffer(4096)
	}
	return c, err
}
