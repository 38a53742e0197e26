package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

// TestSettingsKeepRemoteVectors: an index built with an OpenAI-compatible
// embedder (a real httptest server) records it in memweave.json; every
// later command run without the embedder flags uses it, keeps every
// vector and searches in hybrid mode; a flag that disagrees is a usage
// error naming both settings, and changes nothing.
func TestSettingsKeepRemoteVectors(t *testing.T) {
	t.Parallel()
	srv := memweavetest.NewEmbedServer(t, 32)
	ws := testWorkspace(t)
	key := []string{envKey + "=sk-test"}
	out := runCLI(t, "", key, "-w", ws, "--embedder", "openai", "--embedding-model", "test-model",
		"--embedding-url", srv.BaseURL(), "index")
	if out.code != 0 {
		t.Fatalf("index: exit %d: %s", out.code, out.stderr)
	}
	settings := memweavetest.ReadFile(t, ws, "memweave.json")
	for _, want := range []string{`"provider": "openai"`, `"model": "test-model"`, `"base_url": "` + srv.BaseURL() + `"`} {
		if !strings.Contains(settings, want) {
			t.Errorf("memweave.json lacks %s:\n%s", want, settings)
		}
	}
	if strings.Contains(settings, "sk-test") {
		t.Errorf("memweave.json holds the API key:\n%s", settings)
	}
	calls := srv.Calls.Load()

	wantHybrid := func(when string) {
		t.Helper()
		out := runCLI(t, "", key, "-w", ws, "status", "--json")
		if out.code != 0 {
			t.Fatalf("%s: status: exit %d: %s", when, out.code, out.stderr)
		}
		var st struct {
			Chunks     int    `json:"chunks"`
			Vectors    int    `json:"vectors"`
			Embedder   string `json:"embedder"`
			SearchMode string `json:"search_mode"`
			Settings   string `json:"settings"`
		}
		decode(t, out, &st)
		if st.Settings != filepath.Join(ws, "memweave.json") {
			t.Errorf("%s: status settings = %q, want the workspace's memweave.json", when, st.Settings)
		}
		if st.Chunks == 0 || st.Vectors != st.Chunks || st.Embedder != "openai" || st.SearchMode != "hybrid" {
			t.Errorf("%s: status = %+v, want every chunk with a vector, openai, hybrid", when, st)
		}
	}
	wantHybrid("after index")
	for _, args := range [][]string{{"status"}, {"files"}, {"check"}, {"search", "Redis queue workers", "--json"}} {
		out := runCLI(t, "", key, append([]string{"-w", ws}, args...)...)
		if out.code != 0 {
			t.Fatalf("%v: exit %d: %s", args, out.code, out.stderr)
		}
		if args[0] == "search" && !strings.Contains(out.stdout, `"mode": "hybrid"`) {
			t.Errorf("flagless search is not hybrid:\n%s", out.stdout)
		}
		wantHybrid("after a flagless " + args[0])
	}
	if srv.Calls.Load() == calls {
		t.Errorf("the flagless search did not embed its query with the workspace's embedder")
	}

	for _, args := range [][]string{
		{"--embedder", "none", "status"},
		{"--embedder", "hash", "search", "queue"},
		{"--embedding-dims", "128", "files"},
		{"--embedding-model", "other-model", "check"},
	} {
		out := runCLI(t, "", key, append([]string{"-w", ws}, args...)...)
		if out.code != 2 {
			t.Errorf("%v: exit %d, want 2 (stderr %q)", args, out.code, out.stderr)
		}
		checkErrorLine(t, out.stderr, "disagrees with embedder.")
		checkErrorLine(t, out.stderr, "memweave config")
		wantHybrid("after the refused " + strings.Join(args, " "))
	}
	if got := memweavetest.ReadFile(t, ws, "memweave.json"); got != settings {
		t.Errorf("refused commands changed memweave.json:\n%s", got)
	}

	// A note added while the server is down stays pending, and check and
	// status agree; the next index with no flags embeds it.
	srv.Status.Store(401)
	out = runStdin(t, "", key, strings.NewReader("# Later\n\nThe cache moved to Valkey.\n"), "-w", ws, "write", "later.md")
	if out.code != 0 {
		t.Fatalf("write with the endpoint down: exit %d: %s", out.code, out.stderr)
	}
	pendingOf := func(args ...string) int {
		t.Helper()
		out := runCLI(t, "", key, append([]string{"-w", ws}, append(args, "--json")...)...)
		var v struct {
			Pending      int `json:"pending"`
			PendingFiles int `json:"pending_files"`
		}
		decode(t, out, &v)
		return v.Pending + v.PendingFiles
	}
	if s, c := pendingOf("status"), pendingOf("check"); s != 1 || c != 1 {
		t.Errorf("pending after a failed embedding: status %d, check %d; want 1 and 1", s, c)
	}
	srv.Status.Store(0)
	if out := runCLI(t, "", key, "-w", ws, "index"); out.code != 0 {
		t.Fatalf("index: exit %d: %s", out.code, out.stderr)
	}
	if s := pendingOf("status"); s != 0 {
		t.Errorf("pending after a flagless index: %d, want 0", s)
	}
	wantHybrid("after the retry")
}

