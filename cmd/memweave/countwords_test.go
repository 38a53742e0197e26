package main

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

// TestCountsInTheRightNumber: check printed "integrity ok; 1 chunks, 1
// keyword rows, 1 vectors" (and status "cache 1 embeddings"); a count of
// one now takes the singular.
func TestCountsInTheRightNumber(t *testing.T) {
	ws := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n\nOne passage.\n"})
	if out := runCLI(t, "", nil, "-w", ws, "index"); out.code != 0 {
		t.Fatalf("index: %+v", out)
	}
	if out := runCLI(t, "", nil, "-w", ws, "check"); !strings.Contains(out.stdout, "integrity ok; 1 chunk, 1 keyword row, 1 vector\n") {
		t.Errorf("check printed %q, want 'integrity ok; 1 chunk, 1 keyword row, 1 vector'", out.stdout)
	}
}
