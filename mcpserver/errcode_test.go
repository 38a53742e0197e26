package mcpserver_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestServeRefusesOutOfOrderRequestsWithACode: a request the session
// cannot take in its state, a tool call before initialize or a second
// initialize, is refused with JSON-RPC's -32600 (invalid request), and
// the session goes on. Before, the SDK's plain errors went out with code
// 0, which names no JSON-RPC error: {"code":0,"message":"method
// \"tools/call\" is invalid during session initialization"}.
func TestServeRefusesOutOfOrderRequestsWithACode(t *testing.T) {
	t.Parallel()
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{})
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	go func() {
		mcpserver.Serve(context.Background(), w, inR, outW, nil)
		outW.Close()
	}()
	t.Cleanup(func() { inW.Close(); outR.Close() })
	br := bufio.NewReader(outR)
	steps := []struct {
		msg    string
		code   int  // 0: a result
		notify bool // no answer
	}{
		{`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"memory_status","arguments":{}}}`, -32600, false},
		{`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, -32600, false},
		{`{"jsonrpc":"2.0","id":3,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`, 0, false},
		{`{"jsonrpc":"2.0","method":"notifications/initialized"}`, 0, true},
		{`{"jsonrpc":"2.0","id":4,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`, -32600, false},
		{`{"jsonrpc":"2.0","id":5,"method":"tools/list"}`, 0, false},
	}
	for _, st := range steps {
		if _, err := io.WriteString(inW, st.msg+"\n"); err != nil {
			t.Fatal(err)
		}
		if st.notify {
			continue
		}
		line, err := br.ReadBytes('\n')
		var resp memweavetest.RPCResponse
		if err := errors.Join(err, json.Unmarshal(line, &resp)); err != nil {
			t.Fatalf("%s: answered %q: %v", st.msg, line, err)
		}
		switch {
		case st.code == 0 && resp.Error != nil:
			t.Errorf("%s: error %+v, want a result", st.msg, resp.Error)
		case st.code != 0 && (resp.Error == nil || resp.Error.Code != st.code || resp.Error.Message == ""):
			t.Errorf("%s: error %+v, want code %d with a message", st.msg, resp.Error, st.code)
		}
	}
}
