package mcpserver_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/memweave/memweave-go/curate"
)

// TestCallsSayTheyWaitedForALock: the tools that edit notes, kept
// waiting for the workspace's write lock that another process holds,
// finish once it is released, and their result says they waited, naming
// the lock file (and its holder, where the system tells), as a search
// kept waiting says so in its warnings.
func TestCallsSayTheyWaitedForALock(t *testing.T) {
	dup := "# Deploys\n\nThe staging deploy runs every Tuesday at noon from the release branch.\n"
	cs, root := connect(t, map[string]string{
		"memory/keep.md":       "# Keep\n",
		"memory/old.md":        "# Old\n\nThe OSPREY-4 plan.\n",
		"memory/2025-03-02.md": "# 2025-03-02\n\n- The staging database runs PostgreSQL 15.\n",
		"memory/2025-05-10.md": "# 2025-05-10\n\n- The staging database runs PostgreSQL 16.\n",
		"memory/2026-11-01.md": dup, "memory/2026-11-20.md": dup,
	})
	var list struct {
		Groups []struct {
			ID string `json:"id"`
		} `json:"groups"`
	}
	mustCall(t, cs, "memory_consolidate", map[string]any{}, &list)
	if len(list.Groups) != 1 {
		t.Fatalf("memory_consolidate = %+v, want one group", list)
	}
	lock := filepath.Join(root, ".memweave", "write.lock")
	for _, tc := range []struct {
		tool string
		args map[string]any
	}{
		{"memory_append", map[string]any{"text": "The HERON-12 note."}},
		{"memory_write", map[string]any{"path": "notes/heron.md", "content": "# Heron\n\nHERON-13.\n"}},
		{"memory_delete", map[string]any{"path": "old.md"}},
		{"memory_feedback", map[string]any{"path": "keep.md", "line": 1, "passage": curate.LineKey("# Keep"), "useful": true}},
		{"memory_resolve", map[string]any{"keep_path": "2025-05-10.md", "keep_line": 3, "drop_path": "2025-03-02.md", "drop_line": 3,
			"keep_text": "- The staging database runs PostgreSQL 16.", "drop_text": "- The staging database runs PostgreSQL 15."}},
		{"memory_consolidate", map[string]any{"apply": []string{list.Groups[0].ID}}},
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
			Warning  string   `json:"warning"`
			Warnings []string `json:"warnings"`
		}
		mustCall(t, cs, tc.tool, tc.args, &out)
		said := out.Warning + strings.Join(out.Warnings, "\n")
		if !strings.Contains(said, lock) || !strings.Contains(said, "process "+strconv.Itoa(os.Getpid())) {
			t.Errorf("%s kept waiting for %s = %+v; want a warning naming the lock and process %d", tc.tool, lock, out, os.Getpid())
		}
	}
}
