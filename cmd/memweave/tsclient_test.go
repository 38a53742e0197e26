package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/memweavetest"
)

// tsClientSummary is what testdata/tsclient/client.mjs prints.
type tsClientSummary struct {
	SDKVersion           string         `json:"sdk_version"`
	Transport            string         `json:"transport"`
	ProtocolVersion      string         `json:"protocol_version"`
	ProtocolVersionsSent map[string]int `json:"protocol_versions_sent"`
	Requests             map[string]int `json:"requests"`
	SessionIDs           []string       `json:"session_ids"`
	ToolsListed          []string       `json:"tools_listed"`
	ToolsPassed          []string       `json:"tools_passed"`
	Failures             []string       `json:"failures"`
}

// memoryTools are the tools memweave mcp serves.
var memoryTools = []string{
	"memory_append", "memory_changes", "memory_conflicts", "memory_consolidate", "memory_delete",
	"memory_feedback", "memory_get", "memory_index", "memory_pack", "memory_resolve",
	"memory_search", "memory_status", "memory_write",
}

// tsClientDir returns the folder of the TypeScript client script, or
// skips the test when node or the script's packages (npm ci in that
// folder) are missing.
func tsClientDir(t *testing.T) (node, dir string) {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not installed: the TypeScript SDK client cannot run")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed: memory_changes needs a repository")
	}
	dir, err = filepath.Abs(filepath.Join("testdata", "tsclient"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@modelcontextprotocol", "sdk", "package.json")); err != nil {
		t.Skipf("the TypeScript SDK is not installed: run npm ci --no-audit --no-fund in %s (%v)", dir, err)
	}
	return node, dir
}

// gitWorkspace returns a test workspace that is a git repository with
// one commit.
func gitWorkspace(t *testing.T) string {
	t.Helper()
	ws := testWorkspace(t)
	memweavetest.WriteFile(t, ws, ".gitignore", ".memweave/\n")
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"commit", "-q", "-m", "first notes"}} {
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = ws
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "HOME="+ws)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	return ws
}

// runTSClient runs client.mjs with args and returns its summary; the
// script's failures fail the test.
func runTSClient(t *testing.T, node, dir string, args ...string) tsClientSummary {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, append([]string{"client.mjs"}, args...)...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	var sum tsClientSummary
	if err := json.Unmarshal(stdout.Bytes(), &sum); err != nil {
		t.Fatalf("node client.mjs %v: %v; its output is not a summary (%v)\nstdout:\n%s\nstderr:\n%s", args, runErr, err, stdout.String(), stderr.String())
	}
	t.Logf("TypeScript SDK %s over %s: protocol revision %s, requests %v", sum.SDKVersion, sum.Transport, sum.ProtocolVersion, sum.Requests)
	for _, f := range sum.Failures {
		t.Errorf("TypeScript client: %s", f)
	}
	if runErr != nil && len(sum.Failures) == 0 {
		t.Errorf("node client.mjs %v: %v\nstderr:\n%s", args, runErr, stderr.String())
	}
	if !slices.Equal(sum.ToolsListed, memoryTools) || !slices.Equal(sum.ToolsPassed, memoryTools) {
		t.Errorf("tools listed %v, passed %v; want every one of %v", sum.ToolsListed, sum.ToolsPassed, memoryTools)
	}
	return sum
}

// TestTypeScriptClientStatelessHTTP runs the official MCP TypeScript SDK
// client against two "memweave mcp --http" processes on one workspace,
// its requests alternating between them as a round-robin load balancer
// would send them: every tool passes, what one server wrote the other
// reads, and no server hands out a session.
func TestTypeScriptClientStatelessHTTP(t *testing.T) {
	node, dir := tsClientDir(t)
	t.Parallel()
	ws := gitWorkspace(t)
	_, a := startHTTPServer(t, ws)
	_, b := startHTTPServer(t, ws)
	sum := runTSClient(t, node, dir, "http", a, b)
	if len(sum.SessionIDs) > 0 {
		t.Errorf("servers sent Mcp-Session-Id %v; a stateless server keeps no session", sum.SessionIDs)
	}
	// Both servers answered tool calls, not only one of them.
	for _, endpoint := range []string{a, b} {
		host := strings.TrimSuffix(strings.TrimPrefix(endpoint, "http://"), "/mcp")
		if n := sum.Requests[host+" POST 200"]; n < len(memoryTools)/2 {
			t.Errorf("%s answered %d requests with 200 (all: %v); want about half of them", host, n, sum.Requests)
		}
	}
	// Keys are "HOST METHOD STATUS"; a GET for a standalone event stream
	// gets 405 (no session, nothing to stream), which the client accepts.
	for key, n := range sum.Requests {
		f := strings.Fields(key)
		if len(f) != 3 || !(f[1] == "POST" && (f[2] == "200" || f[2] == "202") || f[1] == "GET" && f[2] == "405") {
			t.Errorf("%d requests were %s; want POST 200 or 202, or GET 405", n, key)
		}
	}
}

// TestTypeScriptClientStdio runs the same client against "memweave mcp"
// over standard input and output.
func TestTypeScriptClientStdio(t *testing.T) {
	node, dir := tsClientDir(t)
	t.Parallel()
	runTSClient(t, node, dir, "stdio", binary, gitWorkspace(t))
}
