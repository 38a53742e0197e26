package main

import (
	"encoding/json"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

// TestCurationDocConflictsJSON: the conflicts --json example of
// docs/curation.md has the fields the command prints, at the top, in a
// conflict and in a side, and the same verdict for the notes it names.
func TestCurationDocConflictsJSON(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("../../docs/curation.md")
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(b), "```json\n")
	if !ok {
		t.Fatal("docs/curation.md has no ```json block")
	}
	block, _, _ = strings.Cut(block, "```")
	var doc map[string]any
	if err := json.Unmarshal([]byte(block), &doc); err != nil {
		t.Fatalf("docs/curation.md's conflicts example is not JSON: %v", err)
	}
	ws := memweavetest.Workspace(t, map[string]string{
		"memory/2025-03-02.md": "# 2025-03-02\n\nThe staging database runs PostgreSQL 15.\n",
		"memory/2025-05-10.md": "# 2025-05-10\n\nThe staging database runs PostgreSQL 16.\n",
	})
	var got map[string]any
	decode(t, mustRunCLI(t, "-w", ws, "conflicts", "--json"), &got)
	keys := func(m any) []string {
		mm, _ := m.(map[string]any)
		return slices.Sorted(maps.Keys(mm))
	}
	first := func(m map[string]any) map[string]any {
		l, _ := m["conflicts"].([]any)
		if len(l) == 0 {
			return nil
		}
		c, _ := l[0].(map[string]any)
		return c
	}
	dc, gc := first(doc), first(got)
	if gc == nil {
		t.Fatalf("conflicts --json found no conflict: %v", got)
	}
	for _, tt := range []struct {
		what      string
		doc, have any
	}{{"top level", doc, got}, {"a conflict", dc, gc}, {"side a", dc["a"], gc["a"]}} {
		if d, h := keys(tt.doc), keys(tt.have); !slices.Equal(d, h) {
			t.Errorf("docs/curation.md's conflicts JSON has %s fields %q, conflicts --json prints %q", tt.what, d, h)
		}
	}
	for _, k := range []string{"kind", "reason", "newer"} {
		if dc[k] != gc[k] {
			t.Errorf("docs/curation.md's conflict says %s %v, conflicts --json %v", k, dc[k], gc[k])
		}
	}
}

// TestConflictsCountLine: the count line on stderr says "1 conflict
// found", not "1 conflicts found".
func TestConflictsCountLine(t *testing.T) {
	t.Parallel()
	ws := t.TempDir()
	memweavetest.WriteFile(t, ws, "memory/stack.md", "# Stack\n\n- The staging database runs PostgreSQL 16.\n")
	memweavetest.WriteFile(t, ws, "memory/2026-03-02.md", "# 2026-03-02\n\n- The staging database runs PostgreSQL 15.\n")
	out := runCLI(t, "", nil, "-w", ws, "conflicts")
	if out.code != 0 {
		t.Fatalf("conflicts: exit %d, stderr %q", out.code, out.stderr)
	}
	if !strings.Contains(out.stderr, "memweave: 1 conflict found, 1 shown\n") {
		t.Errorf("conflicts: stderr %q, want the line \"memweave: 1 conflict found, 1 shown\"", out.stderr)
	}
}
