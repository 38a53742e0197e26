package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
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

// TestWriteEmpty: empty input over a file that is not empty is refused,
// naming the file and --allow-empty, and leaves the file alone;
// --allow-empty writes it; empty input over a new file is fine.
func TestWriteEmpty(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	stack := memweavetest.ReadFile(t, ws, "memory/stack.md")
	for _, in := range []string{"", " \n\n"} {
		out := runCLIInput(t, in, "-w", ws, "write", "stack.md")
		if out.code != 1 || out.stdout != "" {
			t.Errorf("write stack.md < %q: exit %d, stdout %q; want exit 1", in, out.code, out.stdout)
		}
		checkErrorLine(t, out.stderr, "write memory/stack.md: standard input is empty")
		checkErrorLine(t, out.stderr, "--allow-empty")
		if n := strings.Count(out.stderr, "erase the file"); n != 1 {
			t.Errorf("write stack.md < %q: the reason is given %d times, want once: %q", in, n, out.stderr)
		}
		if got := memweavetest.ReadFile(t, ws, "memory/stack.md"); got != stack {
			t.Errorf("refused write changed memory/stack.md to %q", got)
		}
	}
	out := runCLIInput(t, "", "-w", ws, "write", "--allow-empty", "stack.md")
	if out.code != 0 || out.stdout != "memory/stack.md\n" {
		t.Errorf("write --allow-empty: exit %d, stdout %q, stderr %q", out.code, out.stdout, out.stderr)
	}
	if got := memweavetest.ReadFile(t, ws, "memory/stack.md"); got != "" {
		t.Errorf("after write --allow-empty, memory/stack.md = %q, want empty", got)
	}
	// A new file, and now the empty one, lose nothing.
	for _, path := range []string{"new.md", "stack.md"} {
		out := runCLIInput(t, "", "-w", ws, "write", path)
		if out.code != 0 || out.stderr != "" {
			t.Errorf("write %s < empty: exit %d, stderr %q; want 0 and no diagnostics", path, out.code, out.stderr)
		}
	}
}

// TestReadNoteHint: the hint goes to stderr only when stdin is a
// terminal; the subprocess tests cover the non-terminal case end to end.
func TestReadNoteHint(t *testing.T) {
	for _, terminal := range []bool{true, false} {
		var stderr bytes.Buffer
		got, err := readNote(strings.NewReader("# Note\n"), terminal, &stderr, 1<<20)
		if err != nil || string(got) != "# Note\n" {
			t.Errorf("readNote(terminal=%v) = %q, %v; want the input", terminal, got, err)
		}
		want := ""
		if terminal {
			want = "memweave: reading the note from stdin (Ctrl-D to end)\n"
		}
		if stderr.String() != want {
			t.Errorf("readNote(terminal=%v) wrote %q to stderr, want %q", terminal, stderr.String(), want)
		}
	}
}

// countingReader yields n bytes of text and counts how many were read.
type countingReader struct {
	n, read int64
}

func (r *countingReader) Read(p []byte) (int, error) {
	if r.read >= r.n {
		return 0, io.EOF
	}
	p = p[:min(int64(len(p)), r.n-r.read)]
	for i := range p {
		p[i] = "a note line\n"[(r.read+int64(i))%12]
	}
	r.read += int64(len(p))
	return len(p), nil
}

// TestStdinOverTheSizeLimit: write, and append -, given more than the
// size limit (16 MiB) on standard input, fail naming the limit and write
// nothing; past the limit the note would not be indexed. They stop
// reading at the limit: a command fed without end must not hold all of
// it in memory.
func TestStdinOverTheSizeLimit(t *testing.T) {
	t.Parallel()
	const limit = 16 << 20
	for _, args := range [][]string{{"write", "stack.md"}, {"write", "new.md"}, {"append", "-"}} {
		t.Run(args[0]+" "+args[1], func(t *testing.T) {
			t.Parallel()
			ws := testWorkspace(t)
			before := memweavetest.ReadFile(t, ws, "memory/stack.md")
			in := &countingReader{n: 4 * limit}
			out := runStdin(t, "", nil, in, append([]string{"-w", ws}, args...)...)
			if out.code != 1 || out.stdout != "" {
				t.Fatalf("memweave %q < %d bytes = exit %d, stdout %q, stderr %q; want exit 1", args, in.n, out.code, out.stdout, out.stderr)
			}
			checkErrorLine(t, out.stderr, fmt.Sprintf("standard input is over the %d-byte limit", limit))
			checkErrorLine(t, out.stderr, "nothing was written")
			if got := memweavetest.ReadFile(t, ws, "memory/stack.md"); got != before {
				t.Errorf("memory/stack.md changed to %d bytes", len(got))
			}
			files, _ := filepath.Glob(filepath.Join(ws, "memory", "*.md"))
			if len(files) != 2 {
				t.Errorf("memory/ holds %q, want only the workspace's two notes", files)
			}
			if in.read > 2*limit {
				t.Errorf("memweave %q read %d bytes of standard input, want it to stop past the %d-byte limit", args, in.read, limit)
			}
		})
	}
}

// TestMemoryFolderAsWorkspace: -w naming a workspace's memory/ folder,
// a slip of the hand, must not make a workspace inside it: append, write
// and init refuse, pointing at the parent, and memory/ gains no
// memory/, memweave.json or .memweave/. A new folder that happens to be
// named memory may still become a workspace.
func TestMemoryFolderAsWorkspace(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	mustRunCLI(t, "-w", ws, "index")
	mem := filepath.Join(ws, "memory")
	for _, args := range [][]string{{"append", "a note"}, {"write", "x.md"}, {"init"}} {
		out := runCLIInput(t, "# X\n", append([]string{"-w", mem}, args...)...)
		if out.code == 0 {
			t.Errorf("memweave -w %s %q = exit 0, stdout %q; want a refusal", mem, args, out.stdout)
		}
		checkErrorLine(t, out.stderr, "use its parent "+ws)
	}
	for _, name := range []string{"memory", "memweave.json", ".memweave"} {
		if _, err := os.Lstat(filepath.Join(mem, name)); err == nil {
			t.Errorf("memory/%s was created", name)
		}
	}
	fresh := filepath.Join(t.TempDir(), "memory")
	if err := os.Mkdir(fresh, 0o755); err != nil {
		t.Fatal(err)
	}
	mustRunCLI(t, "-w", fresh, "init")
	if fi, err := os.Stat(filepath.Join(fresh, "memory")); err != nil || !fi.IsDir() {
		t.Errorf("init in a new folder named memory: memory/ = %v, want it made", err)
	}
}

// TestMCPStdioHint: mcp started at a terminal says on stderr what it
// waits for; started by a client (a pipe), it prints nothing there.
func TestMCPStdioHint(t *testing.T) {
	for _, terminal := range []bool{true, false} {
		var stderr bytes.Buffer
		mcpStdioHint(terminal, &stderr)
		if got := stderr.String(); terminal != strings.Contains(got, "serving MCP (JSON-RPC) on stdin/stdout") {
			t.Errorf("mcpStdioHint(terminal=%v) wrote %q", terminal, got)
		}
	}
}
