package mcpserver_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestCallsSayTheyWaitedForALock: memory_append and memory_write, kept
// waiting for the workspace's write lock that another process holds,
// finish once it is released, and their result says they waited, naming
// the lock file (and its holder, where the system tells), as a search
// kept waiting says so in its warnings.
func TestCallsSayTheyWaitedForALock(t *testing.T) {
	cs, root := connect(t, map[string]string{"memory/keep.md": "# Keep\n"})
	lock := filepath.Join(root, ".memweave", "write.lock")
	for _, tc := range []struct {
		tool string
		args map[string]any
	}{
		{"memory_append", map[string]any{"text": "The HERON-12 note."}},
		{"memory_write", map[string]any{"path": "notes/heron.md", "content": "# Heron\n\nHERON-13.\n"}},
	} {
		f, err := os.OpenFile(lock, os.O_CREATE|os.O_RDONLY, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
			t.Fatal(err)
		}
		time.AfterFunc(3*time.Second, func() { f.Close() })
		var out struct {
			Path     string   `json:"path"`
			Warning  string   `json:"warning"`
			Warnings []string `json:"warnings"`
		}
		mustCall(t, cs, tc.tool, tc.args, &out)
		said := out.Warning + strings.Join(out.Warnings, "\n")
		if out.Path == "" || !strings.Contains(said, lock) || !strings.Contains(said, "process "+strconv.Itoa(os.Getpid())) {
			t.Errorf("%s kept waiting for %s = %+v; want the path and a warning naming the lock and process %d", tc.tool, lock, out, os.Getpid())
		}
	}
}
