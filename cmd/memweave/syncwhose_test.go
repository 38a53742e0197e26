package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

// TestSyncConflictLinesSayWhereEachVersionIs: status listed every
// conflict copy as "this machine's version is in <copy>", on every
// machine, though a copy is an ordinary note every sync shares: on the
// machine whose version stayed at the note's path, that line named the
// other machine's copy as its own. And sync said "the remote's version
// is there, this machine's is in <copy>" of a file where this machine
// made a folder, whose copy holds the remote's file (named for
// "remote") and whose path this machine's folder. Each line now says
// what is where.
func TestSyncConflictLinesSayWhereEachVersionIs(t *testing.T) {
	t.Parallel()
	bare := syncRemote(t)
	a, b := syncClone(t, bare, "a"), syncClone(t, bare, "b")
	mustRunCLI(t, "-w", a, "sync")
	mustRunCLI(t, "-w", b, "sync")

	// The same note on both; a file on a where b makes a folder.
	memweavetest.WriteFile(t, a, "memory/stack.md", "# Stack\n\nPostgres, says a.\n")
	memweavetest.WriteFile(t, b, "memory/stack.md", "# Stack\n\nMySQL, says b.\n")
	memweavetest.WriteFile(t, a, "memory/infra.md", "# Infra\n\none file, says a.\n")
	memweavetest.WriteFile(t, b, "memory/infra.md/dns.md", "# DNS\n\na folder, says b.\n")
	mustRunCLI(t, "-w", a, "sync")
	out := mustRunCLI(t, "-w", b, "sync").stdout
	if want := "conflict: memory/stack.md changed on both sides; the remote's version is there, this machine's is in memory/stack.conflict-"; !strings.Contains(out, want) {
		t.Errorf("b's sync printed %q, want %q", out, want)
	}
	if want := "conflict: memory/infra.md is a folder on one side and a file on the other; the folder is there, the file is in memory/infra.conflict-remote-"; !strings.Contains(out, want) {
		t.Errorf("b's sync printed %q, want %q", out, want)
	}
	mustRunCLI(t, "-w", a, "sync")
	for _, ws := range []string{a, b} {
		if cp, _ := filepath.Glob(filepath.Join(ws, "memory", "stack.conflict-*.md")); len(cp) != 1 {
			t.Fatalf("%s: stack's conflict copies %v, want b's", ws, cp)
		} else if data, _ := os.ReadFile(cp[0]); !strings.Contains(string(data), "says b") {
			t.Fatalf("%s: %s holds %q, want b's version", ws, cp[0], data)
		}
		st := mustRunCLI(t, "-w", ws, "status").stdout
		if strings.Contains(st, "this machine's version") {
			t.Errorf("status on %s says whose version a copy holds, which it cannot know:\n%s", filepath.Base(ws), st)
		}
		if !strings.Contains(st, "memory/stack.md: the other version is in memory/stack.conflict-") {
			t.Errorf("status on %s lists stack's copy as %q", filepath.Base(ws), st)
		}
	}
}
