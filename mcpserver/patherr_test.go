package mcpserver_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPathErrorsNameToolAndPath: a path refused for its form (a name
// longer than the file system allows, a backslash, a trailing dot) is
// reported as the other refused paths are: the tool, the path, and why,
// not as a bare system call error.
func TestPathErrorsNameToolAndPath(t *testing.T) {
	t.Parallel()
	cs, _ := connect(t, map[string]string{"memory/a.md": "# A\n"})
	for _, path := range []string{strings.Repeat("n", 300) + ".md", "deep/" + strings.Repeat("d", 300) + "/x.md", `a\b.md`, "x.md."} {
		for _, tool := range []string{"memory_write", "memory_delete", "memory_get"} {
			args := map[string]any{"path": path}
			if tool == "memory_write" {
				args["content"] = "x"
			}
			res := call(t, cs, tool, args)
			got := text(res)
			if !res.IsError || !strings.HasPrefix(got, tool+" ") || !strings.Contains(got, "refused: the path") {
				t.Errorf("%s %.20q = %.200q (error %v), want an error starting %q saying what is wrong with the path", tool, path, got, res.IsError, tool)
			}
		}
	}
}

// TestInvisibleNamesRefused: a name holding an invisible formatting
// character prints as another name: a right-to-left override turns
// "x\u202Edm.txt.md" around, a zero-width space makes "decisions\u200B.md"
// look like the real decisions.md. An agent told to write one is
// refused, as for a control character, and nothing is created.
func TestInvisibleNamesRefused(t *testing.T) {
	t.Parallel()
	cs, root := connect(t, map[string]string{"memory/decisions.md": "# Decisions\n"})
	for _, path := range []string{"decisions\u200b.md", "x\u202edm.txt.md", "\ufeffnotes.md", "team\u2066/a.md", "a\u00ad.md", "osc\u009d52;c;aGk=\u009c.md", "csi\u009b2J.md"} {
		res := call(t, cs, "memory_write", map[string]any{"path": path, "content": "# Forged\n"})
		if got := text(res); !res.IsError || !strings.HasPrefix(got, "memory_write ") || !strings.Contains(got, "refused: the path") {
			t.Errorf("memory_write %+q = %.200q (error %v), want it refused", path, got, res.IsError)
		}
	}
	entries, err := os.ReadDir(filepath.Join(root, "memory"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() != "decisions.md" && !strings.HasPrefix(e.Name(), ".") {
			t.Errorf("memory/ holds %+q after the refused writes", e.Name())
		}
	}
}

// TestJoinersAllowed: the zero-width joiner and non-joiner are format
// characters too, but Persian and the Indic scripts write words with
// them, and emoji sequences are made of them: such names are written.
func TestJoinersAllowed(t *testing.T) {
	t.Parallel()
	cs, _ := connect(t, nil)
	for _, path := range []string{"می\u200cخواهم.md", "क्\u200dष.md", "👩\u200d💻.md"} {
		if res := call(t, cs, "memory_write", map[string]any{"path": path, "content": "# Note\n"}); res.IsError {
			t.Errorf("memory_write %+q = %.200q, want it written", path, text(res))
		}
	}
}

// TestToolErrorsQuotePathsWhole: a tool error drops the library's
// "memweave: " prefixes where one error wraps another, not where the
// words are part of the path it quotes. Before, every "memweave: " went,
// so memory_get "x memweave: y.md" was reported not found as "x y.md", a
// path the agent never gave.
func TestToolErrorsQuotePathsWhole(t *testing.T) {
	t.Parallel()
	cs, _ := connect(t, map[string]string{"memory/a.md": "# A\n"})
	for _, tool := range []string{"memory_get", "memory_delete"} {
		res := call(t, cs, tool, map[string]any{"path": "x memweave: y.md"})
		if got := text(res); !res.IsError || !strings.Contains(got, `"x memweave: y.md"`) || strings.Contains(got, "(memweave: ") {
			t.Errorf("%s of a missing \"x memweave: y.md\" = %.300q (error %v), want the path quoted whole, without the library's prefix", tool, got, res.IsError)
		}
	}
}
