package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWrite(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	content := "# Database\n\nThe failover code word is MARMOT-311.\n"
	out := runCLIInput(t, content, "-w", ws, "write", "notes/db.md")
	if out.code != 0 || out.stdout != "memory/notes/db.md\n" {
		t.Fatalf("write = exit %d, stdout %q, stderr %q; want the path", out.code, out.stdout, out.stderr)
	}
	if got, _ := os.ReadFile(filepath.Join(ws, "memory", "notes", "db.md")); string(got) != content {
		t.Errorf("file = %q, want %q", got, content)
	}
	// Indexed by the write itself: files lists it before any index run.
	if out := mustRunCLI(t, "-w", ws, "get", "notes/db.md:3"); out.stdout != "The failover code word is MARMOT-311.\n" {
		t.Errorf("get after write = %q", out.stdout)
	}
	out = mustRunCLI(t, "-w", ws, "files")
	if !strings.Contains(out.stdout, "memory/notes/db.md") {
		t.Errorf("files after write lacks memory/notes/db.md:\n%s", out.stdout)
	}
	// Replace.
	out = runCLIInput(t, "# Database\n\nReplaced.\n", "-w", ws, "write", "memory/notes/db.md")
	if out.code != 0 {
		t.Fatalf("second write: exit %d, stderr %q", out.code, out.stderr)
	}
	if got, _ := os.ReadFile(filepath.Join(ws, "memory", "notes", "db.md")); string(got) != "# Database\n\nReplaced.\n" {
		t.Errorf("replaced file = %q", got)
	}

	for _, tt := range []struct{ path, want string }{
		{"../escape.md", "outside the memory folder"},
		{"/etc/x.md", "outside the memory folder"},
		{"notes.txt", "not a Markdown file"},
		{".hidden.md", "hidden"},
	} {
		out := runCLIInput(t, "pwned\n", "-w", ws, "write", tt.path)
		if out.code != 1 || out.stdout != "" {
			t.Errorf("write %s: exit %d, stdout %q; want exit 1", tt.path, out.code, out.stdout)
		}
		checkErrorLine(t, out.stderr, tt.want)
	}
	if _, err := os.Stat(filepath.Join(ws, "escape.md")); err == nil {
		t.Errorf("write ../escape.md created a file outside memory/")
	}
	for _, args := range [][]string{{"write"}, {"write", "a.md", "b.md"}} {
		out := runCLIInput(t, "", append([]string{"-w", ws}, args...)...)
		if out.code != 2 {
			t.Errorf("memweave %q: exit %d, want 2", args, out.code)
		}
	}
}
