package mcpserver_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
)

// TestListenHTTPRefusesAllowEntriesThatNeverMatch: an allowed origin or
// host in a form no request carries ("*", a trailing slash, a port on a
// host, upper case, a default port) matched nothing, silently: the
// browser app it was meant for got 403 with no hint why. ListenHTTP now
// refuses it, naming the entry and the form that matches.
func TestListenHTTPRefusesAllowEntriesThatNeverMatch(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	bad := []struct {
		opts mcpserver.HTTPOptions
		want string
	}{
		{mcpserver.HTTPOptions{AllowedOrigins: []string{"*"}}, `"*"`},
		{mcpserver.HTTPOptions{AllowedOrigins: []string{"https://app.example.com/"}}, `"https://app.example.com"`},
		{mcpserver.HTTPOptions{AllowedOrigins: []string{"app.example.com"}}, `"app.example.com"`},
		{mcpserver.HTTPOptions{AllowedOrigins: []string{"https://App.Example.com"}}, `"https://app.example.com"`},
		{mcpserver.HTTPOptions{AllowedOrigins: []string{"https://app.example.com:443"}}, `"https://app.example.com"`},
		{mcpserver.HTTPOptions{AllowedOrigins: []string{"https://app.example.com/path?q=1"}}, `"https://app.example.com"`},
		{mcpserver.HTTPOptions{AllowedOrigins: []string{"ftp://app.example.com"}}, `"ftp://app.example.com"`},
		{mcpserver.HTTPOptions{AllowedOrigins: []string{"https://app.example.com:99999"}}, `"https://app.example.com:99999"`},
		{mcpserver.HTTPOptions{AllowedHosts: []string{"mcp.example.com:8765"}}, `"mcp.example.com:8765"`},
		{mcpserver.HTTPOptions{AllowedHosts: []string{"http://mcp.example.com"}}, `"http://mcp.example.com"`},
		{mcpserver.HTTPOptions{AllowedHosts: []string{"*.example.com"}}, `"*.example.com"`},
		{mcpserver.HTTPOptions{AllowedHosts: []string{"mcp.example.com/"}}, `"mcp.example.com/"`},
	}
	for _, tt := range bad {
		ln, err := mcpserver.ListenHTTP(ctx, "127.0.0.1:0", &tt.opts)
		if ln != nil {
			ln.Close()
		}
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ListenHTTP with hosts %q origins %q = %v, want an error naming %s", tt.opts.AllowedHosts, tt.opts.AllowedOrigins, err, tt.want)
		}
	}
	good := mcpserver.HTTPOptions{
		AllowedHosts:   []string{"mcp.example.com", "MCP.example.com", "192.168.1.5", "::1", "[::1]", "my_host"},
		AllowedOrigins: []string{"https://app.example.com", "http://localhost:3000", "http://[::1]:8080", "https://192.168.1.5:8443"},
	}
	ln, err := mcpserver.ListenHTTP(ctx, "127.0.0.1:0", &good)
	if err != nil {
		t.Fatalf("ListenHTTP with hosts %q origins %q = %v, want a listener", good.AllowedHosts, good.AllowedOrigins, err)
	}
	ln.Close()
}

// TestAllowedIPv6InAnyForm: an allowed host or origin naming an IPv6
// address in another of its written forms ("2001:db8:0::1") matched no
// request, since a browser sends the address's canonical form
// ("[2001:db8::1]") and hosts were compared as strings. Hosts are now
// compared as addresses, and an origin entry not in the form a browser
// sends is refused naming that form.
func TestAllowedIPv6InAnyForm(t *testing.T) {
	t.Parallel()
	ln, err := mcpserver.ListenHTTP(context.Background(), "127.0.0.1:0", &mcpserver.HTTPOptions{AllowedOrigins: []string{"http://[2001:db8:0::1]:8080"}})
	if ln != nil {
		ln.Close()
	}
	if err == nil || !strings.Contains(err.Error(), `"http://[2001:db8::1]:8080"`) {
		t.Errorf("ListenHTTP with the origin http://[2001:db8:0::1]:8080 = %v, want an error naming http://[2001:db8::1]:8080", err)
	}
	w := openWeave(t, map[string]string{"memory/a.md": "# A\n"}, memweave.EmbedderConfig{})
	h := mcpserver.NewHTTPHandler(w, &mcpserver.HTTPOptions{AllowedHosts: []string{"2001:db8:0::1"}})
	for _, host := range []string{"[2001:db8::1]:8765", "[2001:DB8:0:0::1]"} {
		req := httptest.NewRequest(http.MethodPost, mcpserver.HTTPPath, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
		req.Host = host
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code == http.StatusForbidden {
			t.Errorf("request with Host %s to a server allowing 2001:db8:0::1 = 403 %q", host, rec.Body.String())
		}
	}
}
