package mcpserver_test

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
	"github.com/memweave/memweave-go/memweavetest"
)

// methodCases are requests the SDK checks against the methods it serves
// before serving them: the code each gets, on stdio and over HTTP.
var methodCases = []struct {
	msg, id string
	code    int
	want    string
}{
	{`{"jsonrpc":"2.0","id":7,"method":"nope/x"}`, "7", -32601, `"nope/x"`},
	{`{"jsonrpc":"2.0","id":"n","method":"notifications/initialized"}`, `"n"`, -32600, `unexpected id`},
	{`{"jsonrpc":"2.0","id":9,"method":"tools/call"}`, "9", -32600, `"params"`},
}

// TestHTTPAnswersUnknownMethodsInJSONRPC: over HTTP, a request for a
// method the server does not serve, a notification sent with an id and a
// call without its params get the JSON-RPC error stdio gives them, under
// their id (HTTP 400). Before, a plain-text 400 ("JSON RPC not handled:
// "nope/x" unsupported"), which a client reading JSON-RPC cannot match to
// its request.
func TestHTTPAnswersUnknownMethodsInJSONRPC(t *testing.T) {
	t.Parallel()
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{})
	s := serveRaw(t, w, nil)
	srv := httptest.NewServer(mcpserver.NewHTTPHandler(w, nil))
	defer srv.Close()
	for _, tt := range methodCases {
		s.Send(tt.msg)
		if resp := s.Recv(); string(resp.ID) != tt.id || resp.Error == nil || resp.Error.Code != tt.code {
			t.Errorf("stdio %s: id %s error %+v, want %d under id %s", tt.msg, resp.ID, resp.Error, tt.code, tt.id)
		}
		status, msg := postRaw(t, srv, tt.msg)
		var resp memweavetest.RPCResponse
		if err := json.Unmarshal([]byte(msg), &resp); err != nil || status != 400 || string(resp.ID) != tt.id ||
			resp.Error == nil || resp.Error.Code != tt.code || !strings.Contains(resp.Error.Message, tt.want) {
			t.Errorf("POST %s = %d %q; want 400 and JSON-RPC error %d under id %s saying %s", tt.msg, status, msg, tt.code, tt.id, tt.want)
		}
	}
}
