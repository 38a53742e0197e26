package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/search"
)

// The environment variables holding the embedding API key, in order of
// preference.
const (
	envKey       = memweave.EnvEmbeddingKey
	envOpenAIKey = memweave.EnvOpenAIKey
)

// binary is the memweave command built once by TestMain; the tests run it
// as a subprocess, as users do.
var binary string

func TestMain(m *testing.M) { os.Exit(testMain(m)) }

func testMain(m *testing.M) int {
	dir, err := os.MkdirTemp("", "memweave-cli-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	// Approvals of workspaces' settings go to a folder of the test's
	// own, never the user's configuration.
	if err := os.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "config")); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	binary = filepath.Join(dir, "memweave")
	if runtime.GOOS == "windows" {
		binary += ".exe"
	}
	build := exec.Command(goTool(), "build", "-tags", "sqlite_fts5", "-o", binary, ".")
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "go build -tags sqlite_fts5: %v\n%s", err, out)
		return 1
	}
	return m.Run()
}

// goTool returns the go command of the toolchain running the tests, or
// the one on PATH.
func goTool() string {
	name := "go"
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	p := filepath.Join(runtime.GOROOT(), "bin", name)
	if _, err := os.Stat(p); err == nil {
		return p
	}
	return "go"
}

// output is what one run of the command printed, and its exit status.
type output struct {
	stdout, stderr string
	code           int
}

// runCLI runs memweave with args in dir ("" for the test's own) with the
// API key variables removed from the environment and env added.
func runCLI(tb testing.TB, dir string, env []string, args ...string) output {
	tb.Helper()
	return runStdin(tb, dir, env, nil, args...)
}

// runStdin is runCLI with stdin, when not nil, as the standard input.
func runStdin(tb testing.TB, dir string, env []string, stdin io.Reader, args ...string) output {
	tb.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Stdin = stdin
	cmd.Dir = dir
	cmd.Env = slices.DeleteFunc(os.Environ(), func(kv string) bool {
		return strings.HasPrefix(kv, envKey+"=") || strings.HasPrefix(kv, envOpenAIKey+"=")
	})
	cmd.Env = append(cmd.Env, env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	out := output{stdout: stdout.String(), stderr: stderr.String()}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		out.code = exit.ExitCode()
	case err != nil:
		tb.Fatalf("run memweave %q: %v", args, err)
	}
	return out
}

// mustRunCLI runs memweave like runCLI and fails the test unless it exits 0.
func mustRunCLI(tb testing.TB, args ...string) output {
	tb.Helper()
	out := runCLI(tb, "", nil, args...)
	if out.code != 0 {
		tb.Fatalf("memweave %q: exit %d, stderr:\n%s", args, out.code, out.stderr)
	}
	return out
}

// decode parses out's stdout as JSON into v.
func decode(tb testing.TB, out output, v any) {
	tb.Helper()
	if err := json.Unmarshal([]byte(out.stdout), v); err != nil {
		tb.Fatalf("stdout is not JSON: %v\n%s", err, out.stdout)
	}
}

// keys returns the sorted keys of a JSON object.
func keys(m map[string]json.RawMessage) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// testWorkspace returns a workspace of three files in two sources, one of
// them dated, holding an exact token to search for.
func testWorkspace(tb testing.TB) string {
	tb.Helper()
	return memweavetest.Workspace(tb, map[string]string{
		"memory/stack.md": "# Stack\n\n## Database\n\nWe chose SQLite with FTS5 for the index.\n" +
			"The migration code name is ZEBRA-COMET-2026.\n\n## Queue\n\nJobs run on a Redis queue with three workers.\n",
		"memory/2026-11-20.md":      "# Standup\n\nAlice fixed the login bug. Bob reviews the queue retry policy.\n",
		"memory/projects/apollo.md": "# Apollo\n\nApollo is the billing rewrite of the queue. Deadline is March.\n",
	})
}

// indexedWorkspace returns a workspace holding files (relative path to
// content), indexed by `memweave index`.
func indexedWorkspace(tb testing.TB, files map[string]string) string {
	tb.Helper()
	ws := memweavetest.Workspace(tb, files)
	mustRunCLI(tb, "-w", ws, "index")
	return ws
}

// checkErrorLine fails unless stderr is one line starting "memweave: "
// and containing want.
func checkErrorLine(tb testing.TB, stderr, want string) {
	tb.Helper()
	line := strings.TrimSuffix(stderr, "\n")
	if strings.Contains(line, "\n") || !strings.HasPrefix(line, "memweave: ") || !strings.Contains(line, want) {
		tb.Errorf("stderr = %q, want one line starting \"memweave: \" containing %q", stderr, want)
	}
}

