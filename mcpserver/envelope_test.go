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

// envelopeCases are messages whose JSON-RPC envelope is wrong: the id,
// code and words of the error each gets, on stdio and over HTTP.
var envelopeCases = []struct {
	msg  string
	id   string // the id answered under
	code int
	want string
}{
	{`5`, "null", -32600, "a message must be a JSON object, got a number"},
	{`"x"`, "null", -32600, "a message must be a JSON object, got a string"},
	{`true`, "null", -32600, "a message must be a JSON object, got a boolean"},
	{`null`, "null", -32600, "a message must be a JSON object, got null"},
	{`{}`, "null", -32600, `"jsonrpc" must be "2.0"`},
	{`{"jsonrpc":"2.0"}`, "null", -32600, `a message needs a method`},
	{`{"jsonrpc":"2.0","result":{}}`, "null", -32600, `a message needs a method`},
	{`{"jsonrpc":"1.0","id":1,"method":"ping"}`, "1", -32600, `"jsonrpc" must be "2.0"`},
	{`{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, "null", -32600, `"id" must be a string or an integer, got an object`},
	{`{"jsonrpc":"2.0","id":[1],"method":"ping"}`, "null", -32600, `"id" must be a string or an integer, got an array`},
	{`{"jsonrpc":"2.0","id":2,"method":5}`, "2", -32600, `"method" must be a string, got a number`},
	{`{"jsonrpc":"2.0","id":3,"method":"ping","params":5}`, "3", -32602, `the params of "ping" must be an object, got a number`},
	{`{"jsonrpc":"2.0","id":4,"method":"tools/list","params":[]}`, "4", -32602, `the params of "tools/list" must be an object, got an array`},
	{`{"jsonrpc":"2.0","id":"s","method":"tools/call","params":{"name":5}}`, `"s"`, -32602, `"name" of "tools/call" must be a string, got a number`},
	{`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"memory_status","arguments":{},"_meta":5}}`, "5", -32602, `"_meta" of "tools/call" must be an object, got a number`},
	{`{"jsonrpc":"2.0","id":6,"method":"tools/list","params":{"cursor":5}}`, "6", -32602, `"cursor" of "tools/list" must be a string, got a number`},
	{`{"jsonrpc":"2.0","id":7,"method":"logging/setLevel","params":{"level":[]}}`, "7", -32602, `"level" of "logging/setLevel" must be a string, got an array`},
	{`{"jsonrpc":"2.0","id":8,"method":"resources/read","params":{"uri":true}}`, "8", -32602, `"uri" of "resources/read" must be a string, got a boolean`},
	{`{"jsonrpc":"2.0","id":9,"method":"logging/setLevel","params":{"level":"bogus"}}`, "9", -32602, `"level" of "logging/setLevel" must be one of debug, info, notice, warning, error, critical, alert or emergency, got "bogus"`},
	{`{"jsonrpc":"2.0","id":10,"method":"logging/setLevel","params":{}}`, "10", -32602, `"level" of "logging/setLevel" must be one of debug, info, notice, warning, error, critical, alert or emergency, got ""`},
}

// goWords are what the SDK's refusals of these messages said: Go's
// types and decoder.
var goWords = []string{"Go value", "Go struct", "jsonrpc2.", "map[string]", "*mcp.", "unmarshal", "invalid request: invalid request"}

// TestServeRefusesBadEnvelopesInWords: a message that is not a JSON
// object, or whose jsonrpc, id, method or params member has the wrong
// type, is refused in words naming the member and what it must be, under
// its id when it has one that can be echoed. Before, the SDK's words:
// `invalid request: unmarshaling jsonrpc message: json: cannot unmarshal
// "5" into Go value of type jsonrpc2.wireDecode`, `invalid ID type
// map[string]interface {}`, `handling 'ping': invalid params: unmarshaling
// "5" into a *mcp.PingParams: ...`.
func TestServeRefusesBadEnvelopesInWords(t *testing.T) {
	t.Parallel()
	s := serveRaw(t, openWeave(t, rawFiles, memweave.EmbedderConfig{}), nil)
	for _, tt := range envelopeCases {
		s.Send(tt.msg)
		resp := s.Recv()
		checkEnvelopeAnswer(t, "stdio", tt.msg, resp, tt.id, tt.code, tt.want)
		s.Send(`{"jsonrpc":"2.0","id":99,"method":"ping"}`)
		if resp := s.Recv(); string(resp.ID) != "99" || resp.Error != nil {
			t.Errorf("ping after %s: id %s error %+v", tt.msg, resp.ID, resp.Error)
		}
	}
}

// TestHTTPRefusesBadEnvelopesInWords is TestServeRefusesBadEnvelopesInWords
// over HTTP: 400 and the same JSON-RPC error. Before, the SDK's 400 in
// plain text: "malformed payload: unmarshaling jsonrpc message: json:
// cannot unmarshal "5" into Go value of type jsonrpc2.wireDecode".
func TestHTTPRefusesBadEnvelopesInWords(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(mcpserver.NewHTTPHandler(openWeave(t, rawFiles, memweave.EmbedderConfig{}), nil))
	defer srv.Close()
	for _, tt := range envelopeCases {
		status, msg := postRaw(t, srv, tt.msg)
		var a memweavetest.RPCResponse
		if err := json.Unmarshal([]byte(msg), &a); err != nil || status != 400 {
			t.Errorf("POST %s = %d %q, want 400 and a JSON-RPC error", tt.msg, status, msg)
			continue
		}
		checkEnvelopeAnswer(t, "HTTP", tt.msg, a, tt.id, tt.code, tt.want)
	}
}

// checkEnvelopeAnswer checks the answer to msg: code under wantID,
// saying want, in no Go words.
func checkEnvelopeAnswer(t *testing.T, via, msg string, resp memweavetest.RPCResponse, wantID string, code int, want string) {
	t.Helper()
	e, id := resp.Error, string(resp.ID)
	if e == nil || id != wantID || e.Code != code || !strings.Contains(e.Message, want) {
		t.Errorf("%s %s: answered id %s error %+v; want %d under id %s saying %q", via, msg, id, e, code, wantID, want)
		return
	}
	for _, w := range goWords {
		if strings.Contains(e.Message, w) {
			t.Errorf("%s %s: %q says %q", via, msg, e.Message, w)
		}
	}
}
