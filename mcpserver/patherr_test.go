package mcpserver_test

import (
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
