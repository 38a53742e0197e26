package mcpserver_test

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
	"github.com/memweave/memweave-go/memweavetest"
)

// deepCases are valid JSON-RPC messages whose params nest arrays past
// the 1,000 levels the SDK decodes: just past it, and past the 10,000
// of Go's JSON scanner.
func deepCases() []struct{ label, msg, id string } {
	var cases []struct{ label, msg, id string }
	for i, depth := range []int{998, 20_000} {
		nest := strings.Repeat("[", depth) + strings.Repeat("]", depth)
		cases = append(cases,
			struct{ label, msg, id string }{fmt.Sprintf("tags nested %d deep", depth),
				fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"memory_search","arguments":{"query":"x","tags":%s}}}`, 70+i, nest), fmt.Sprint(70 + i)},
			struct{ label, msg, id string }{fmt.Sprintf("ping _meta nested %d deep", depth),
				fmt.Sprintf(`{"jsonrpc":"2.0","id":"d%d","method":"ping","params":{"_meta":{"x":%s}}}`, i, nest), fmt.Sprintf(`"d%d"`, i)})
	}
	return cases
}

// TestRefusesDeepMessagesInWords: a message nesting deeper than the SDK
// reads is refused with -32600 saying so, under its id, on stdio and over
// HTTP. Before, stdio answered past 1,000 levels in the SDK's words
// ("invalid request: unmarshaling jsonrpc message: json: exceeded maximum
// nesting depth of 1000") and past Go's 10,000 "parse error: the message
// is not valid JSON" under id null, of valid JSON; HTTP answered the
// first in plain text ("malformed payload: ..."), the second likewise.
func TestRefusesDeepMessagesInWords(t *testing.T) {
	t.Parallel()
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{})
	const want = "nests arrays and objects more than 1000 levels deep"
	s := serveRaw(t, w, nil)
	for _, tt := range deepCases() {
		s.Send(tt.msg)
		checkEnvelopeAnswer(t, "stdio", tt.label, s.Recv(), tt.id, -32600, want)
		s.Send(`{"jsonrpc":"2.0","id":99,"method":"ping"}`)
		if resp := s.Recv(); string(resp.ID) != "99" || resp.Error != nil {
			t.Errorf("ping after %s: id %s error %+v", tt.label, resp.ID, resp.Error)
		}
	}
	srv := httptest.NewServer(mcpserver.NewHTTPHandler(w, nil))
	defer srv.Close()
	for _, tt := range deepCases() {
		status, msg := postRaw(t, srv, tt.msg)
		var a memweavetest.RPCResponse
		if err := json.Unmarshal([]byte(msg), &a); err != nil || status != 400 {
			t.Errorf("HTTP %s = %d %.200q, want 400 and a JSON-RPC error", tt.label, status, msg)
			continue
		}
		checkEnvelopeAnswer(t, "HTTP", tt.label, a, tt.id, -32600, want)
	}
}
