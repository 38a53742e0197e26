package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An index copied in with the workspace (a clone of a repository that
// commits .memweave/index.db) is dropped and the notes indexed again;
// the library says so on its logger, which the CLI gave none, so the
// user never heard why the first command re-indexed. The CLI prints it
// once, on stderr, and not again once the index is this folder's.
func TestCopiedIndexIsToldOnStderr(t *testing.T) {
	src := indexedWorkspace(t, map[string]string{"memory/deploy.md": "# Deploy\n\nWe deploy with make release.\n"})
	clone := filepath.Join(t.TempDir(), "clone")
	if err := os.CopyFS(clone, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	out := mustRunCLI(t, "-w", clone, "search", "deploy")
	if n := strings.Count(out.stderr, "another memory folder"); n != 1 || !strings.Contains(out.stderr, filepath.Join(clone, ".memweave", "index.db")) {
		t.Errorf("stderr of the first command in the clone = %q, want the index named once as made for another memory folder", out.stderr)
	}
	if out := mustRunCLI(t, "-w", clone, "search", "deploy"); strings.Contains(out.stderr, "another memory folder") {
		t.Errorf("stderr of the second command = %q, want nothing about another folder", out.stderr)
	}
}
