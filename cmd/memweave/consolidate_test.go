package main

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

func TestConsolidateCommand(t *testing.T) {
	t.Parallel()
	dup := "# Deploys\n\nThe staging deploy runs every Tuesday at noon from the release branch.\n"
	ws := memweavetest.Workspace(t, map[string]string{"memory/2026-11-01.md": dup, "memory/2026-11-20.md": "# Log\n\nMet.\n\n" + dup})
	out := mustRunCLI(t, "-w", ws, "consolidate")
	if out.stdout != "keep memory/2026-11-20.md:5-7\n  duplicate memory/2026-11-01.md:1-3\n" || !strings.Contains(out.stderr, "--apply") {
		t.Errorf("consolidate printed %q, stderr %q", out.stdout, out.stderr)
	}
	out = mustRunCLI(t, "-w", ws, "consolidate", "--apply", "--json")
	if !strings.Contains(out.stdout, `"deleted": [
    "memory/2026-11-01.md"
  ]`) {
		t.Errorf("consolidate --apply --json = %s", out.stdout)
	}
	if got := memweavetest.ReadFile(t, ws, "memory/2026-11-20.md"); got != "# Log\n\nMet.\n\n"+dup {
		t.Errorf("the kept copy changed: %q", got)
	}
}