func TestUsageErrors(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	tests := []struct {
		args []string
		want string // in the error line
	}{
		{[]string{"bogus"}, `unknown command "bogus"`},
		{[]string{"serch", "x"}, `did you mean "search"`},
		{[]string{"index", "--bogus"}, "--bogus"},
		{[]string{"index", "extra"}, `"extra"`},
		{[]string{"add"}, "FILE"},
		{[]string{"search"}, "QUERY"},
		{[]string{"search", "q", "--mode", "foo"}, "--mode"},
		{[]string{"search", "q", "--now", "2026-13-01"}, "--now"},
		{[]string{"search", "q", "--min-score", "2"}, "--min-score"},
		{[]string{"search", "q", "--max-results", "0"}, "--max-results"},
		{[]string{"search", "q", "--max-results", "abc"}, "--max-results"},
		{[]string{"search", "q", "--mmr-lambda", "1.5"}, "--mmr-lambda"},
		{[]string{"search", "q", "--decay-half-life", "-1"}, "--decay-half-life"},
		{[]string{"--embedder", "foo", "status"}, "--embedder"},
		{[]string{"--embedder", "openai", "status"}, "--embedding-model"},
		{[]string{"--embedding-dims", "-1", "status"}, "--embedding-dims"},
		{[]string{"--embedding-url", "ftp://sk-secret@host/v1", "status"}, `--embedding-url "ftp://xxxxx@host/v1"`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			t.Parallel()
			out := runCLI(t, "", nil, append([]string{"-w", ws}, tt.args...)...)
			if out.code != 2 {
				t.Errorf("exit status = %d, want 2", out.code)
			}
			if out.stdout != "" {
				t.Errorf("stdout = %q, want empty", out.stdout)
			}
			checkErrorLine(t, out.stderr, tt.want)
		})
	}
}

func TestNoCommand(t *testing.T) {
	t.Parallel()
	out := runCLI(t, "", nil)
	if out.code != 2 || out.stdout != "" || !strings.Contains(out.stderr, "Usage:") {
		t.Errorf("memweave = exit %d, stdout %q, stderr %q; want exit 2 and usage on stderr", out.code, out.stdout, out.stderr)
	}
}

func TestHelp(t *testing.T) {
	t.Parallel()
	out := mustRunCLI(t, "search", "--help")
	for _, flag := range []string{"--max-results", "--mode", "--explain", "--workspace"} {
		if !strings.Contains(out.stdout, flag) {
			t.Errorf("search --help lacks %s:\n%s", flag, out.stdout)
		}
	}
}

// TestVersion: --version prints the version on stdout, and the MCP
// server reports the same string as serverInfo.version.
func TestVersion(t *testing.T) {
	t.Parallel()
	out := mustRunCLI(t, "--version")
	version, ok := strings.CutPrefix(strings.TrimSuffix(out.stdout, "\n"), "memweave ")
	if !ok || version == "" || strings.Contains(version, "\n") || out.stderr != "" {
		t.Fatalf("memweave --version: stdout %q, stderr %q; want one line \"memweave VERSION\"", out.stdout, out.stderr)
	}
	cs, _ := startMCP(t, testWorkspace(t))
	if got := cs.InitializeResult().ServerInfo.Version; got != version {
		t.Errorf("MCP serverInfo.version = %q, want %q as from --version", got, version)
	}
}

func TestMissingWorkspace(t *testing.T) {
	t.Parallel()
	ws := filepath.Join(t.TempDir(), "nowhere")
	for _, cmd := range []string{"index", "status", "files"} {
		out := runCLI(t, "", nil, "-w", ws, cmd)
		if out.code != 1 {
			t.Errorf("memweave -w %s %s: exit status = %d, want 1", ws, cmd, out.code)
		}
		checkErrorLine(t, out.stderr, ws)
	}
	if _, err := os.Stat(ws); err == nil {
		t.Errorf("missing workspace %s was created", ws)
	}
}

// TestKeyNeverPrinted runs against an unreachable OpenAI-compatible
// endpoint: index and search still work by keyword, and warn, and the API
// key appears in no output.
func TestKeyNeverPrinted(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	const key = "sk-secret"
	global := []string{"-w", ws, "--embedder", "openai", "--embedding-model", "m",
		"--embedding-dims", "8", "--embedding-url", "http://127.0.0.1:1/v1"}
	mw := func(args ...string) output {
		t.Helper()
		out := runCLI(t, "", []string{envOpenAIKey + "=" + key}, append(slices.Clone(global), args...)...)
		if strings.Contains(out.stdout+out.stderr, key) {
			t.Errorf("memweave %q printed the API key:\nstdout: %s\nstderr: %s", args, out.stdout, out.stderr)
		}
		return out
	}

	out := mw("index", "--json")
	if out.code != 0 {
		t.Fatalf("index --json: exit %d, stderr:\n%s", out.code, out.stderr)
	}
	var res indexJSON
	decode(t, out, &res)
	if res.FilesIndexed != 3 || res.FilesPending != 3 || res.EmbeddingsComputed != 0 || len(res.Warnings) == 0 {
		t.Errorf("index --json = %+v, want 3 files indexed and pending, no embeddings, warnings", res)
	}

	out = mw("search", "ZEBRA-COMET-2026", "--json")
	var resp searchResponseJSON
	decode(t, out, &resp)
	if resp.Mode != "keyword" || len(resp.Warnings) == 0 || len(resp.Results) == 0 || resp.Results[0].Path != "memory/stack.md" {
		t.Errorf("search --json = %+v, want keyword results from memory/stack.md with warnings", resp)
	}

	out = mw("search", "ZEBRA-COMET-2026")
	if out.code != 0 || !strings.Contains(out.stderr, "warning") {
		t.Errorf("search: exit %d, stderr %q; want 0 and a warning", out.code, out.stderr)
	}
	mw("status")
	mw("search", "q", "--mode", "foo")
}

