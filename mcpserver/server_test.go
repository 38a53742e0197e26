package mcpserver_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/mcpserver"
	"github.com/memweave/memweave-go/memweavetest"
)

// connect serves a workspace holding files over an in-memory transport
// and returns the client session and the workspace root.
func connect(t *testing.T, files map[string]string) (*mcp.ClientSession, string) {
	t.Helper()
	root := memweavetest.Workspace(t, files)
	w, err := memweave.Open(context.Background(), memweave.Config{Workspace: root, Now: memweavetest.Clock()})
	if err != nil {
		t.Fatal(err)
	}
	return connectWeave(t, w), root
}

// connectWeave serves w over an in-memory transport, closing w when the
// test ends, and returns the client session.
func connectWeave(t *testing.T, w *memweave.Weave) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	srv := mcpserver.New(w, nil)
	st, ct := mcp.NewInMemoryTransports()
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "v0.0.1"}, nil)
	cs, err := client.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cs.Close()
		ss.Wait()
		w.Close()
	})
	return cs
}

// call calls a tool and fails the test on a protocol error.
func call(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s(%v): protocol error %v", name, args, err)
	}
	return res
}

// text returns the text content of res.
func text(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

// mustCall calls a tool, fails unless it succeeded, and decodes its
// structured output into out.
func mustCall(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any, out any) {
	t.Helper()
	res := call(t, cs, name, args)
	if res.IsError {
		t.Fatalf("%s(%v) failed: %s", name, args, text(res))
	}
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, out); err != nil {
		t.Fatalf("%s: structured content %s: %v", name, b, err)
	}
}

// mustFail calls a tool and fails unless it returned a tool error whose
// message contains want.
func mustFail(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any, want string) {
	t.Helper()
	res := call(t, cs, name, args)
	if !res.IsError {
		t.Errorf("%s(%v) succeeded: %s; want a tool error", name, args, text(res))
		return
	}
	if msg := text(res); !strings.Contains(msg, want) {
		t.Errorf("%s(%v) error = %q, want it to contain %q", name, args, msg, want)
	}
}

// TestServerVersion: serverInfo carries [mcpserver.Version], the string
// "memweave --version" prints.
func TestServerVersion(t *testing.T) {
	cs, _ := connect(t, nil)
	info := cs.InitializeResult().ServerInfo
	if info.Name != "memweave" || info.Version == "" || info.Version != mcpserver.Version() {
		t.Errorf("serverInfo = %+v, want name memweave and version %q", info, mcpserver.Version())
	}
}

func TestToolsAndAnnotations(t *testing.T) {
	cs, _ := connect(t, nil)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	type hints struct{ readOnly, destructive, idempotent bool }
	want := map[string]hints{
		"memory_search":      {readOnly: true, idempotent: true},
		"memory_get":         {readOnly: true, idempotent: true},
		"memory_pack":        {readOnly: true, idempotent: true},
		"memory_status":      {readOnly: true, idempotent: true},
		"memory_write":       {destructive: true, idempotent: true},
		"memory_append":      {},
		"memory_delete":      {destructive: true, idempotent: true},
		"memory_index":       {idempotent: true},
		"memory_conflicts":   {readOnly: true, idempotent: true},
		"memory_changes":     {readOnly: true, idempotent: true},
		"memory_feedback":    {},
		"memory_resolve":     {idempotent: true},
		"memory_consolidate": {destructive: true, idempotent: true},
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
		w, ok := want[tool.Name]
		if !ok {
			t.Errorf("unexpected tool %s", tool.Name)
			continue
		}
		a := tool.Annotations
		if a == nil {
			t.Errorf("%s has no annotations", tool.Name)
			continue
		}
		destructive := a.DestructiveHint == nil || *a.DestructiveHint // the spec's default is true
		if a.ReadOnlyHint != w.readOnly || a.IdempotentHint != w.idempotent || (!w.readOnly && destructive != w.destructive) {
			t.Errorf("%s hints: readOnly %v, destructive %v, idempotent %v; want %+v", tool.Name, a.ReadOnlyHint, destructive, a.IdempotentHint, w)
		}
		if a.OpenWorldHint == nil || *a.OpenWorldHint {
			t.Errorf("%s: OpenWorldHint not false", tool.Name)
		}
		if tool.Description == "" {
			t.Errorf("%s has no description", tool.Name)
		}
	}
	if len(names) != len(want) {
		t.Errorf("tools = %q, want %d", names, len(want))
	}
	// Required inputs are declared.
	for _, tool := range res.Tools {
		schema, _ := json.Marshal(tool.InputSchema)
		var s struct {
			Required []string `json:"required"`
		}
		json.Unmarshal(schema, &s)
		wantReq := map[string][]string{
			"memory_search": {"query"}, "memory_get": {"path"}, "memory_write": {"path", "content"},
			"memory_append": {"text"}, "memory_pack": {"query", "budget_tokens"}, "memory_delete": {"path"},
			"memory_changes": {"from"}, "memory_feedback": {"path", "line", "useful"},
			"memory_resolve": {"keep_path", "keep_line", "drop_path", "drop_line"},
		}[tool.Name]
		if !slices.Equal(s.Required, wantReq) {
			t.Errorf("%s requires %q, want %q", tool.Name, s.Required, wantReq)
		}
	}
}

