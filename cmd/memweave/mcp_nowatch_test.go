package main

import (
	"context"
	"os/exec"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestMCPNoWatchRunsNoWatcher: "mcp --no-watch" promises no file watcher
// and a scan before each search, the way to serve a workspace whose file
// events cannot be trusted (a network file system) or to spare the
// machine's inotify instances. Past its second search the server must
// still scan, not drain a watcher it started on demand.
func TestMCPNoWatchRunsNoWatcher(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	client := mcp.NewClient(&mcp.Implementation{Name: "memweave-test-client", Version: "v0.0.1"}, nil)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: exec.Command(binary, "-w", ws, "mcp", "--no-watch")}, nil)
	if err != nil {
		t.Fatalf("connect to memweave mcp --no-watch: %v", err)
	}
	defer cs.Close()
	for range 3 {
		callTool(t, cs, "memory_search", map[string]any{"query": "ZEBRA-COMET-2026"})
	}
	var st struct {
		Freshness string `json:"freshness"`
		Watcher   string `json:"watcher"`
	}
	structured(t, "memory_status", callTool(t, cs, "memory_status", map[string]any{}), &st)
	if st.Freshness != "scan" || st.Watcher != "off" {
		t.Errorf("memory_status after three searches of mcp --no-watch: freshness %q, watcher %q; want scan and off", st.Freshness, st.Watcher)
	}
}
