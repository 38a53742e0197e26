package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

// TestConflictsAndSearchAt runs conflicts, search --at, search
// --superseded, resolve and changes against a workspace that is a git repository.
func TestConflictsAndSearchAt(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	t.Parallel()
	ws := memweavetest.Workspace(t, map[string]string{
		".gitignore":           ".memweave/\n",
		"memory/2025-03-02.md": "# 2025-03-02\n\n- The staging database runs PostgreSQL 15.\n",
	})
	git := func(args ...string) string {
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = ws
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "HOME="+ws)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "-q")
	git("add", "-A")
	git("commit", "-q", "-m", "pg15")
	first := git("rev-parse", "HEAD")
	memweavetest.WriteFile(t, ws, "memory/2025-05-10.md", "# 2025-05-10\n\n- The staging database runs PostgreSQL 16.\n")

	var conf struct {
		Conflicts []struct {
			Kind, Reason, Newer string
			A, B                struct{ Path string }
		}
	}
	decode(t, mustRunCLI(t, "-w", ws, "conflicts", "--json"), &conf)
	if len(conf.Conflicts) != 1 || conf.Conflicts[0].Newer != "b" || conf.Conflicts[0].B.Path != "memory/2025-05-10.md" {
		t.Errorf("conflicts --json = %+v, want the two notes, b newer", conf)
	}

	var resp struct {
		At                 string
		EmbeddingsComputed *int `json:"embeddings_computed"`
		Results            []struct {
			Path         string
			SupersededBy *struct{ Path string } `json:"superseded_by"`
		}
	}
	marked := func() int {
		resp.Results = nil
		decode(t, mustRunCLI(t, "-w", ws, "search", "staging database PostgreSQL", "--min-score", "0", "--json"), &resp)
		n := 0
		for _, r := range resp.Results {
			if r.SupersededBy != nil && r.Path == "memory/2025-03-02.md" && r.SupersededBy.Path == "memory/2025-05-10.md" {
				n++
			}
		}
		return n
	}
	// A contradiction no one resolved marks nothing.
	if n := marked(); n != 0 || len(resp.Results) != 2 || resp.At != "" || resp.EmbeddingsComputed != nil {
		t.Errorf("search --json = %+v, want both notes, neither superseded, no at", resp)
	}
	resp.Results = nil
	decode(t, mustRunCLI(t, "-w", ws, "search", "staging database PostgreSQL", "--min-score", "0", "--json", "--at", "HEAD"), &resp)
	if resp.At != first || resp.EmbeddingsComputed == nil || *resp.EmbeddingsComputed != 0 || len(resp.Results) != 1 {
		t.Errorf("search --at HEAD --json = %+v, want at %s, embeddings_computed 0, one result", resp, first)
	}
	out := mustRunCLI(t, "-w", ws, "changes", "HEAD")
	if !strings.HasPrefix(out.stdout, "added    memory/2025-05-10.md:1-3\n") {
		t.Errorf("changes HEAD = %q", out.stdout)
	}
	mustRunCLI(t, "-w", ws, "resolve", "--keep", "memory/2025-05-10.md:3", "--drop", "memory/2025-03-02.md:3")
	if n := marked(); n != 1 {
		t.Errorf("search --json after resolve = %+v, want the older note superseded_by the newer", resp)
	}
	out = mustRunCLI(t, "-w", ws, "search", "staging database PostgreSQL", "--min-score", "0", "--superseded", "hide")
	if strings.Contains(out.stdout, "2025-03-02") {
		t.Errorf("search --superseded hide printed the older note:\n%s", out.stdout)
	}
	for _, args := range [][]string{
		{"search", "x", "--at", "--output=/tmp/x"},
		{"changes", "--", "--output=/tmp/x"},
		{"search", "x", "--superseded", "maybe"},
	} {
		if out := runCLI(t, "", nil, append([]string{"-w", ws}, args...)...); out.code == 0 {
			t.Errorf("memweave %q: exit 0, want an error", args)
		}
	}
}
