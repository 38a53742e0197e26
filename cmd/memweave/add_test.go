package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

// TestAddRefusesBeforeRecording: add records a file outside memory/ in
// memweave.json before indexing it, so a file it cannot index (a FIFO; a
// name holding a terminal escape, which the index would print back
// raw) must be refused first, naming it, with memweave.json left as it
// was: a refused add records nothing.
func TestAddRefusesBeforeRecording(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	mustRunCLI(t, "-w", ws, "init")
	before := memweavetest.ReadFile(t, ws, "memweave.json")
	ext := t.TempDir()
	fifo := filepath.Join(ext, "pipe.md")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	escaped := filepath.Join(ext, "red\x1b[31m.md")
	if err := os.WriteFile(escaped, []byte("# Red\n\nA note with an odd name.\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ file, want string }{
		{fifo, "not a regular file"},
		{escaped, `control character`},
	} {
		out := runCLI(t, ws, nil, "-w", ws, "add", tt.file)
		if out.code == 0 || !strings.Contains(out.stderr, tt.want) || strings.ContainsRune(out.stderr, 0x1b) {
			t.Errorf("add %q: exit %d, stderr %q; want a failure saying %q, the name quoted", tt.file, out.code, out.stderr, tt.want)
		}
		if got := memweavetest.ReadFile(t, ws, "memweave.json"); got != before {
			t.Errorf("add %q changed memweave.json:\n%s\nwant it as it was:\n%s", tt.file, got, before)
		}
	}
}
