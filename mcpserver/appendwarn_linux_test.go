package mcpserver_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestAppendOverTheLimitKeepsItsWarnings: memory_append whose note is
// stored, but whose log another program takes over the size limit while
// the call waits for the index lock, says both: that the note will not
// be searchable, and what lock it waited for.
func TestAppendOverTheLimitKeepsItsWarnings(t *testing.T) {
	const day = "memory/2026-11-30.md" // memweavetest.Now's
	root := memweavetest.Workspace(t, map[string]string{"memory/keep.md": "# Keep\n"})
	w, err := memweave.Open(context.Background(), memweave.Config{Workspace: root, Now: memweavetest.Clock(), MaxFileBytes: 4096})
	if err != nil {
		t.Fatal(err)
	}
	cs := connectWeave(t, w)
	lock := w.Config().DBPath + ".lock"
	f, err := os.OpenFile(lock, os.O_CREATE|os.O_RDONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	// Another program grows the log once the note is in it, then the
	// index lock is released.
	time.AfterFunc(2500*time.Millisecond, func() {
		g, err := os.OpenFile(filepath.Join(root, day), os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Errorf("open the log: %v", err)
		} else {
			g.WriteString(strings.Repeat("- Another program's line.\n", 200))
			g.Close()
		}
		time.AfterFunc(500*time.Millisecond, func() { f.Close() })
	})
	var out struct {
		Path    string `json:"path"`
		Warning string `json:"warning"`
	}
	mustCall(t, cs, "memory_append", map[string]any{"text": "The HERON-12 note."}, &out)
	if out.Path != day || !strings.Contains(out.Warning, "will not be searchable") ||
		!strings.Contains(out.Warning, lock) || !strings.Contains(out.Warning, "process "+strconv.Itoa(os.Getpid())) {
		t.Errorf("memory_append = %+v; want %s, its size warning and the wait for %s", out, day, lock)
	}
}