// TestToolFlow calls every tool in turn on one workspace, each step
// seeing what the ones before it changed.
func TestToolFlow(t *testing.T) {
	cs, root := connect(t, map[string]string{"memory/stack.md": "# Stack\n\nWe run Postgres 17.\n"})
	flowWriteSearchGet(t, cs)
	flowAppend(t, cs)
	flowPackIndexStatus(t, cs, root)
	flowDelete(t, cs)
}

// searchOutput is the result of the memory_search tool.
type searchOutput struct {
	Results []struct {
		Path      string  `json:"path"`
		StartLine int     `json:"start_line"`
		EndLine   int     `json:"end_line"`
		Score     float64 `json:"score"`
		Snippet   string  `json:"snippet"`
		Source    string  `json:"source"`
	} `json:"results"`
	Warnings               []string `json:"warnings"`
	FilteredBelowThreshold int      `json:"filtered_below_threshold"`
	BestFilteredScore      float64  `json:"best_filtered_score"`
}

// flowWriteSearchGet writes memory/notes/db.md with memory_write, finds it
// with memory_search and reads it back, in part and whole, with
// memory_get.
func flowWriteSearchGet(t *testing.T, cs *mcp.ClientSession) {
	t.Helper()
	var wrote struct {
		Path   string `json:"path"`
		Chunks int    `json:"chunks"`
	}
	mustCall(t, cs, "memory_write", map[string]any{"path": "notes/db.md", "content": "# DB\n\nThe failover code word is MARMOT-311.\n"}, &wrote)
	if wrote.Path != "memory/notes/db.md" || wrote.Chunks == 0 {
		t.Errorf("memory_write = %+v", wrote)
	}

	var found searchOutput
	mustCall(t, cs, "memory_search", map[string]any{"query": "MARMOT-311"}, &found)
	if len(found.Results) == 0 || found.Results[0].Path != "memory/notes/db.md" || !strings.Contains(found.Results[0].Snippet, "MARMOT-311") {
		t.Fatalf("memory_search = %+v, want memory/notes/db.md first", found)
	}
	if r := found.Results[0]; r.Source != "notes" || r.StartLine < 1 || r.EndLine < r.StartLine || r.Score <= 0 {
		t.Errorf("result = %+v", r)
	}
	var cut searchOutput
	mustCall(t, cs, "memory_search", map[string]any{"query": "MARMOT-311", "min_score": 0.999}, &cut)
	if best := found.Results[0].Score; len(cut.Results) != 0 || cut.FilteredBelowThreshold == 0 || cut.BestFilteredScore != best {
		t.Errorf("memory_search(min_score 0.999) = %d results, filtered %d (best %v), want 0, > 0, %v",
			len(cut.Results), cut.FilteredBelowThreshold, cut.BestFilteredScore, best)
	}

	res := call(t, cs, "memory_get", map[string]any{"path": "notes/db.md", "from": 3, "lines": 1})
	if res.IsError || text(res) != "The failover code word is MARMOT-311.\n" {
		t.Errorf("memory_get = %q (error %v)", text(res), res.IsError)
	}
	var got struct {
		StartLine int `json:"start_line"`
		EndLine   int `json:"end_line"`
	}
	mustCall(t, cs, "memory_get", map[string]any{"path": "memory/notes/db.md"}, &got)
	if got.StartLine != 1 || got.EndLine != 3 {
		t.Errorf("memory_get whole file lines %d-%d, want 1-3", got.StartLine, got.EndLine)
	}
}

// flowAppend appends to the daily note, with and without a source, with
// memory_append, and finds the appended text with memory_search and every
// search option set.
func flowAppend(t *testing.T, cs *mcp.ClientSession) {
	t.Helper()
	var appended struct {
		Path string `json:"path"`
	}
	mustCall(t, cs, "memory_append", map[string]any{"text": "Alice prefers tabs. Code word OSPREY-77."}, &appended)
	if appended.Path != "memory/2026-11-30.md" {
		t.Errorf("memory_append path = %q", appended.Path)
	}
	mustCall(t, cs, "memory_append", map[string]any{"text": "Agent note.", "source": "planner"}, &appended)
	if appended.Path != "memory/planner/2026-11-30.md" {
		t.Errorf("memory_append with source: path = %q", appended.Path)
	}
	var found searchOutput
	mustCall(t, cs, "memory_search", map[string]any{"query": "OSPREY-77", "sources": []string{"memory"}, "min_score": 0, "max_results": 3, "decay_half_life_days": 30, "mmr_lambda": 0.5}, &found)
	if len(found.Results) == 0 || found.Results[0].Path != "memory/2026-11-30.md" {
		t.Errorf("search for the appended note = %+v", found)
	}
}

