package mcpserver_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
)

// neitherMessages are JSON-RPC messages with an id that are neither a
// request (no method) nor a response (no result or error).
var neitherMessages = map[string]string{
	"7":   `{"jsonrpc":"2.0","id":7}`,
	`"p"`: `{"jsonrpc":"2.0","id":"p","params":{"name":"memory_status"}}`,
}

// TestServeAnswersAMessageWithoutMethodOrResult: a message with an id
// and neither a method nor a result or error is refused with -32600
// under its id, and the session goes on. Before, the SDK took it for a
// response to a call the server never made and dropped it: the client
// waited for an answer that never came.
func TestServeAnswersAMessageWithoutMethodOrResult(t *testing.T) {
	t.Parallel()
	s := serveRaw(t, openWeave(t, rawFiles, memweave.EmbedderConfig{}), nil)
	for id, msg := range neitherMessages {
		s.Send(msg)
		s.Send(`{"jsonrpc":"2.0","id":99,"method":"ping"}`)
		resp := s.Recv()
		if string(resp.ID) != id || resp.Error == nil || resp.Error.Code != -32600 || !strings.Contains(resp.Error.Message, "method") {
			t.Errorf("%s answered with id %s error %+v result %.100s; want -32600 under id %s naming the missing method", msg, resp.ID, resp.Error, resp.Result, id)
			continue
		}
		if resp := s.Recv(); string(resp.ID) != "99" || resp.Error != nil {
			t.Errorf("ping after %s: id %s error %+v", msg, resp.ID, resp.Error)
		}
	}
	// A response to a call, which the server never made, is still dropped.
	s.Send(`{"jsonrpc":"2.0","id":8,"result":{}}`)
	s.Send(`{"jsonrpc":"2.0","id":98,"method":"ping"}`)
	if resp := s.Recv(); string(resp.ID) != "98" {
		t.Errorf("after a response: id %s, want the ping's 98", resp.ID)
	}
}

// TestHTTPAnswersAMessageWithoutMethodOrResult: over HTTP the same
// messages get 400 and -32600 under their id. Before, 202 Accepted and
// no body, as for a response.
func TestHTTPAnswersAMessageWithoutMethodOrResult(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(mcpserver.NewHTTPHandler(openWeave(t, rawFiles, memweave.EmbedderConfig{}), nil))
	defer srv.Close()
	for id, msg := range neitherMessages {
		req, err := http.NewRequest(http.MethodPost, srv.URL+mcpserver.HTTPPath, strings.NewReader(msg))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(got), `"id":`+id) || !strings.Contains(string(got), "-32600") {
			t.Errorf("POST %s = %d %q, want 400 and -32600 under id %s", msg, resp.StatusCode, got, id)
		}
	}
}
