package mcpserver_test

import (
	"fmt"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestServeRefusesIDsItCannotEcho sends requests whose id the SDK would
// answer under another id (a fraction, a number past what a float64 holds
// exactly) or not at all (null, taken for a notification). Each must get
// -32600 under its own id (null for null), and the session goes on.
func TestServeRefusesIDsItCannotEcho(t *testing.T) {
	t.Parallel()
	s := serveRaw(t, openWeave(t, rawFiles, memweave.EmbedderConfig{}), nil)
	refused := []struct{ id, wantID string }{
		{`1.5`, `1.5`},
		{`99999999999999999999999`, `99999999999999999999999`},
		{`null`, `null`},
		{`9007199254740993`, `9007199254740993`},
		{`-0.25`, `-0.25`},
		{`1e2`, `1e2`},
		{`3.0`, `3.0`},
		{`-9223372036854775809`, `-9223372036854775809`},
	}
	for i, tt := range refused {
		for _, method := range []string{"ping", "tools/call"} {
			s.Send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"method":%q,"params":{"name":"memory_search","arguments":{"query":"x"}}}`, tt.id, method))
			resp := s.Recv()
			if string(resp.ID) != tt.wantID || resp.Error == nil || resp.Error.Code != -32600 {
				t.Errorf("%s with id %s: response = id %s error %+v result %.80s, want id %s and -32600", method, tt.id, resp.ID, resp.Error, resp.Result, tt.wantID)
			}
			s.Send(memweavetest.SearchCall(100+i, "MARMOT-311"))
			checkFound(t, s.Recv(), fmt.Sprint(100+i))
		}
	}
	// The last of duplicate keys is the id, as for the SDK.
	s.Send(`{"jsonrpc":"2.0","id":5,"method":"ping","id":5.5}`)
	if resp := s.Recv(); string(resp.ID) != "5.5" || resp.Error == nil || resp.Error.Code != -32600 {
		t.Errorf("duplicate id 5 then 5.5: response = id %s error %+v, want id 5.5 and -32600", resp.ID, resp.Error)
	}
	// Ids it echoes exactly are served.
	for _, id := range []string{`0`, `-1`, `9007199254740992`, `1152921504606846976`, `"1.5"`, `"null"`} {
		s.Send(`{"jsonrpc":"2.0","method":"ping","id" : ` + id + `}`)
		if resp := s.Recv(); string(resp.ID) != id || resp.Error != nil {
			t.Errorf("ping with id %s: response = id %s error %+v, want its id and no error", id, resp.ID, resp.Error)
		}
	}
}

// TestServeTakesAnIDAgainOnceAnswered reuses one id for each call the
// moment its answer is read: the id is free once the answer is sent, so
// none may be refused as "still in progress" (CI saw one in a run, the
// id freed only after the answer's write returned).
func TestServeTakesAnIDAgainOnceAnswered(t *testing.T) {
	t.Parallel()
	s := serveRaw(t, openWeave(t, rawFiles, memweave.EmbedderConfig{}), nil)
	for i := 0; i < 300; i++ {
		s.Send(`{"jsonrpc":"2.0","id":7,"method":"ping"}`)
		if resp := s.Recv(); string(resp.ID) != "7" || resp.Error != nil {
			t.Fatalf("ping %d with id 7: response = id %s error %+v, want id 7 and no error", i, resp.ID, resp.Error)
		}
		s.Send(memweavetest.SearchCall(7, "MARMOT-311"))
		checkFound(t, s.Recv(), "7")
	}
}
