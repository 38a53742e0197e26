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

// toolNameCases are tools/call requests without a tool name, or with
// one far longer than any tool's: the code and words of each answer.
var toolNameCases = []struct {
	label, msg, id string
	code           int
	want           string
}{
	{"no name", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"arguments":{}}}`, "1", -32602, `"name" of "tools/call" is required`},
	{"empty params", `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{}}`, "2", -32602, `"name" of "tools/call" is required`},
	{"empty name", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":""}}`, "3", -32602, `"name" of "tools/call" is required`},
	{"null name", `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":null}}`, "4", -32602, `"name" of "tools/call" is required`},
	{"Name in capitals", `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"Name":"memory_status"}}`, "5", -32602, `"name" of "tools/call" is required`},
	{"null params", `{"jsonrpc":"2.0","id":6,"method":"tools/call","params":null}`, "6", -32600, `invalid request: missing required "params"`},
	{"2 MiB name", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"` + strings.Repeat("x", 2<<20) + `\u001b[31m"}}`, "7", -32602, `unknown tool "xxxx`},
	{"2 MiB method", `{"jsonrpc":"2.0","id":8,"method":"` + strings.Repeat("y", 2<<20) + `"}`, "8", -32601, `method not found: "yyyy`},
	{"2 MiB prompt name", `{"jsonrpc":"2.0","id":9,"method":"prompts/get","params":{"name":"` + strings.Repeat("p", 2<<20) + `"}}`, "9", -32602, `unknown prompt "pppp`},
	{"2 MiB resource uri", `{"jsonrpc":"2.0","id":10,"method":"resources/read","params":{"uri":"file:///` + strings.Repeat("u", 2<<20) + `"}}`, "10", -32602, `resource not found: "file:///uuuu`},
}

// TestToolCallNamesInWords: a tools/call without a tool name is refused
// naming the member, not as a call of the tool "" (the SDK's `unknown
// tool ""`); one with null params as one without params (the SDK said
// `handling 'tools/call': invalid request: ...`); and an unknown name is
// quoted cut to 80 bytes, not echoed whole (a 2 MiB name came back in a
// 2 MiB error), on stdio and over HTTP.
func TestToolCallNamesInWords(t *testing.T) {
	t.Parallel()
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{})
	check := func(via string, resp memweavetest.RPCResponse, tt struct {
		label, msg, id string
		code           int
		want           string
	}) {
		t.Helper()
		checkEnvelopeAnswer(t, via, tt.label, resp, tt.id, tt.code, tt.want)
		if resp.Error != nil && (len(resp.Error.Message) > 200 || strings.Contains(resp.Error.Message, "handling '")) {
			t.Errorf("%s %s: error of %d bytes: %.200q", via, tt.label, len(resp.Error.Message), resp.Error.Message)
		}
	}
	s := serveRaw(t, w, nil)
	for _, tt := range toolNameCases {
		s.Send(tt.msg)
		check("stdio", s.Recv(), tt)
	}
	srv := httptest.NewServer(mcpserver.NewHTTPHandler(w, nil))
	defer srv.Close()
	for _, tt := range toolNameCases {
		status, msg := postRaw(t, srv, tt.msg)
		var a memweavetest.RPCResponse
		if err := json.Unmarshal([]byte(msg), &a); err != nil || status != 400 {
			t.Errorf("HTTP %s = %d %.200q, want 400 and a JSON-RPC error", tt.label, status, msg)
			continue
		}
		check("HTTP", a, tt)
	}
}
