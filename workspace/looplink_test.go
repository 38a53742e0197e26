package workspace

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLoopingLinkIsNamed: a note path through a symbolic link loop (or a
// dangling link) was refused as "path outside the memory folder" alone,
// though the loop lies inside it; the refusal now says the link does not
// resolve and why, and still wraps ErrOutsideMemory.
func TestLoopingLinkIsNamed(t *testing.T) {
	root := t.TempDir()
	mem := filepath.Join(root, MemoryDir)
	if err := os.MkdirAll(mem, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, l := range [][2]string{{"l1.md", "l2.md"}, {"l2.md", "l1.md"}, {"gone.md", "missing.md"}} {
		if err := os.Symlink(l[1], filepath.Join(mem, l[0])); err != nil {
			t.Fatal(err)
		}
	}
	for p, why := range map[string]string{"l1.md": "too many links", "gone.md": "no such file"} {
		_, _, err := SafeMemoryPath(root, p)
		if !errors.Is(err, ErrOutsideMemory) || !strings.Contains(err.Error(), "symbolic link") || !strings.Contains(err.Error(), why) {
			t.Errorf("SafeMemoryPath(%q) = %v, want ErrOutsideMemory saying the link does not resolve (%s)", p, err, why)
		}
	}
}
