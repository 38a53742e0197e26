package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
)

// startMCP runs "memweave -w ws mcp" as a subprocess and connects an MCP
// client to it over its stdin and stdout. The returned function closes
// the session, waits for the server to exit and returns its stderr.
func startMCP(t *testing.T, ws string) (cs *mcp.ClientSession, stop func() string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	cmd := exec.Command(binary, "-w", ws, "mcp")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	client := mcp.NewClient(&mcp.Implementation{Name: "memweave-test-client", Version: "v0.0.1"}, nil)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connect to memweave mcp: %v", err)
	}
	stopped := false
	stop = func() string {
		t.Helper()
		if !stopped {
			stopped = true
			if err := cs.Close(); err != nil {
				t.Errorf("closing the session: %v (the server should exit 0 when stdin closes)", err)
			}
		}
		return stderr.String() // the process has exited: no more writes
	}
	t.Cleanup(func() { stop() })
	return cs, stop
}

// startIndexedMCP runs startMCP on an indexed testWorkspace, whose path
// it returns, and runs the test in parallel.
func startIndexedMCP(t *testing.T) (ws string, cs *mcp.ClientSession, stop func() string) {
	t.Helper()
	t.Parallel()
	ws = testWorkspace(t)
	mustRunCLI(t, "-w", ws, "index")
	cs, stop = startMCP(t, ws)
	return ws, cs, stop
}

// callTool calls a tool and fails the test on a protocol error.
func callTool(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: protocol error %v", name, err)
	}
	return res
}

// mustCallTool is callTool that also fails the test on a tool error.
func mustCallTool(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	res := callTool(t, cs, name, args)
	if res.IsError {
		t.Fatalf("%s: %s", name, resultText(res))
	}
	return res
}