// flowPackIndexStatus checks memory_pack keeps to its budget, and that
// memory_index and memory_status see the four files of the workspace at
// root.
func flowPackIndexStatus(t *testing.T, cs *mcp.ClientSession, root string) {
	t.Helper()
	var packed memweave.Pack
	mustCall(t, cs, "memory_pack", map[string]any{"query": "failover code word", "budget_tokens": 40}, &packed)
	if packed.TotalTokens > 40 || packed.Budget != 40 || packed.Items == nil {
		t.Errorf("memory_pack = %+v", packed)
	}

	var idx memweave.IndexResult
	mustCall(t, cs, "memory_index", map[string]any{}, &idx)
	if idx.FilesScanned != 4 {
		t.Errorf("memory_index scanned %d files, want 4", idx.FilesScanned)
	}
	var st memweave.Status
	mustCall(t, cs, "memory_status", nil, &st)
	if st.Files != 4 || st.Workspace != root {
		t.Errorf("memory_status = %+v", st)
	}
}

// flowDelete deletes memory/notes/db.md with memory_delete and checks
// that memory_search and memory_status no longer see it.
func flowDelete(t *testing.T, cs *mcp.ClientSession) {
	t.Helper()
	var deleted struct {
		Path string `json:"path"`
	}
	mustCall(t, cs, "memory_delete", map[string]any{"path": "notes/db.md"}, &deleted)
	if deleted.Path != "memory/notes/db.md" {
		t.Errorf("memory_delete path = %q", deleted.Path)
	}
	var found searchOutput
	mustCall(t, cs, "memory_search", map[string]any{"query": "MARMOT-311", "min_score": 0}, &found)
	for _, r := range found.Results {
		if r.Path == "memory/notes/db.md" {
			t.Errorf("search after memory_delete still finds %s", r.Path)
		}
	}
	var st memweave.Status
	mustCall(t, cs, "memory_status", nil, &st)
	if st.Files != 3 {
		t.Errorf("memory_status after memory_delete: %d files, want 3", st.Files)
	}
}

// TestSearchUnknownSource: a source filter naming no source in the index
// comes back as a warning that lists the sources there are.
func TestSearchUnknownSource(t *testing.T) {
	cs, _ := connect(t, map[string]string{
		"memory/stack.md":  "# Stack\n\nThe queue runs on Redis.\n",
		"memory/ops/db.md": "# Database\n\nThe queue table is partitioned.\n",
	})
	var out struct {
		Warnings []string `json:"warnings"`
		Results  []any    `json:"results"`
	}
	mustCall(t, cs, "memory_search", map[string]any{"query": "queue", "sources": []string{"nosuch"}}, &out)
	if len(out.Warnings) != 1 || !strings.Contains(out.Warnings[0], `unknown source "nosuch"`) ||
		!strings.Contains(out.Warnings[0], "memory, ops") || len(out.Results) != 0 {
		t.Errorf("memory_search sources [nosuch] = %+v, want no results and one warning naming nosuch and the sources memory, ops", out)
	}
}