// TestConfigSwitchesEmbedder: memweave config changes memweave.json and
// nothing else; searches fall back to keyword search and say why until
// the next index re-embeds.
func TestConfigSwitchesEmbedder(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	mustRunCLI(t, "-w", ws, "index")
	if !strings.Contains(memweavetest.ReadFile(t, ws, "memweave.json"), `"provider": "hash"`) {
		t.Fatalf("the first index did not record the hash embedder in memweave.json")
	}
	out := mustRunCLI(t, "-w", ws, "config", "--embedder", "hash", "--embedding-dims", "128")
	if !strings.Contains(out.stderr, "re-embeds every chunk") || !strings.Contains(out.stdout, "dims 128") {
		t.Errorf("config: stdout %q, stderr %q; want the new dims and what index redoes", out.stdout, out.stderr)
	}
	out = mustRunCLI(t, "-w", ws, "search", "Redis queue", "--json")
	if !strings.Contains(out.stdout, `"mode": "keyword"`) || !strings.Contains(out.stdout, "vectors are of embedder hash/fnv-ngram-v5/384") {
		t.Errorf("search before the re-embedding: want keyword mode and a warning naming the index's embedder:\n%s", out.stdout)
	}
	mustRunCLI(t, "-w", ws, "index")
	out = mustRunCLI(t, "-w", ws, "status", "--json")
	if !strings.Contains(out.stdout, `"dims": 128`) || !strings.Contains(out.stdout, `"search_mode": "hybrid"`) {
		t.Errorf("status after index: want 128 dims, hybrid:\n%s", out.stdout)
	}
	out = runCLI(t, "", nil, "-w", ws, "config", "--chunk-tokens", "3")
	if out.code != 2 {
		t.Errorf("config --chunk-tokens 3: exit %d, want 2", out.code)
	}
	checkErrorLine(t, out.stderr, "invalid --chunk-tokens")
}

// TestWrongWorkspace: a folder without memory/ is named in the error of
// every command, nothing is created there, and a memory/ folder given as
// the workspace is told to use its parent.
func TestWrongWorkspace(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	mem := filepath.Join(ws, "memory")
	for _, args := range [][]string{{"search", "queue"}, {"status"}, {"index"}, {"files"}, {"mcp"}} {
		out := runCLI(t, "", nil, append([]string{"-w", mem}, args...)...)
		if out.code != 1 {
			t.Errorf("-w memory %v: exit %d, want 1", args, out.code)
		}
		checkErrorLine(t, out.stderr, "open workspace "+mem+": no memory/ folder in it")
		checkErrorLine(t, out.stderr, "use its parent "+ws)
	}
	if _, err := os.Stat(filepath.Join(mem, ".memweave")); err == nil {
		t.Errorf("a refused command created %s/.memweave", mem)
	}
	empty := t.TempDir()
	out := runCLI(t, "", nil, "-w", empty, "search", "x")
	if out.code != 1 {
		t.Errorf("-w EMPTY search: exit %d, want 1", out.code)
	}
	checkErrorLine(t, out.stderr, "memweave init")
	// Writing the first note is an explicit act that creates the workspace.
	out = runStdin(t, "", nil, strings.NewReader("# First\n\nhello\n"), "-w", empty, "write", "first.md")
	if out.code != 0 {
		t.Fatalf("write the first note: exit %d: %s", out.code, out.stderr)
	}
	mustRunCLI(t, "-w", empty, "search", "hello")
	fresh := filepath.Join(t.TempDir(), "agent")
	out = mustRunCLI(t, "-w", fresh, "init")
	if !strings.Contains(out.stdout, "embedder   hash") {
		t.Errorf("init output:\n%s", out.stdout)
	}
	for _, p := range []string{"memory", "memweave.json"} {
		if _, err := os.Stat(filepath.Join(fresh, p)); err != nil {
			t.Errorf("init did not create %s: %v", p, err)
		}
	}
}

// TestFirstIndexRefusesAPasswordInTheURL: the first index of a workspace
// writes memweave.json from its flags; an --embedding-url with a
// password is a usage error naming the flag, and the password goes into
// no file (it used to be written into memweave.json, after which every
// command refused the workspace).
func TestFirstIndexRefusesAPasswordInTheURL(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	out := runCLI(t, "", nil, "--workspace", ws, "index", "--embedder", "openai", "--embedding-model", "m",
		"--embedding-url", "http://proxyuser:pw-cli-77@127.0.0.1:1/v1")
	if out.code != 2 {
		t.Errorf("index with a password in --embedding-url: exit %d, want 2; stderr:\n%s", out.code, out.stderr)
	}
	checkErrorLine(t, out.stderr, `invalid --embedding-url "http://xxxxx@127.0.0.1:1/v1": user information`)
	if strings.Contains(out.stderr, "pw-cli-77") {
		t.Errorf("stderr quotes the password: %s", out.stderr)
	}
	if data, err := os.ReadFile(filepath.Join(ws, "memweave.json")); err == nil && strings.Contains(string(data), "pw-cli-77") {
		t.Errorf("memweave.json holds the password:\n%s", data)
	}
}
