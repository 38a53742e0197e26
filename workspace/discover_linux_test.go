//go:build linux

package workspace

import (
	"os"
	"testing"
)

// openFDs returns the number of open file descriptors of the process.
func openFDs(t *testing.T) int {
	t.Helper()
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skipf("no /proc/self/fd: %v", err)
	}
	return len(entries)
}

// TestDiscoverClosesFolders checks that a scan keeps no folder open
// once it returns, with or without a Scanner.
func TestDiscoverClosesFolders(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, "memory/a.md", "memory/x/b.md", "memory/y/c.md", "memory/z/d.md", "memory/z/w/e.md")
	base := openFDs(t)
	var s Scanner
	for _, sc := range []*Scanner{nil, &s, &s} {
		files, warns, err := sc.Discover(root, nil)
		if err != nil || len(warns) > 0 || len(files) != 5 {
			t.Fatalf("Discover = %d files, %v, %v; want 5", len(files), warns, err)
		}
		if got := openFDs(t) - base; got != 0 {
			t.Errorf("%d descriptors still open after a scan", got)
		}
	}
}
