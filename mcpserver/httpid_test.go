package mcpserver_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
)

// postRaw posts body to the MCP endpoint of srv as a client of revision
// 2025-06-18 would, and returns the status and the JSON-RPC message of
// the answer (the data line of an event stream, or the JSON body).
func postRaw(t *testing.T, srv *httptest.Server, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, srv.URL+mcpserver.HTTPPath, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	got, _ := io.ReadAll(resp.Body)
	msg := string(got)
	for line := range strings.Lines(msg) {
		if data, ok := strings.CutPrefix(line, "data: "); ok {
			msg = strings.TrimSpace(data)
		}
	}
	return resp.StatusCode, msg
}

// TestHTTPRefusesIDsItCannotEcho is TestServeRefusesIDsItCannotEcho over
// HTTP: a request whose id the SDK would answer under another id (1.5 as
// 1, 99999999999999999999999 as -9223372036854775808, 2^53+1 as 2^53) or
// not as a JSON-RPC answer at all (null) gets 400 and -32600 under its
// own id, and a tools/call so refused writes nothing.
func TestHTTPRefusesIDsItCannotEcho(t *testing.T) {
	t.Parallel()
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{})
	srv := httptest.NewServer(mcpserver.NewHTTPHandler(w, nil))
	defer srv.Close()
	type answer struct {
		ID    json.RawMessage `json:"id"`
		Error *struct {
			Code int `json:"code"`
		} `json:"error"`
	}
	for _, id := range []string{`1.5`, `99999999999999999999999`, `null`, `9007199254740993`, `-0.25`, `1e2`, `3.0`, `-9223372036854775809`} {
		for _, method := range []string{"ping", "tools/call"} {
			body := fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"method":%q,"params":{"name":"memory_append","arguments":{"text":"appended under id %s"}}}`, id, method, id)
			status, msg := postRaw(t, srv, body)
			var a answer
			if err := json.Unmarshal([]byte(msg), &a); status != http.StatusBadRequest || err != nil || string(a.ID) != id || a.Error == nil || a.Error.Code != -32600 {
				t.Errorf("%s with id %s: answer %d %.200s, want 400 and -32600 under id %s", method, id, status, msg, id)
			}
		}
	}
	// The last of duplicate keys is the id, as for the SDK.
	if status, msg := postRaw(t, srv, `{"jsonrpc":"2.0","id":5,"method":"ping","id":5.5}`); status != http.StatusBadRequest || !strings.Contains(msg, `"id":5.5`) {
		t.Errorf("duplicate id 5 then 5.5: answer %d %.200s, want 400 under id 5.5", status, msg)
	}
	// The id is read by a parse that recurses once a level: nesting past
	// the SDK's bound is left to the SDK to refuse, not parsed.
	deep := 1_500_000
	body := `{"jsonrpc":"2.0","method":"ping","params":{"x":` + strings.Repeat("[", deep) + strings.Repeat("]", deep) + `},"id":1.5}`
	if status, msg := postRaw(t, srv, body); status != http.StatusBadRequest {
		t.Errorf("a ping nested %d deep: answer %d %.200s, want 400", deep, status, msg)
	}
	if notes := memoryFiles(t, w); !slices.Equal(notes, []string{"db.md"}) {
		t.Errorf("memory/ after the refused calls holds %v, want db.md alone", notes)
	}
	// Ids it echoes exactly are served, white space or not.
	for _, id := range []string{`0`, `-1`, `9007199254740992`, `"1.5"`, `"null"`} {
		status, msg := postRaw(t, srv, ` {"jsonrpc":"2.0","method":"ping","id" : `+id+`}`)
		var a answer
		if err := json.Unmarshal([]byte(msg), &a); status != http.StatusOK || err != nil || string(a.ID) != id || a.Error != nil {
			t.Errorf("ping with id %s: answer %d %.200s, want 200 under its id", id, status, msg)
		}
	}
}

// TestHTTPRefusesTrailingData: a body holding a message and more (a
// second message, a stray brace) had its first message served and the
// rest dropped without a word, so a client sending two calls got one
// answer; stdio refuses such a line with -32700. It gets 400 and -32700
// before any call runs; trailing white space is fine.
func TestHTTPRefusesTrailingData(t *testing.T) {
	t.Parallel()
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{})
	srv := httptest.NewServer(mcpserver.NewHTTPHandler(w, nil))
	defer srv.Close()
	call := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"memory_append","arguments":{"text":"a note"}}}`
	for _, body := range []string{call + call, call + "}", call + " x", call + "\n" + `{"jsonrpc":"2.0","id":8,"method":"ping"}`} {
		status, msg := postRaw(t, srv, body)
		if status != http.StatusBadRequest || !strings.Contains(msg, `"code":-32700`) {
			t.Errorf("POST %.60q...: answer %d %.200s, want 400 and -32700", body[len(call):], status, msg)
		}
	}
	if notes := memoryFiles(t, w); !slices.Equal(notes, []string{"db.md"}) {
		t.Errorf("memory/ after the refused bodies holds %v, want db.md alone", notes)
	}
	if status, msg := postRaw(t, srv, call+" \r\n\t"); status != http.StatusOK || !strings.Contains(msg, `"id":7`) {
		t.Errorf("a call with trailing white space: answer %d %.200s, want 200", status, msg)
	}
}

// TestHTTPRefusesTrailingNonJSONSpace: only space, tab, CR and LF are
// white space in JSON. A body ending in another space (a vertical tab, a
// form feed, a no-break space, a line separator) went to the SDK as one
// message; it is refused like any trailing text, naming what follows.
func TestHTTPRefusesTrailingNonJSONSpace(t *testing.T) {
	t.Parallel()
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{})
	srv := httptest.NewServer(mcpserver.NewHTTPHandler(w, nil))
	defer srv.Close()
	call := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"memory_append","arguments":{"text":"a note"}}}`
	for _, tc := range []struct{ tail, named string }{
		{"\v", `\v`},
		{"\f", `\f`},
		{"\u00a0", `\u00a0`},
		{" \r\n\u2028", `\u2028`},
		{"\n\x00", `\x00`},
		{"\t\x85", `\x85`},
	} {
		status, msg := postRaw(t, srv, call+tc.tail)
		if status != http.StatusBadRequest || !strings.Contains(msg, `"code":-32700`) || !strings.Contains(msg, tc.named) {
			t.Errorf("POST call+%q: answer %d %.300s, want 400, -32700 naming %s", tc.tail, status, msg, tc.named)
		}
	}
	// A line on stdio likewise: not JSON, whatever TrimSpace would make
	// of it.
	st := serveRaw(t, w, nil)
	for _, tail := range []string{"\v", "\u00a0"} {
		st.Send(call + tail)
		checkEnvelopeAnswer(t, "stdio", "call+"+strconv.Quote(tail), st.Recv(), "null", -32700, "not valid JSON")
	}
	if notes := memoryFiles(t, w); !slices.Equal(notes, []string{"db.md"}) {
		t.Errorf("memory/ after the refused bodies holds %v, want db.md alone", notes)
	}
}
