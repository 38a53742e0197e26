package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestFiles(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	mustRunCLI(t, "-w", ws, "index")

	var raw []map[string]json.RawMessage
	decode(t, mustRunCLI(t, "-w", ws, "files", "--json"), &raw)
	want := []string{"chunks", "date", "evergreen", "hash", "mtime", "path", "pending", "size", "source"}
	for _, f := range raw {
		if got := keys(f); !slices.Equal(got, want) {
			t.Errorf("files --json object keys = %v, want %v", got, want)
		}
	}

	type file struct {
		Path      string `json:"path"`
		Source    string `json:"source"`
		Chunks    int    `json:"chunks"`
		Evergreen bool   `json:"evergreen"`
		Date      string `json:"date"`
		Pending   bool   `json:"pending"`
	}
	var files []file
	decode(t, mustRunCLI(t, "-w", ws, "files", "--json"), &files)
	wantFiles := []file{
		{Path: "memory/2026-11-20.md", Source: "memory", Chunks: 1, Date: "2026-11-20"},
		{Path: "memory/projects/apollo.md", Source: "projects", Chunks: 1, Evergreen: true},
		{Path: "memory/stack.md", Source: "memory", Evergreen: true},
	}
	if len(files) != len(wantFiles) {
		t.Fatalf("files --json = %+v, want %d files", files, len(wantFiles))
	}
	for i, f := range files {
		w := wantFiles[i]
		if w.Chunks == 0 {
			w.Chunks = f.Chunks // depends on the chunker
		}
		if f != w || f.Chunks < 1 {
			t.Errorf("files --json [%d] = %+v, want %+v", i, f, w)
		}
	}

	decode(t, mustRunCLI(t, "-w", ws, "files", "--json", "--source", "projects"), &files)
	if len(files) != 1 || files[0].Path != "memory/projects/apollo.md" {
		t.Errorf("files --source projects = %+v, want memory/projects/apollo.md alone", files)
	}

	out := mustRunCLI(t, "-w", ws, "files", "--json", "--source", "nothing")
	if strings.TrimSpace(out.stdout) != "[]" {
		t.Errorf("files --json for no files = %q, want []", out.stdout)
	}

	out = mustRunCLI(t, "-w", ws, "files")
	lines := strings.Split(strings.TrimSuffix(out.stdout, "\n"), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[0], "PATH") || !strings.HasPrefix(lines[3], "memory/stack.md ") {
		t.Errorf("files output, want a header and 3 rows:\n%s", out.stdout)
	}
	// Aligned: every row's second column starts where the header's does.
	col := strings.Index(lines[0], "SOURCE")
	for _, l := range lines[1:] {
		if l[col-1] != ' ' || l[col] == ' ' {
			t.Errorf("files row %q is not aligned with header %q", l, lines[0])
		}
	}
}

// TestFilesNoText: a file that holds no searchable text (binary, empty,
// front matter alone) is listed as such, not as indexed.
func TestFilesNoText(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	for name, text := range map[string]string{"blob.md": "\x00\x01\x02 not text\x00", "empty.md": "", "meta.md": "---\ntags: [a]\n---\n"} {
		if err := os.WriteFile(filepath.Join(ws, "memory", name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	mustRunCLI(t, "-w", ws, "index") // warns about blob.md
	out := mustRunCLI(t, "-w", ws, "files")
	for _, l := range strings.Split(out.stdout, "\n") {
		name, _, _ := strings.Cut(l, " ")
		switch name {
		case "memory/blob.md", "memory/empty.md", "memory/meta.md":
			if !strings.HasSuffix(l, "no searchable text") {
				t.Errorf("files row %q, want state no searchable text", l)
			}
		case "memory/stack.md":
			if !strings.HasSuffix(l, " indexed") {
				t.Errorf("files row %q, want state indexed", l)
			}
		}
	}
}

// TestFilesUnknownSource: a source no indexed file has is named, with
// the sources there are, instead of calling the index empty.
func TestFilesUnknownSource(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	empty := mustRunCLI(t, "-w", ws, "files", "--source", "nosuch")
	if empty.stdout != "" || empty.stderr != "memweave: no indexed files; run 'memweave index'\n" {
		t.Errorf("files --source nosuch before indexing: stdout %q, stderr %q; want the index called empty", empty.stdout, empty.stderr)
	}
	mustRunCLI(t, "-w", ws, "index")
	const want = "memweave: no indexed file has source nosuch; sources: memory, projects\n"
	for _, args := range [][]string{
		{"files", "--source", "nosuch"},
		{"files", "--source", "nosuch", "--json"},
		{"files", "--source", "projects", "--source", "nosuch"},
	} {
		out := mustRunCLI(t, append([]string{"-w", ws}, args...)...)
		if out.stderr != want {
			t.Errorf("memweave %q: stderr %q, want %q", args, out.stderr, want)
		}
	}
	if out := mustRunCLI(t, "-w", ws, "files", "--source", "projects"); out.stderr != "" {
		t.Errorf("files --source projects: stderr %q, want none", out.stderr)
	}
}

func TestFormatBytes(t *testing.T) {
	tests := []struct {
		n    int64
		want string
	}{
		{0, "0 B"},
		{1023, "1023 B"},
		{1024, "1.0 KiB"},
		{1536, "1.5 KiB"},
		{5 << 20, "5.0 MiB"},
		{3 << 30, "3.0 GiB"},
	}
	for _, tt := range tests {
		if got := formatBytes(tt.n); got != tt.want {
			t.Errorf("formatBytes(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}
