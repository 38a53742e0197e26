package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/memweave/memweave-go/memweavetest"
)

// TestAddKeepsNothingOnlyInTheIndex: files added from outside memory/,
// in the workspace or outside it, are recorded in memweave.json, so that
// deleting the index and running index finds the same files.
func TestAddKeepsNothingOnlyInTheIndex(t *testing.T) {
	ws := testWorkspace(t)
	memweavetest.WriteFile(t, ws, "docs/design.md", "# Design\n\nOSPREY-12 is the design code name.\n")
	outside := t.TempDir()
	out := filepath.Join(outside, "far.md")
	if err := os.WriteFile(out, []byte("# Far\n\nCORMORANT-5 lives outside the workspace.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	mustRunCLI(t, "-w", ws, "index")
	mustRunCLI(t, "-w", ws, "add", filepath.Join(ws, "docs/design.md"), out)
	data, err := os.ReadFile(filepath.Join(ws, "memweave.json"))
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		ExtraPaths []string `json:"extra_paths"`
	}
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(s.ExtraPaths, "\n"), "docs/design.md") || !strings.Contains(strings.Join(s.ExtraPaths, "\n"), out) {
		t.Fatalf("memweave.json extra_paths = %q, want docs/design.md and %s", s.ExtraPaths, out)
	}
	find := func(query string) string {
		return mustRunCLI(t, "-w", ws, "search", "--json", query).stdout
	}
	before := []string{find("OSPREY-12"), find("CORMORANT-5")}
	if err := os.RemoveAll(filepath.Join(ws, ".memweave")); err != nil {
		t.Fatal(err)
	}
	res := mustRunCLI(t, "-w", ws, "index")
	if strings.Contains(res.stderr, "not approved") {
		t.Errorf("index after add warns of unapproved settings:\n%s", res.stderr)
	}
	for i, q := range []string{"OSPREY-12", "CORMORANT-5"} {
		file := []string{"design.md", "far.md"}[i]
		after := find(q)
		if !strings.Contains(after, file) {
			t.Errorf("after rebuilding the index, search %s does not find %s:\n%s", q, file, after)
		}
		if !strings.Contains(before[i], file) {
			t.Errorf("after add, search %s did not find %s:\n%s", q, file, before[i])
		}
	}
}

// TestCloneWithExtraPathRootIsIgnoredAndSaysHow: a cloned memweave.json
// with extra_paths ["/"] makes index and search reach nothing outside the
// workspace, and says once what was ignored and the command that
// approves it.
func TestCloneWithExtraPathRootIsIgnoredAndSaysHow(t *testing.T) {
	ws := testWorkspace(t)
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "secret.md"), []byte("# S\n\nGANNET-8 secret outside.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ws, "memweave.json"), []byte(`{"extra_paths": ["/", "`+outside+`"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	res := mustRunCLI(t, "-w", ws, "index")
	if n := strings.Count(res.stderr, "not approved on this machine"); n != 1 || !strings.Contains(res.stderr, "memweave trust -w") || !strings.Contains(res.stderr, "--list") {
		t.Errorf("index stderr says %d times what was ignored, want once with the listing and the approving command:\n%s", n, res.stderr)
	}
	if out := mustRunCLI(t, "-w", ws, "search", "--json", "--min-score", "0", "GANNET-8").stdout; strings.Contains(out, "secret.md") {
		t.Errorf("search served a file outside the workspace:\n%s", out)
	}
	mustRunCLI(t, "-w", ws, "config", "--chunk-tokens", "300")
	if out := runCLI(t, "", nil, "-w", ws, "trust", "--list").stdout; !strings.Contains(out, "not approved") {
		t.Errorf("trust --list after an unrelated config change = %q, want the paths still not approved", out)
	}
}

// TestSignalStopsAWaitOnTheNetwork: a search waiting on an embedding
// server that sends one byte a second ends promptly on SIGTERM and on
// SIGINT, however long the server would take.
func TestSignalStopsAWaitOnTheNetwork(t *testing.T) {
	for _, sig := range []os.Signal{syscall.SIGTERM, os.Interrupt} {
		t.Run(sig.String(), func(t *testing.T) {
			var calls atomic.Int64
			srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
				calls.Add(1)
				rw.WriteHeader(http.StatusOK)
				for {
					if _, err := rw.Write([]byte(" ")); err != nil {
						return
					}
					rw.(http.Flusher).Flush()
					select {
					case <-r.Context().Done():
						return
					case <-time.After(time.Second):
					}
				}
			}))
			defer srv.Close()
			ws := testWorkspace(t)
			cmd := exec.Command(binary, "-w", ws, "--embedder", "openai", "--embedding-model", "m",
				"--embedding-url", srv.URL+"/v1", "search", "queue")
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			for deadline := time.Now().Add(20 * time.Second); calls.Load() == 0; time.Sleep(10 * time.Millisecond) {
				if time.Now().After(deadline) {
					cmd.Process.Kill()
					t.Fatal("the search never called the embedding server")
				}
			}
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			select {
			case <-done:
			case <-time.After(3 * time.Second):
				cmd.Process.Kill()
				t.Fatalf("search still waiting on the network 3s after %v", sig)
			}
		})
	}
}