// TestMissingKey runs the openai embedder without a key against an
// endpoint that answers 401: the warnings say the key is missing and name
// both variables; with a key, they ask to check it instead.
func TestMissingKey(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, _ *http.Request) {
		rw.Header().Set("Content-Type", "application/json")
		rw.WriteHeader(http.StatusUnauthorized)
		_, _ = io.WriteString(rw, `{"error":{"message":"Incorrect API key provided","type":"invalid_request_error"}}`)
	}))
	t.Cleanup(srv.Close)
	ws := testWorkspace(t)
	global := []string{"-w", ws, "--embedder", "openai", "--embedding-model", "m",
		"--embedding-dims", "8", "--embedding-url", srv.URL + "/v1"}
	const missing = "no API key was given (set MEMWEAVE_EMBEDDING_KEY or OPENAI_API_KEY)"
	// The index run names the missing key; a search then says that no
	// chunk has a vector (it does not call the endpoint for nothing).
	for _, c := range []struct {
		args []string
		want string
	}{{[]string{"index"}, missing}, {[]string{"search", "ZEBRA-COMET-2026"}, "no chunk has a vector yet"}} {
		out := runCLI(t, "", nil, append(slices.Clone(global), c.args...)...)
		if out.code != 0 || !strings.Contains(out.stderr, c.want) {
			t.Errorf("memweave %q without a key: exit %d, stderr:\n%s\nwant exit 0 and a warning containing %q",
				c.args, out.code, out.stderr, c.want)
		}
	}
	out := runCLI(t, "", []string{envKey + "=sk-wrong"}, append(slices.Clone(global), "index", "--force")...)
	if strings.Contains(out.stderr, missing) || !strings.Contains(out.stderr, "check the API key") {
		t.Errorf("memweave index with a wrong key: stderr:\n%s\nwant \"check the API key\", not %q", out.stderr, missing)
	}
}

// searchResponseJSON decodes what search --json prints, the JSON of a
// [memweave.SearchResponse].
type searchResponseJSON struct {
	Query    string       `json:"query"`
	Mode     string       `json:"mode"`
	Warnings []string     `json:"warnings"`
	Results  []resultJSON `json:"results"`
	// At and EmbeddingsComputed are set by search --at.
	At                 string `json:"at,omitempty"`
	EmbeddingsComputed *int   `json:"embeddings_computed,omitempty"`
	// FilteredBelowThreshold and BestFilteredScore are as in
	// [memweave.SearchResponse].
	FilteredBelowThreshold int     `json:"filtered_below_threshold"`
	BestFilteredScore      float64 `json:"best_filtered_score"`
	// Hidden counts what the filters left out.
	Hidden struct {
		BelowThreshold int `json:"below_threshold"`
		Expired        int `json:"expired"`
		Superseded     int `json:"superseded"`
	} `json:"hidden"`
}

// resultJSON decodes one result; Explain is set only with --explain.
type resultJSON struct {
	Path        string   `json:"path"`
	StartLine   int      `json:"start_line"`
	EndLine     int      `json:"end_line"`
	Headings    []string `json:"headings"`
	Score       float64  `json:"score"`
	Snippet     string   `json:"snippet"`
	Source      string   `json:"source"`
	VectorScore *float64 `json:"vector_score"`
	TextScore   *float64 `json:"text_score"`
	// SupersededBy is the line a resolution kept instead of this one.
	SupersededBy *search.Ref     `json:"superseded_by,omitempty"`
	Explain      *search.Explain `json:"explain,omitempty"`
}

// indexJSON decodes what index --json prints, the JSON of a
// [memweave.IndexResult].
type indexJSON struct {
	FilesScanned       int      `json:"files_scanned"`
	FilesIndexed       int      `json:"files_indexed"`
	FilesSkipped       int      `json:"files_skipped"`
	FilesDeleted       int      `json:"files_deleted"`
	FilesPending       int      `json:"files_pending"`
	ChunksCreated      int      `json:"chunks_created"`
	ChunksRemoved      int      `json:"chunks_removed"`
	EmbeddingsCached   int      `json:"embeddings_cached"`
	EmbeddingsComputed int      `json:"embeddings_computed"`
	DurationMS         int64    `json:"duration_ms"`
	Warnings           []string `json:"warnings"`
}
