package workspace

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestPathCheckerAgreesWithSafeMemoryPath: a PathChecker, which looks at
// each folder once, gives each path of a workspace holding links in and
// out of memory/, a dangling link and a file where a folder is needed
// the answer SafeMemoryPath gives, asked in any order and twice (the
// second time from what it remembers).
func TestPathCheckerAgreesWithSafeMemoryPath(t *testing.T) {
	root, outside := t.TempDir(), t.TempDir()
	writeFiles(t, root, "memory/a/x.md", "memory/b/y.md", "memory/file.md", "memory/deep/er/z.md")
	links := map[string]string{
		"memory/out":      outside,
		"memory/in":       filepath.Join(root, "memory", "a"),
		"memory/dangling": filepath.Join(root, "nowhere"),
		"memory/deep/out": outside,
	}
	for link, to := range links {
		if err := os.Symlink(to, filepath.Join(root, filepath.FromSlash(link))); err != nil {
			t.Skip("no symbolic links:", err)
		}
	}
	paths := []string{
		"memory/a/x.md", "memory/a/new.md", "memory/out/o.md", "memory/out/p.md",
		"memory/in/x.md", "memory/in/q.md", "memory/dangling/d.md", "memory/dangling/e.md",
		"memory/file.md/f.md", "memory/file.md/g.md", "memory/missing/m.md", "memory/missing/deeper/n.md",
		"memory/deep/er/z.md", "memory/deep/out/o.md", "memory/deep/out/sub/o.md", "memory/b/y.md",
		"memory/.hidden/h.md", "memory/../x.md", "memory/a/x.txt",
	}
	c := NewPathChecker(root)
	for range 2 {
		for _, p := range paths {
			wantAbs, wantRel, wantErr := SafeMemoryPath(root, p)
			abs, rel, err := c.Check(p)
			if abs != wantAbs || rel != wantRel || (err == nil) != (wantErr == nil) ||
				err != nil && (err.Error() != wantErr.Error() || !errors.Is(err, ErrOutsideMemory) && errors.Is(wantErr, ErrOutsideMemory)) {
				t.Errorf("Check(%q) = %q, %q, %v; SafeMemoryPath gives %q, %q, %v", p, abs, rel, err, wantAbs, wantRel, wantErr)
			}
		}
	}
	// A memory folder that is not there yet: nothing below exists.
	c = NewPathChecker(t.TempDir())
	if _, _, err := c.Check("memory/a/x.md"); err != nil {
		t.Errorf("Check in a workspace without memory/ = %v, want nil", err)
	}
}
