package mcpserver_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
)

// TestHTTPAllowedHostOnLoopback: a server bound to loopback behind a
// reverse proxy on the same machine gets the proxy's Host, the name its
// --allow-host allows. The go-sdk's own rebinding check, which knows no
// allowed host and no case-insensitive name, answered each such request
// 403 "invalid Host header" after the server's check had let it pass:
// --allow-host could not work on a loopback address, nor LOCALHOST.
// Hosts neither allows are still refused.
func TestHTTPAllowedHostOnLoopback(t *testing.T) {
	t.Parallel()
	w := openWeave(t, rawFiles, memweave.EmbedderConfig{})
	s := serveHTTP(t, w, &mcpserver.HTTPOptions{AllowedHosts: []string{"mcp.example.com"}})
	port := s.endpoint[strings.LastIndex(s.endpoint, ":")+1 : strings.LastIndex(s.endpoint, "/")]
	ctx := context.Background()
	for host, status := range map[string]int{
		"mcp.example.com":         http.StatusOK,
		"MCP.Example.com:" + port: http.StatusOK,
		"mcp.example.com:443":     http.StatusOK,
		"LOCALHOST:" + port:       http.StatusOK,
		"evil.example.com":        http.StatusForbidden,
		"mcp.example.com.evil":    http.StatusForbidden,
	} {
		rec := &recorder{host: host}
		cs, err := connectHTTP(ctx, s.endpoint, rec)
		if err == nil {
			search(ctx, t, cs, "MARMOT-311")
			cs.Close()
		}
		if got := rec.status(); got != status || (err == nil) != (status == http.StatusOK) {
			t.Errorf("Host %s: status %d, error %v; want status %d", host, got, err, status)
		}
	}
}
