package mcpserver_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
)

// TestHTTPAllowedOriginGetsCORS: an --allow-origin page could not use
// the server at all. A browser sends a CORS preflight (OPTIONS, without
// the token) before a POST of application/json with an Authorization
// header, and the server answered it 401 (405 without a token); nor did
// any answer carry Access-Control-Allow-Origin, so the page could read
// none. A preflight from an allowed origin is now answered 204 with the
// methods and headers an MCP client sends, before the token is asked
// for, and every answer to that origin names it. A foreign origin still
// gets 403, and an origin accepted only for being loopback gets no CORS
// headers: a page on another local port reads nothing.
func TestHTTPAllowedOriginGetsCORS(t *testing.T) {
	t.Parallel()
	const app, token = "https://app.example.com", "0123456789abcdef0123456789abcdef"
	w := openWeave(t, map[string]string{"memory/a.md": "# A\n"}, memweave.EmbedderConfig{})
	h := mcpserver.NewHTTPHandler(w, &mcpserver.HTTPOptions{Token: token, AllowedOrigins: []string{app}})
	do := func(method, origin, auth string, header map[string]string) *httptest.ResponseRecorder {
		var body *strings.Reader
		if method == http.MethodPost {
			body = strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`)
		} else {
			body = strings.NewReader("")
		}
		req := httptest.NewRequest(method, mcpserver.HTTPPath, body)
		req.Host = "127.0.0.1:8765"
		if method == http.MethodPost {
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
		}
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		if auth != "" {
			req.Header.Set("Authorization", "Bearer "+auth)
		}
		for k, v := range header {
			req.Header.Set(k, v)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	preflight := map[string]string{
		"Access-Control-Request-Method":  "POST",
		"Access-Control-Request-Headers": "authorization,content-type,mcp-protocol-version",
	}

	rec := do(http.MethodOptions, app, "", preflight)
	if rec.Code != http.StatusNoContent || rec.Header().Get("Access-Control-Allow-Origin") != app {
		t.Errorf("preflight from %s = %d, Access-Control-Allow-Origin %q, want 204 and the origin",
			app, rec.Code, rec.Header().Get("Access-Control-Allow-Origin"))
	}
	if m := rec.Header().Get("Access-Control-Allow-Methods"); !strings.Contains(m, "POST") {
		t.Errorf("preflight from %s: Access-Control-Allow-Methods = %q, want POST in it", app, m)
	}
	allowed := strings.ToLower(rec.Header().Get("Access-Control-Allow-Headers"))
	for _, want := range []string{"authorization", "content-type", "mcp-protocol-version"} {
		if !strings.Contains(allowed, want) {
			t.Errorf("preflight from %s: Access-Control-Allow-Headers = %q, want %s in it", app, allowed, want)
		}
	}

	for _, c := range []struct {
		name, auth string
		want       int
	}{{"with the token", token, http.StatusOK}, {"with a wrong token", "wrong", http.StatusUnauthorized}} {
		rec := do(http.MethodPost, app, c.auth, nil)
		if rec.Code != c.want || rec.Header().Get("Access-Control-Allow-Origin") != app ||
			!strings.Contains(strings.Join(rec.Header().Values("Vary"), ","), "Origin") {
			t.Errorf("POST from %s %s = %d, Access-Control-Allow-Origin %q, Vary %q; want %d, the origin, Origin",
				app, c.name, rec.Code, rec.Header().Get("Access-Control-Allow-Origin"), rec.Header().Values("Vary"), c.want)
		}
	}

	for _, c := range []struct {
		name, method, origin string
		header               map[string]string
		want                 int // 0: anything but 204
	}{
		{"preflight from a foreign origin", http.MethodOptions, "https://evil.example", preflight, http.StatusForbidden},
		{"preflight from a loopback origin", http.MethodOptions, "http://localhost:3000", preflight, 0},
		{"POST from a loopback origin", http.MethodPost, "http://localhost:3000", nil, 0},
	} {
		rec := do(c.method, c.origin, token, c.header)
		if acao := rec.Header().Get("Access-Control-Allow-Origin"); acao != "" || rec.Code == http.StatusNoContent ||
			(c.want != 0 && rec.Code != c.want) {
			t.Errorf("%s = %d, Access-Control-Allow-Origin %q; want no CORS answer (status %d)", c.name, rec.Code, acao, c.want)
		}
	}
	if rec := do(http.MethodOptions, app, token, nil); rec.Code == http.StatusNoContent {
		t.Errorf("OPTIONS from %s without Access-Control-Request-Method = 204, want it served as any OPTIONS", app)
	}
}
