package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDelete(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	mustRunCLI(t, "-w", ws, "index")
	out := runCLI(t, "", nil, "-w", ws, "delete", "projects/apollo.md")
	if out.code != 0 || out.stdout != "memory/projects/apollo.md\n" {
		t.Fatalf("delete = exit %d, stdout %q, stderr %q; want the path", out.code, out.stdout, out.stderr)
	}
	if _, err := os.Stat(filepath.Join(ws, "memory", "projects", "apollo.md")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("file still on disk: %v", err)
	}
	if out := mustRunCLI(t, "-w", ws, "files"); strings.Contains(out.stdout, "apollo") {
		t.Errorf("files after delete still lists apollo.md:\n%s", out.stdout)
	}
	if out := mustRunCLI(t, "-w", ws, "search", "billing rewrite", "--min-score", "0"); strings.Contains(out.stdout, "apollo") {
		t.Errorf("search after delete finds apollo.md:\n%s", out.stdout)
	}

	for _, tt := range []struct{ path, want string }{
		{"projects/apollo.md", "not found"},
		{"../escape.md", "outside the memory folder"},
		{"/etc/x.md", "outside the memory folder"},
		{"notes.txt", "not a Markdown file"},
	} {
		out := runCLI(t, "", nil, "-w", ws, "delete", tt.path)
		if out.code != 1 || out.stdout != "" {
			t.Errorf("delete %s: exit %d, stdout %q; want exit 1", tt.path, out.code, out.stdout)
		}
		checkErrorLine(t, out.stderr, tt.want)
	}
	for _, args := range [][]string{{"delete"}, {"delete", "a.md", "b.md"}} {
		if out := runCLI(t, "", nil, append([]string{"-w", ws}, args...)...); out.code != 2 {
			t.Errorf("memweave %q: exit %d, want 2", args, out.code)
		}
	}
}
