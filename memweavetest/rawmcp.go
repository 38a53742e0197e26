package memweavetest

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"testing"
	"time"
)

// RPCResponse is a JSON-RPC response as an MCP server writes it.
type RPCResponse struct {
	ID     json.RawMessage `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// RawMCP drives an MCP server with raw JSON-RPC lines, for what an SDK
// client never sends: oversized and malformed frames, and requests cut
// short by closing the server's input.
type RawMCP struct {
	tb    testing.TB
	in    io.Writer
	lines chan string // the server's output, a line at a time; closed at EOF
	// diag, when set, returns what to show when the server fails (its
	// standard error, say).
	diag func() string
}

// rawTimeout bounds each wait for a response.
const rawTimeout = 30 * time.Second

// NewRawMCP starts reading the server's output out, writes requests to
// in, and completes the MCP handshake. diag, when not nil, adds context to
// failures.
func NewRawMCP(tb testing.TB, in io.Writer, out io.Reader, diag func() string) *RawMCP {
	tb.Helper()
	r := &RawMCP{tb: tb, in: in, lines: make(chan string, 64), diag: diag}
	go func() {
		defer close(r.lines)
		br := bufio.NewReaderSize(out, 1<<20)
		for {
			line, err := br.ReadString('\n')
			if line != "" {
				r.lines <- line
			}
			if err != nil {
				return
			}
		}
	}()
	r.Send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"v0"}}}`)
	if resp := r.Recv(); string(resp.ID) != "1" || resp.Error != nil {
		tb.Fatalf("initialize: %+v", resp)
	}
	r.Send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return r
}

// context returns the diagnostic text for failures.
func (r *RawMCP) context() string {
	if r.diag == nil {
		return ""
	}
	return "\n" + r.diag()
}

// Send writes line and a newline to the server's input.
func (r *RawMCP) Send(line string) {
	r.tb.Helper()
	if _, err := io.WriteString(r.in, line+"\n"); err != nil {
		r.tb.Fatalf("writing to the server: %v (has it exited?)%s", err, r.context())
	}
}

// Recv returns the server's next response, failing after 30 seconds or
// at the end of its output.
func (r *RawMCP) Recv() RPCResponse {
	r.tb.Helper()
	select {
	case line, ok := <-r.lines:
		if !ok {
			r.tb.Fatalf("the server closed its output%s", r.context())
		}
		return r.decode(line)
	case <-time.After(rawTimeout):
		r.tb.Fatalf("no response in %v%s", rawTimeout, r.context())
	}
	panic("unreachable")
}

// Rest returns every response the server writes until it closes its
// output.
func (r *RawMCP) Rest() []RPCResponse {
	r.tb.Helper()
	var out []RPCResponse
	for line := range r.lines {
		out = append(out, r.decode(line))
	}
	return out
}

func (r *RawMCP) decode(line string) RPCResponse {
	r.tb.Helper()
	var resp RPCResponse
	if err := json.Unmarshal([]byte(line), &resp); err != nil {
		r.tb.Fatalf("server wrote %q: %v", line, err)
	}
	return resp
}

// SearchCall is a tools/call request for memory_search with id and query.
func SearchCall(id any, query string) string {
	idJSON, _ := json.Marshal(id)
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"method":"tools/call","params":{"name":"memory_search","arguments":{"query":%q}}}`, idJSON, query)
}
