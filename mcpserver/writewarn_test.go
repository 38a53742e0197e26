package mcpserver_test

import (
	"strings"
	"testing"
)

// TestWriteSaysWhenTheNoteIsNotSearchable: memory_write stores what it is
// given, but a note that is not text (a NUL byte) or holds git conflict
// markers is not indexed; the agent must hear so from the call, as the
// CLI's write prints it, instead of a success with 0 chunks that reads
// like an empty note.
func TestWriteSaysWhenTheNoteIsNotSearchable(t *testing.T) {
	cs, _ := connect(t, map[string]string{"memory/keep.md": "# Keep\n"})
	for _, content := range []string{
		"# Bin\n\nThe tapir\x00 ledger.\n",
		"# Merge\n\n<<<<<<< ours\nThe tapir ledger.\n=======\nThe okapi ledger.\n>>>>>>> theirs\n",
	} {
		var out struct {
			Path     string   `json:"path"`
			Chunks   int      `json:"chunks"`
			Warnings []string `json:"warnings"`
		}
		mustCall(t, cs, "memory_write", map[string]any{"path": "notes/odd.md", "content": content}, &out)
		if len(out.Warnings) != 1 || !strings.Contains(out.Warnings[0], "notes/odd.md") {
			t.Errorf("memory_write(%q) = %+v; want one warning naming memory/notes/odd.md", content, out)
		}
	}
	var ok struct {
		Warnings []string `json:"warnings"`
	}
	mustCall(t, cs, "memory_write", map[string]any{"path": "notes/fine.md", "content": "# Fine\n\nPlain text.\n"}, &ok)
	if len(ok.Warnings) != 0 {
		t.Errorf("memory_write of a plain note: warnings %q, want none", ok.Warnings)
	}
}
