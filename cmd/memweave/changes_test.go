package main

import (
	"os/exec"
	"strings"
	"testing"
	"unicode"

	"github.com/memweave/memweave-go/memweavetest"
)

// TestChangesPreviewIsText: a change whose text holds terminal escape
// sequences (a note pulled from a teammate's remote, say) is previewed
// as text: the escapes are shown quoted, not sent to the terminal.
func TestChangesPreviewIsText(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	t.Parallel()
	ws := gitWorkspace(t)
	memweavetest.WriteFile(t, ws, "memory/a.md", "# A\n\nThe deploy key rotates \x1b]52;c;cm0gLXJmIH4=\x07weekly\x1b[2J now.\n")
	out := mustRunCLI(t, "-w", ws, "changes", "HEAD")
	if strings.ContainsFunc(out.stdout, func(r rune) bool { return r != '\n' && unicode.IsControl(r) }) {
		t.Errorf("changes HEAD printed control characters: %q", out.stdout)
	}
	if !strings.Contains(out.stdout, `rotates \x1b]52;c;cm0gLXJmIH4=\aweekly\x1b[2J now.`) {
		t.Errorf("changes HEAD = %q, want the new line with its escapes quoted", out.stdout)
	}
}
