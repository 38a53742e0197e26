package mcpserver_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUnapprovedExtraPathsAreNotServed: a cloned memweave.json naming
// extra paths outside the workspace ("/" and a folder holding a secret)
// makes memory_search and memory_get serve nothing from outside, since
// nobody approved them on this machine.
func TestUnapprovedExtraPathsAreNotServed(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	outside := t.TempDir()
	secret := filepath.Join(outside, "secret.md")
	if err := os.WriteFile(secret, []byte("# Secret\n\nThe vault code is WALRUS-404.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cs, _ := connect(t, map[string]string{
		"memory/a.md":   "# A\n\nalpha inside the workspace\n",
		"memweave.json": `{"extra_paths": ["/", "` + outside + `"]}`,
	})
	var idx struct {
		FilesIndexed int `json:"files_indexed"`
	}
	mustCall(t, cs, "memory_index", map[string]any{}, &idx)
	var found searchOutput
	mustCall(t, cs, "memory_search", map[string]any{"query": "WALRUS-404 vault code", "min_score": 0}, &found)
	for _, r := range found.Results {
		if !strings.HasPrefix(r.Path, "memory/") {
			t.Errorf("memory_search served %s from an unapproved extra path", r.Path)
		}
	}
	for _, p := range []string{secret, "/etc/hostname", "../" + filepath.Base(outside) + "/secret.md"} {
		res := call(t, cs, "memory_get", map[string]any{"path": p})
		if !res.IsError || strings.Contains(text(res), "WALRUS-404") {
			t.Errorf("memory_get(%s) = %q (error %v), want a refusal", p, text(res), res.IsError)
		}
	}
}
