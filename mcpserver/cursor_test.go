package mcpserver_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
)

// TestBadCursorIsNamed: a list request's "cursor" is a token a previous
// answer gave; one the server never gave (garbage, base64 of another
// shape, a huge one) was answered with the SDK's words ("failed to
// decode cursor: illegal base64 data at input byte 3", or the gob
// decoder's), quoting nothing a client can act on. It is -32602 naming
// the member and the method, the cursor quoted cut, and the session
// goes on.
func TestBadCursorIsNamed(t *testing.T) {
	t.Parallel()
	s := serveRaw(t, openWeave(t, rawFiles, memweave.EmbedderConfig{}), nil)
	// The premise: no answer gives a cursor to continue from.
	for i, method := range []string{"tools/list", "prompts/list", "resources/list", "resources/templates/list"} {
		s.Send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":%q,"params":{}}`, 10+i, method))
		if resp := s.Recv(); resp.Error != nil || strings.Contains(string(resp.Result), "nextCursor") {
			t.Fatalf("%s = error %+v, result %.200s; want a result without nextCursor", method, resp.Error, resp.Result)
		}
	}
	cursors := []string{
		// tune
		"garbage", "AAAA", strings.Repeat("Zm9v", 1000),
		// check
		"e30=", "%%%", "Zm9vYmFy",
	}
	for i, cur := range cursors {
		for _, method := range []string{"tools/list", "prompts/list", "resources/list", "resources/templates/list"} {
			id := fmt.Sprint(100 + i)
			s.Send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"method":%q,"params":{"cursor":%q}}`, id, method, cur))
			resp := s.Recv()
			if string(resp.ID) != id || resp.Error == nil {
				t.Errorf("%s cursor %.20q: id %s error %+v result %.100s; want an error under id %s", method, cur, resp.ID, resp.Error, resp.Result, id)
				continue
			}
			msg := resp.Error.Message
			if resp.Error.Code != -32602 || !strings.Contains(msg, `"cursor"`) || !strings.Contains(msg, method) || len(msg) > 300 ||
				strings.Contains(msg, "base64") || strings.Contains(msg, "gob") {
				t.Errorf("%s cursor %.20q = %d %q; want -32602 naming \"cursor\" and %s, in under 300 bytes, without the decoder's words", method, cur, resp.Error.Code, msg, method)
			}
		}
	}
}