// resultText returns the text content of a tool result.
func resultText(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

// structured decodes a successful tool result's structured content into
// out.
func structured(t *testing.T, name string, res *mcp.CallToolResult, out any) {
	t.Helper()
	if res.IsError {
		t.Fatalf("%s failed: %s", name, resultText(res))
	}
	b, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(b, out); err != nil {
		t.Fatalf("%s: structured content %s: %v", name, b, err)
	}
}

func TestMCP(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	cs, stop := startMCP(t, ws)
	ctx := context.Background()

	init := cs.InitializeResult()
	if init == nil || init.ServerInfo == nil || init.ServerInfo.Name != "memweave" || init.Capabilities == nil ||
		init.Capabilities.Tools == nil || !strings.Contains(init.Instructions, "memory_search") {
		t.Fatalf("initialize result = %+v, want server memweave with tools and instructions", init)
	}

	list, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	hints := map[string]*mcp.ToolAnnotations{}
	for _, tool := range list.Tools {
		names = append(names, tool.Name)
		hints[tool.Name] = tool.Annotations
	}
	slices.Sort(names)
	want := []string{"memory_append", "memory_changes", "memory_conflicts", "memory_consolidate", "memory_delete", "memory_feedback", "memory_get", "memory_index", "memory_pack", "memory_resolve", "memory_search", "memory_status", "memory_write"}
	if !slices.Equal(names, want) {
		t.Fatalf("tools = %q, want %q", names, want)
	}
	for _, n := range []string{"memory_search", "memory_get", "memory_pack", "memory_status"} {
		if h := hints[n]; h == nil || !h.ReadOnlyHint || !h.IdempotentHint {
			t.Errorf("%s annotations = %+v, want read-only and idempotent", n, h)
		}
	}
	if h := hints["memory_write"]; h == nil || h.ReadOnlyHint || h.DestructiveHint == nil || !*h.DestructiveHint || !h.IdempotentHint {
		t.Errorf("memory_write annotations = %+v, want destructive and idempotent", h)
	}
	if h := hints["memory_append"]; h == nil || h.ReadOnlyHint || h.DestructiveHint == nil || *h.DestructiveHint || h.IdempotentHint {
		t.Errorf("memory_append annotations = %+v, want additive, not idempotent", h)
	}
	if h := hints["memory_index"]; h == nil || h.ReadOnlyHint || h.DestructiveHint == nil || *h.DestructiveHint || !h.IdempotentHint {
		t.Errorf("memory_index annotations = %+v, want additive and idempotent", h)
	}

	// Write, then find it.
	var wrote struct {
		Path string `json:"path"`
	}
	structured(t, "memory_write", callTool(t, cs, "memory_write", map[string]any{
		"path": "notes/db.md", "content": "# Database\n\nThe failover code word is MARMOT-311.\n",
	}), &wrote)
	if wrote.Path != "memory/notes/db.md" {
		t.Errorf("memory_write path = %q", wrote.Path)
	}
	var found struct {
		Results []struct {
			Path      string `json:"path"`
			StartLine int    `json:"start_line"`
			EndLine   int    `json:"end_line"`
			Snippet   string `json:"snippet"`
			Source    string `json:"source"`
		} `json:"results"`
	}
	structured(t, "memory_search", callTool(t, cs, "memory_search", map[string]any{"query": "MARMOT-311"}), &found)
	if len(found.Results) == 0 || found.Results[0].Path != "memory/notes/db.md" || found.Results[0].Source != "notes" {
		t.Fatalf("memory_search = %+v, want memory/notes/db.md first", found)
	}

	// Read the lines the result points to.
	r := found.Results[0]
	res := callTool(t, cs, "memory_get", map[string]any{"path": r.Path, "from": r.StartLine, "lines": r.EndLine - r.StartLine + 1})
	if res.IsError || !strings.Contains(resultText(res), "MARMOT-311") {
		t.Errorf("memory_get = %q (error %v)", resultText(res), res.IsError)
	}
	res = callTool(t, cs, "memory_get", map[string]any{"path": "stack.md", "from": 3, "lines": 1})
	if res.IsError || resultText(res) != "## Database\n" {
		t.Errorf("memory_get stack.md:3 = %q", resultText(res))
	}

	// Append a note; it is searchable at once.
	var appended struct {
		Path string `json:"path"`
	}
	structured(t, "memory_append", callTool(t, cs, "memory_append", map[string]any{"text": "Bob is on call for OSPREY-77 this week."}), &appended)
	if !regexp.MustCompile(`^memory/\d{4}-\d{2}-\d{2}\.md$`).MatchString(appended.Path) {
		t.Errorf("memory_append path = %q, want a dated file", appended.Path)
	}
	structured(t, "memory_search", callTool(t, cs, "memory_search", map[string]any{"query": "OSPREY-77", "min_score": 0}), &found)
	if len(found.Results) == 0 || found.Results[0].Path != appended.Path {
		t.Errorf("search for the appended note = %+v", found)
	}

	// Pack within a budget.
	var packed struct {
		Budget      int `json:"budget"`
		TotalTokens int `json:"total_tokens"`
		Items       []struct {
			Path   string `json:"path"`
			Tokens int    `json:"tokens"`
		} `json:"items"`
	}
	structured(t, "memory_pack", callTool(t, cs, "memory_pack", map[string]any{"query": "queue workers", "budget_tokens": 30}), &packed)
	if packed.Budget != 30 || packed.TotalTokens > 30 {
		t.Errorf("memory_pack = %+v, want at most 30 tokens", packed)
	}

	var idx struct {
		FilesScanned int `json:"files_scanned"`
	}
	structured(t, "memory_index", callTool(t, cs, "memory_index", nil), &idx)
	var st struct {
		Files   int    `json:"files"`
		Watcher string `json:"watcher"`
	}
	structured(t, "memory_status", callTool(t, cs, "memory_status", nil), &st)
	if idx.FilesScanned != 5 || st.Files != 5 {
		t.Errorf("memory_index scanned %d files, memory_status counts %d; want 5", idx.FilesScanned, st.Files)
	}
	// The long-lived server keeps the index fresh with a watcher.
	if st.Watcher != "active" && st.Watcher != "polling" {
		t.Errorf("memory_status watcher = %q, want a running watcher", st.Watcher)
	}

	// Escaping paths are tool errors; the session goes on.
	for _, args := range []map[string]any{
		{"path": "../escape.md", "content": "pwned"},
		{"path": filepath.Join(ws, "escape.md"), "content": "pwned"},
	} {
		res := callTool(t, cs, "memory_write", args)
		if !res.IsError || !strings.Contains(resultText(res), "outside the memory folder") {
			t.Errorf("memory_write %v = %q (error %v), want a refusal", args["path"], resultText(res), res.IsError)
		}
	}
	res = callTool(t, cs, "memory_get", map[string]any{"path": "../README.md"})
	if !res.IsError || !strings.Contains(resultText(res), "outside the memory folder") {
		t.Errorf("memory_get ../README.md = %q, want a refusal", resultText(res))
	}
	if _, err := os.Stat(filepath.Join(ws, "escape.md")); err == nil {
		t.Errorf("a file was written outside memory/")
	}
	if err := cs.Ping(ctx, nil); err != nil {
		t.Errorf("ping after tool errors: %v", err)
	}

	// Diagnostics, such as the refusals above, went to stderr; stdout
	// carried only the protocol, or the client would have failed.
	stderr := stop()
	if strings.Contains(stderr, "panic") || !strings.Contains(stderr, "tool call failed") {
		t.Errorf("server stderr, want the refusals logged and no panic:\n%s", stderr)
	}
}

func TestMCPUsage(t *testing.T) {
	t.Parallel()
	out := runCLI(t, "", nil, "-w", testWorkspace(t), "mcp", "extra")
	if out.code != 2 || out.stdout != "" {
		t.Errorf("mcp extra: exit %d, stdout %q; want exit 2", out.code, out.stdout)
	}
	checkErrorLine(t, out.stderr, `"extra"`)
}

// TestMCPTranscript logs a session with a real server, as JSON: the
// initialize result, the tool list and one search. Run it with
//
//	go test -tags sqlite_fts5 -run TestMCPTranscript -v ./cmd/memweave
func TestMCPTranscript(t *testing.T) {
	t.Parallel()
	cs, _ := startMCP(t, testWorkspace(t))
	show := func(label string, v any) {
		b, err := json.MarshalIndent(v, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s\n%s", label, b)
	}
	show("initialize result:", cs.InitializeResult())
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range list.Tools {
		names = append(names, tool.Name)
	}
	show("tools/list names:", names)
	params := &mcp.CallToolParams{Name: "memory_search", Arguments: map[string]any{"query": "which database did we choose for the index?", "max_results": 2}}
	show("tools/call request params:", params)
	res, err := cs.CallTool(context.Background(), params)
	if err != nil {
		t.Fatal(err)
	}
	if res.IsError {
		t.Fatalf("memory_search failed: %s", resultText(res))
	}
	show("tools/call result:", res)
}

// TestMCPHelpListsTools: mcp --help names every tool the server has.
func TestMCPHelpListsTools(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	w, err := memweave.Open(context.Background(), memweave.Config{Workspace: ws})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	serverEnd, clientEnd := mcp.NewInMemoryTransports()
	srv := mcpserver.New(w, nil)
	ctx := context.Background()
	ss, err := srv.Connect(ctx, serverEnd, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t", Version: "v1"}, nil).Connect(ctx, clientEnd, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	help := strings.Join(strings.Fields(mustRunCLI(t, "mcp", "--help").stdout), " ")
	for _, tool := range tools.Tools {
		if !strings.Contains(help, tool.Name) {
			t.Errorf("mcp --help does not name the tool %s", tool.Name)
		}
	}
	if !strings.Contains(help, fmt.Sprintf("Its %s tools", map[int]string{10: "ten", 11: "eleven", 12: "twelve", 13: "thirteen"}[len(tools.Tools)])) {
		t.Errorf("mcp --help does not say how many tools there are (%d)", len(tools.Tools))
	}
}
