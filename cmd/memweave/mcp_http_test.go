package main

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestMCPHTTPUsageErrors(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"mcp", "--http", "0.0.0.0:0"}, "not a loopback address: give a token"},
		{[]string{"mcp", "--http", ":0"}, "not a loopback address: give a token"},
		{[]string{"mcp", "--token", "x"}, "need --http"},
		{[]string{"mcp", "--allow-origin", "https://a.example"}, "need --http"},
	}
	for _, tt := range tests {
		out := runCLI(t, "", nil, append([]string{"-w", ws}, tt.args...)...)
		if out.code != 2 || !strings.Contains(out.stderr, tt.want) {
			t.Errorf("memweave %q = exit %d, stderr %q; want exit 2 and %q", tt.args, out.code, out.stderr, tt.want)
		}
	}
}

// bearerTransport adds a bearer token to every request.
type bearerTransport struct{ token string }

func (b bearerTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.Header.Set("Authorization", "Bearer "+b.token)
	return http.DefaultTransport.RoundTrip(req)
}

// TestMCPHTTP runs "memweave mcp --http 127.0.0.1:0" with a token from
// the environment: a client without the token gets 401, the go-sdk's
// client with it lists the tools and searches, and SIGTERM ends the
// server with exit 0.
func TestMCPHTTP(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGTERM on Windows")
	}
	t.Parallel()
	const token = "cli-test-token-42"
	cmd := exec.Command(binary, "-w", testWorkspace(t), "mcp", "--http", "127.0.0.1:0")
	cmd.Env = append(os.Environ(), "MEMWEAVE_MCP_TOKEN="+token)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	lines := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			default:
			}
		}
		exited <- cmd.Wait()
	}()
	t.Cleanup(func() { cmd.Process.Kill() })

	var endpoint string
	select {
	case line := <-lines:
		const prefix = "memweave: serving MCP on "
		if !strings.HasPrefix(line, prefix) {
			t.Fatalf("first stderr line = %q, want %q and the URL", line, prefix)
		}
		endpoint = strings.TrimPrefix(line, prefix)
	case err := <-exited:
		t.Fatalf("memweave mcp --http exited: %v", err)
	case <-time.After(30 * time.Second):
		t.Fatal("memweave mcp --http printed no URL in 30s")
	}

	resp, err := http.Post(endpoint, "application/json", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("POST without a token = %d, want 401", resp.StatusCode)
	}

	ctx := context.Background()
	client := mcp.NewClient(&mcp.Implementation{Name: "cli-test", Version: "v1"}, nil)
	cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: endpoint, HTTPClient: &http.Client{Transport: bearerTransport{token}}}, nil)
	if err != nil {
		t.Fatalf("Connect(%s) = %v", endpoint, err)
	}
	tools, err := cs.ListTools(ctx, nil)
	if err != nil || len(tools.Tools) != 13 {
		t.Fatalf("tools/list = %v, %v; want the 13 memory tools", tools, err)
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "memory_search", Arguments: map[string]any{"query": "ZEBRA-COMET-2026"}})
	if err != nil || res.IsError || !strings.Contains(fmt.Sprint(res.StructuredContent), "memory/stack.md") {
		t.Fatalf("memory_search = %v, %v; want memory/stack.md", res, err)
	}
	cs.Close()

	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("memweave mcp --http after SIGTERM: %v, want exit 0", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("memweave mcp --http still running 10s after SIGTERM")
	}
}
