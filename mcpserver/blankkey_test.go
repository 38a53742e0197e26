package mcpserver_test

import (
	"os"
	"path/filepath"
	"testing"
)

// A passage key of white space only is no key: the check that asks for
// one used to take " " as given, the library then trimmed it away, and
// memory_feedback marked whatever passage now sits at the line, which
// the key was asked for to prevent. It is refused, saying to pass
// passage, and the note is not touched.
func TestBlankKeyIsNoKey(t *testing.T) {
	note := "# Redis\n\nRedis caches the catalog API for five minutes.\n\n# CDN\n\nThe CDN caches images for a day.\n"
	cs, root := connect(t, map[string]string{"memory/c.md": note})
	mustFail(t, cs, "memory_feedback", map[string]any{"path": "memory/c.md", "line": 1, "passage": " ", "useful": true}, "pass passage")
	if data, _ := os.ReadFile(filepath.Join(root, "memory", "c.md")); string(data) != note {
		t.Errorf("the note became %q", data)
	}
}
