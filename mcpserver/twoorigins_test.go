package mcpserver_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
)

// TestHTTPHostAndOriginHeaders: the guard read only the first of two
// Origin headers, so a request carrying an allowed (or empty) one and a
// foreign one passed, whichever one a proxy or the client's stack in
// front takes for the request's origin. A request with more than one
// Origin header is now refused as one from a foreign origin. The Host
// header's forms (a port, an IPv6 literal, in brackets or not) are
// checked as before.
func TestHTTPHostAndOriginHeaders(t *testing.T) {
	t.Parallel()
	w := openWeave(t, map[string]string{"memory/a.md": "# A\n"}, memweave.EmbedderConfig{})
	h := mcpserver.NewHTTPHandler(w, &mcpserver.HTTPOptions{AllowedOrigins: []string{"https://app.example.com"}})
	for _, c := range []struct {
		name    string
		host    string
		origins []string
		want    int // 403 or anything else
	}{
		{"allowed then foreign origin", "127.0.0.1:8765", []string{"https://app.example.com", "http://evil.example"}, http.StatusForbidden},
		{"empty then foreign origin", "127.0.0.1:8765", []string{"", "http://evil.example"}, http.StatusForbidden},
		{"the allowed origin twice", "127.0.0.1:8765", []string{"https://app.example.com", "https://app.example.com"}, http.StatusForbidden},
		{"allowed origin", "127.0.0.1:8765", []string{"https://app.example.com"}, http.StatusOK},
		{"no origin", "127.0.0.1:8765", nil, http.StatusOK},
		{"IPv6 loopback with port", "[::1]:8765", nil, http.StatusOK},
		{"IPv6 loopback without port", "[::1]", nil, http.StatusOK},
		{"IPv6 loopback written long", "[0:0:0:0:0:0:0:1]:8765", nil, http.StatusOK},
		{"IPv4-mapped loopback", "[::ffff:127.0.0.1]:8765", nil, http.StatusOK},
		{"localhost", "LOCALHOST:8765", nil, http.StatusOK},
		{"two ports", "127.0.0.1:8765:80", nil, http.StatusForbidden},
		{"foreign IPv6", "[2001:db8::1]:8765", nil, http.StatusForbidden},
		{"loopback as a subdomain", "127.0.0.1.evil.example:8765", nil, http.StatusForbidden},
		{"localhost with a trailing dot", "localhost.:8765", nil, http.StatusForbidden},
		{"unspecified address", "0.0.0.0:8765", nil, http.StatusForbidden},
	} {
		req := httptest.NewRequest(http.MethodPost, mcpserver.HTTPPath, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
		req.Host = c.host
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		for _, o := range c.origins {
			req.Header.Add("Origin", o)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if (rec.Code == http.StatusForbidden) != (c.want == http.StatusForbidden) {
			t.Errorf("%s: Host %q, Origin %q = %d %q, want %d", c.name, c.host, c.origins, rec.Code, rec.Body.String(), c.want)
		}
	}
}
