package main

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

func TestResolveCommand(t *testing.T) {
	t.Parallel()
	ws := memweavetest.Workspace(t, map[string]string{
		"memory/2025-03-02.md": "# 2025-03-02\n\n- The staging database runs PostgreSQL 15.\n",
		"memory/2025-05-10.md": "# 2025-05-10\n\n- The staging database runs PostgreSQL 16.\n",
	})
	if out := mustRunCLI(t, "-w", ws, "conflicts", "--json"); !strings.Contains(out.stdout, `"total": 1`) {
		t.Fatalf("conflicts before resolve = %s", out.stdout)
	}
	out := mustRunCLI(t, "-w", ws, "resolve", "--keep", "memory/2025-05-10.md:3", "--drop", "memory/2025-03-02.md:3", "--reason", "upgraded")
	if !strings.HasPrefix(out.stdout, "memory/2025-03-02.md:1: > Superseded by memory/2025-05-10.md:1 (") {
		t.Errorf("resolve printed %q", out.stdout)
	}
	if out := mustRunCLI(t, "-w", ws, "conflicts", "--json"); !strings.Contains(out.stdout, `"total": 0`) {
		t.Errorf("conflicts after resolve = %s", out.stdout)
	}
	for _, args := range [][]string{{"--keep", "memory/a.md:1"}, {"--keep", "a.md", "--drop", "b.md:1"}} {
		if out := runCLI(t, "", nil, append([]string{"-w", ws, "resolve"}, args...)...); out.code != 2 {
			t.Errorf("resolve %q: exit %d, want 2; stderr %q", args, out.code, out.stderr)
		}
	}
}