func TestToolErrors(t *testing.T) {
	cs, _ := connect(t, map[string]string{"memory/stack.md": "one\ntwo\n"})
	tests := []struct {
		tool string
		args map[string]any
		want string
	}{
		{"memory_write", map[string]any{"path": "../escape.md", "content": "x"}, "outside the memory folder"},
		{"memory_write", map[string]any{"path": "/etc/x.md", "content": "x"}, "outside the memory folder"},
		{"memory_write", map[string]any{"path": "notes.txt", "content": "x"}, "only Markdown"},
		{"memory_write", map[string]any{"path": ".git/x.md", "content": "x"}, "hidden"},
		{"memory_write", map[string]any{"path": "x.md"}, "content"},
		{"memory_get", map[string]any{"path": "../README.md"}, "outside the memory folder"},
		{"memory_get", map[string]any{"path": "missing.md"}, "not found"},
		{"memory_get", map[string]any{"path": "stack.md", "from": 9}, "the file has 2 lines"},
		{"memory_get", map[string]any{"path": "stack.md", "lines": -1}, "lines"},
		{"memory_get", map[string]any{}, "path"},
		{"memory_append", map[string]any{"text": "x", "source": "../up"}, "want one folder name"},
		{"memory_append", map[string]any{"text": "  "}, "empty"},
		{"memory_delete", map[string]any{"path": "../escape.md"}, "outside the memory folder"},
		{"memory_delete", map[string]any{"path": "missing.md"}, "not found"},
		{"memory_delete", map[string]any{"path": "notes.txt"}, "only Markdown"},
		{"memory_delete", map[string]any{}, "path"},
		{"memory_search", map[string]any{"query": ""}, "memory_search: search: empty query: give words to search for"},
		{"memory_search", map[string]any{"query": " \n"}, "memory_search: search: empty query: give words to search for"},
		{"memory_pack", map[string]any{"query": "", "budget_tokens": 100}, "memory_pack: search: empty query: give words to search for"},
		{"memory_search", map[string]any{"query": "x", "min_score": 7}, "min_score must be in [0,1]"},
		{"memory_search", map[string]any{"query": "x", "mmr_lambda": -1}, "mmr_lambda must be in [0,1]"},
		{"memory_write", map[string]any{"path": "stack.md", "content": ""}, "allow_empty"},
		{"memory_write", map[string]any{"path": "memory/stack.md", "content": " \n"}, "would erase"},
		{"memory_search", map[string]any{"query": "x", "max_results": 500}, "max_results"},
		{"memory_search", map[string]any{"query": "x", "decay_half_life_days": -1}, "decay_half_life_days"},
		{"memory_search", map[string]any{"query": 42}, "query"},
		{"memory_search", map[string]any{"query": "x", "bogus": 1}, "bogus"},
		{"memory_pack", map[string]any{"query": "x", "budget_tokens": 0}, "budget"},
	}
	for _, tt := range tests {
		mustFail(t, cs, tt.tool, tt.args, tt.want)
	}
	var got struct {
		Text string `json:"text"`
	}
	mustCall(t, cs, "memory_get", map[string]any{"path": "stack.md"}, &got)
	if got.Text != "one\ntwo\n" {
		t.Errorf("after the refused empty writes memory/stack.md = %q, want it unchanged", got.Text)
	}
	var wrote struct {
		Bytes int `json:"bytes"`
	}
	mustCall(t, cs, "memory_write", map[string]any{"path": "stack.md", "content": "", "allow_empty": true}, &wrote)
	mustCall(t, cs, "memory_get", map[string]any{"path": "stack.md"}, &got)
	if got.Text != "" {
		t.Errorf("memory_write allow_empty left %q", got.Text)
	}
	// Unknown tools are the one protocol-level error.
	if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "memory_forget"}); err == nil {
		t.Errorf("calling an unknown tool succeeded")
	}
}

// TestWireSchemas: memory_search and memory_index return the library's
// wire types, and their output schemas describe the JSON those marshal
// to: warnings are sentences, results carry the fields the CLI's JSON
// has.
func TestWireSchemas(t *testing.T) {
	cs, _ := connect(t, map[string]string{"memory/stack.md": "# Stack\n\nJobs run on a Redis queue.\n"})
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	const sentences = `"warnings":{"items":{"description":"a problem that did not stop the call, as one sentence","type":"string"}`
	schemas := map[string]string{}
	for _, tool := range res.Tools {
		b, _ := json.Marshal(tool.OutputSchema)
		schemas[tool.Name] = string(b)
	}
	for tool, want := range map[string][]string{
		"memory_search": {`"warnings":{"description":"why results may be degraded","items":{"description":"a problem that did not stop the call, as one sentence","type":"string"}`, `"headings"`, `"vector_score"`, `"superseded_by"`, `"best_filtered_score"`},
		"memory_index":  {sentences, `"duration_ms"`, `"files_pending"`},
	} {
		for _, w := range want {
			if !strings.Contains(schemas[tool], w) {
				t.Errorf("%s output schema lacks %s:\n%s", tool, w, schemas[tool])
			}
		}
	}
	var out map[string]any
	mustCall(t, cs, "memory_search", map[string]any{"query": "Redis queue"}, &out)
	results, _ := out["results"].([]any)
	if len(results) != 1 {
		t.Fatalf("memory_search results = %v", out["results"])
	}
	r := results[0].(map[string]any)
	for _, k := range []string{"path", "start_line", "end_line", "headings", "score", "snippet", "source", "vector_score", "text_score"} {
		if _, ok := r[k]; !ok {
			t.Errorf("memory_search result lacks %q: %v", k, r)
		}
	}
	if _, ok := r["explain"]; ok {
		t.Errorf("memory_search result carries explain: %v", r)
	}
}
