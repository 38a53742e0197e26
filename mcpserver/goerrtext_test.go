package mcpserver_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
	"github.com/memweave/memweave-go/memweavetest"
)

// undecodable are messages the SDK cannot decode, each with the member
// its refusal must name: an id past what a float64 holds, and a
// response whose error is not an object with an integer code and a
// string message. The SDK's refusal was in Go's words ("cannot unmarshal
// "1e400" into Go struct field jsonrpc2.wireDecode.id of type float64"),
// and over HTTP plain text.
var undecodable = []struct{ msg, id, member string }{
	{`{"jsonrpc":"2.0","id":1e400,"method":"ping"}`, `1e400`, `id`},
	{`{"jsonrpc":"2.0","id":-1e400,"method":"tools/call","params":{"name":"memory_status"}}`, `-1e400`, `id`},
	{`{"jsonrpc":"2.0","id":1e400,"result":{}}`, `1e400`, `id`},
	{`{"jsonrpc":"2.0","id":3,"error":"x"}`, `3`, `error`},
	{`{"jsonrpc":"2.0","id":4,"error":{"code":"x","message":"m"}}`, `4`, `code`},
	{`{"jsonrpc":"2.0","id":5,"error":{"code":1.5,"message":"m"}}`, `5`, `code`},
	{`{"jsonrpc":"2.0","id":6,"error":{"code":1,"message":5}}`, `6`, `message`},
	{`{"jsonrpc":"2.0","id":7,"error":[]}`, `7`, `error`},
}

// inGoWords reports whether text holds one of [goWords].
func inGoWords(text string) bool {
	for _, w := range goWords {
		if strings.Contains(text, w) {
			return true
		}
	}
	return false
}

// TestServeRefusesUndecodableMessagesInWords: over stdio, each of
// [undecodable] is answered -32600 under its id, naming the member in
// words, and the session goes on.
func TestServeRefusesUndecodableMessagesInWords(t *testing.T) {
	t.Parallel()
	s := serveRaw(t, openWeave(t, rawFiles, memweave.EmbedderConfig{}), nil)
	for i, c := range undecodable {
		s.Send(c.msg)
		resp := s.Recv()
		if resp.Error == nil || resp.Error.Code != -32600 || string(resp.ID) != c.id ||
			inGoWords(resp.Error.Message) || !strings.Contains(resp.Error.Message, `"`+c.member+`"`) {
			t.Errorf("%s: answer id %s error %+v, want -32600 under id %s naming %q in words", c.msg, resp.ID, resp.Error, c.id, c.member)
		}
		s.Send(memweavetest.SearchCall(100+i, "MARMOT-311"))
		checkFound(t, s.Recv(), fmt.Sprint(100+i))
	}
}

// TestHTTPRefusesUndecodableMessagesInWords: over HTTP, each of
// [undecodable] gets 400 and the JSON-RPC error stdio gives, not the
// SDK's plain text.
func TestHTTPRefusesUndecodableMessagesInWords(t *testing.T) {
	t.Parallel()
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{})
	srv := httptest.NewServer(mcpserver.NewHTTPHandler(w, nil))
	defer srv.Close()
	for _, c := range undecodable {
		status, body := postRaw(t, srv, c.msg)
		var a struct {
			ID    json.RawMessage `json:"id"`
			Error *struct {
				Code    int    `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal([]byte(body), &a); status != http.StatusBadRequest || err != nil || a.Error == nil ||
			a.Error.Code != -32600 || string(a.ID) != c.id || inGoWords(a.Error.Message) || !strings.Contains(a.Error.Message, `"`+c.member+`"`) {
			t.Errorf("%s: answer %d %.200s, want 400 and -32600 under id %s naming %q in words", c.msg, status, body, c.id, c.member)
		}
	}
}
