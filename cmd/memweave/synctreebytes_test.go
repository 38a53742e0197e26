package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

// TestSyncMaxTreeBytesFlag: a team memory over the tree limit in what
// the other side lacks (a first push of many notes, a machine long
// away) could not sync from the command line: the limit was a library
// setting only. The refusal now names --max-tree-bytes, and the flag
// raises the limit (here it lowers it, to stay small: 5 notes of 4 KiB
// against 16 KiB).
func TestSyncMaxTreeBytesFlag(t *testing.T) {
	t.Parallel()
	bare := syncRemote(t)
	a := syncClone(t, bare, "a")
	for i := range 5 {
		memweavetest.WriteFile(t, a, fmt.Sprintf("memory/big/%d.md", i), fmt.Sprintf("# Note %d\n\nfact %d.\n", i, i))
	}
	out := runCLI(t, "", nil, "-w", a, "sync", "--max-tree-bytes", "16384")
	if out.code != 1 || !strings.Contains(out.stderr, "revision too large") || !strings.Contains(out.stderr, "--max-tree-bytes") {
		t.Fatalf("sync --max-tree-bytes 16384 of 5 new notes: exit %d, stderr %q; want 1, too large, naming --max-tree-bytes", out.code, out.stderr)
	}
	mustRunCLI(t, "-w", a, "sync", "--max-tree-bytes", "1048576")
	if out := runCLI(t, "", nil, "-w", a, "sync", "--max-tree-bytes", "-1"); out.code != 2 || !strings.Contains(out.stderr, "--max-tree-bytes -1") {
		t.Errorf("sync --max-tree-bytes -1: exit %d, stderr %q; want a usage error naming it", out.code, out.stderr)
	}
}