// TestCloneWithEmbeddingServerSendsNothing: a cloned memweave.json naming
// an embedding server gets no request from index, search or append, with
// or without a key in the environment, until 'memweave trust'; after it,
// the server is used.
func TestCloneWithEmbeddingServerSendsNothing(t *testing.T) {
	for _, key := range []string{"", "sk-clone-secret"} {
		t.Run("key="+key, func(t *testing.T) {
			var calls atomic.Int64
			srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
				calls.Add(1)
				http.Error(rw, `{"error":{"message":"nope"}}`, http.StatusBadRequest)
			}))
			defer srv.Close()
			ws := testWorkspace(t)
			settings := `{"embedder": {"provider": "openai", "model": "m", "base_url": "` + srv.URL + `/v1"}}`
			if err := os.WriteFile(filepath.Join(ws, "memweave.json"), []byte(settings), 0o644); err != nil {
				t.Fatal(err)
			}
			env := []string{"XDG_CONFIG_HOME=" + t.TempDir()}
			if key != "" {
				env = append(env, envKey+"="+key)
			}
			for _, args := range [][]string{{"index"}, {"search", "queue"}, {"append", "a note"}, {"status"}} {
				out := runCLI(t, "", env, append([]string{"-w", ws}, args...)...)
				if out.code != 0 {
					t.Fatalf("%v: exit %d: %s", args, out.code, out.stderr)
				}
				if !strings.Contains(out.stderr, "embedder.base_url") || !strings.Contains(out.stderr, "memweave trust") {
					t.Errorf("%v stderr does not name the ignored server and the approving command:\n%s", args, out.stderr)
				}
			}
			if n := calls.Load(); n != 0 {
				t.Fatalf("the unapproved embedding server got %d requests", n)
			}
			runCLI(t, "", env, "-w", ws, "trust", "--list") // trust approves only what a listing showed
			if out := runCLI(t, "", env, "-w", ws, "trust"); out.code != 0 || !strings.Contains(out.stdout, srv.URL) {
				t.Fatalf("trust: exit %d, stdout %q, stderr %q", out.code, out.stdout, out.stderr)
			}
			runCLI(t, "", env, "-w", ws, "index")
			if calls.Load() == 0 {
				t.Errorf("the approved embedding server got no request")
			}
		})
	}
}

// TestConfigFlagApprovesOnlyWhatItNames: on a cloned workspace whose
// memweave.json names an embedding server, 'config' with an embedder
// flag that does not name that server (the dimensions, the model, the
// same provider) approves nothing the user did not type: the server
// stays unapproved, gets no request and no key, and config says so.
func TestConfigFlagApprovesOnlyWhatItNames(t *testing.T) {
	for _, flags := range [][]string{{"--embedding-dims", "8"}, {"--embedding-model", "m2"}, {"--embedder", "openai"}} {
		t.Run(strings.Join(flags, " "), func(t *testing.T) {
			var calls atomic.Int64
			srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
				calls.Add(1)
				t.Errorf("the unapproved server got %s with Authorization %q", r.URL.Path, r.Header.Get("Authorization"))
				http.Error(rw, `{"error":{"message":"nope"}}`, http.StatusBadRequest)
			}))
			defer srv.Close()
			ws := testWorkspace(t)
			settings := `{"embedder": {"provider": "openai", "model": "m", "base_url": "` + srv.URL + `/v1"}}`
			if err := os.WriteFile(filepath.Join(ws, "memweave.json"), []byte(settings), 0o644); err != nil {
				t.Fatal(err)
			}
			env := []string{"XDG_CONFIG_HOME=" + t.TempDir(), envKey + "=sk-config-secret"}
			out := runCLI(t, "", env, append([]string{"-w", ws, "config"}, flags...)...)
			if out.code != 0 {
				t.Fatalf("config %v: exit %d: %s", flags, out.code, out.stderr)
			}
			if !strings.Contains(out.stderr, "still not approved") || !strings.Contains(out.stderr, srv.URL) {
				t.Errorf("config %v stderr does not say the server is still not approved:\n%s", flags, out.stderr)
			}
			runCLI(t, "", env, "-w", ws, "index")
			runCLI(t, "", env, "-w", ws, "search", "queue")
			if n := calls.Load(); n != 0 {
				t.Fatalf("after config %v, the server the user never named got %d requests", flags, n)
			}
		})
	}
}
