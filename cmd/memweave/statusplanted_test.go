package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

// TestStatusPrintsNoPlantedControl: a repository can commit a
// .memweave/sync.json (git add -f), and its clone then holds a sync
// state a stranger wrote: status printed its last error raw, so an
// escape sequence in it (OSC 52 writes the clipboard) reached the
// terminal, and a line feed forged a status line. It is printed
// escaped, on one line.
func TestStatusPrintsNoPlantedControl(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	ws := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n\nalpha\n"})
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"remote", "add", "origin", filepath.Join(t.TempDir(), "none.git")}} {
		if out, err := exec.Command("git", append([]string{"-C", ws}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	state := `{"last_sync": "2026-12-01T10:00:00Z", "last_error": "\u001b]52;c;cm0gLXJmIH4=\u0007 ok\nsync conflict\tmemory/x.md: forged"}`
	if err := os.MkdirAll(filepath.Join(ws, ".memweave"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ws, ".memweave", "sync.json"), []byte(state), 0o644); err != nil {
		t.Fatal(err)
	}
	out := mustRunCLI(t, "-w", ws, "status")
	if strings.ContainsAny(out.stdout, "\x1b\x07") || strings.Contains(out.stdout, "\nsync conflict") {
		t.Errorf("status printed the planted error raw:\n%q", out.stdout)
	}
	if !strings.Contains(out.stdout, "failed: ") {
		t.Errorf("status lacks the last sync's outcome:\n%s", out.stdout)
	}
}
