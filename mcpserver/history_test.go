package mcpserver_test

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestConflictsChangesSearchAt calls memory_conflicts, memory_changes
// and memory_search with at on a workspace that is a git repository.
func TestConflictsChangesSearchAt(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	cs, ws := connect(t, map[string]string{
		".gitignore":           ".memweave/\n",
		"memory/2025-03-02.md": "# 2025-03-02\n\n- The staging database runs PostgreSQL 15.\n",
	})
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"commit", "-q", "-m", "one"}} {
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = ws
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "HOME="+ws)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	var appended struct{ Path string }
	mustCall(t, cs, "memory_append", map[string]any{"text": "The staging database runs PostgreSQL 16."}, &appended)

	var conf struct {
		Conflicts []struct{ Kind, Reason, Newer string }
		Total     int
	}
	mustCall(t, cs, "memory_conflicts", map[string]any{}, &conf)
	if conf.Total != 1 || len(conf.Conflicts) != 1 || conf.Conflicts[0].Kind != "likely" {
		t.Errorf("memory_conflicts = %+v, want one likely conflict", conf)
	}
	var ch struct {
		Changes []struct{ Kind, Path string }
	}
	mustCall(t, cs, "memory_changes", map[string]any{"from": "HEAD"}, &ch)
	if len(ch.Changes) != 1 || ch.Changes[0].Kind != "added" {
		t.Errorf("memory_changes = %+v, want one added chunk", ch)
	}
	var at struct {
		At                 string
		EmbeddingsComputed *int `json:"embeddings_computed"`
		Results            []struct{ Snippet string }
	}
	mustCall(t, cs, "memory_search", map[string]any{"query": "staging database PostgreSQL", "at": "HEAD", "min_score": 0}, &at)
	if len(at.At) != 40 || at.EmbeddingsComputed == nil || len(at.Results) != 1 || !strings.Contains(at.Results[0].Snippet, "15") {
		t.Errorf("memory_search at HEAD = %+v, want the commit's one note", at)
	}
	mustFail(t, cs, "memory_search", map[string]any{"query": "x", "at": "--output=/tmp/x"}, "bad revision")
	mustFail(t, cs, "memory_changes", map[string]any{"from": strings.Repeat("a", 300)}, "the limit is 256 bytes")
	mustFail(t, cs, "memory_conflicts", map[string]any{"max_results": 501}, "memory_conflicts: max_results must be between 0 and 500, got 501")
	// A bad revision was named by its value alone: the error names the
	// argument that holds it.
	mustFail(t, cs, "memory_changes", map[string]any{"from": "nosuch"}, `from: history: bad revision "nosuch"`)
	mustFail(t, cs, "memory_changes", map[string]any{"from": "HEAD", "to": "nosuch"}, `to: history: bad revision "nosuch"`)
	mustFail(t, cs, "memory_changes", map[string]any{"from": "HEAD", "to": "--output=x"}, `to: history: bad revision "--output=x"`)
}
