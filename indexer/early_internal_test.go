package indexer

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/embed"
)

// openEarly opens the workspace root with [Options.ScanAtOpen], as a
// one-shot command does, and waits for the scan Open started to end,
// which it returns. The engine and its database close with the test.
func openEarly(t *testing.T, root string) (*Engine, *earlyScan) {
	t.Helper()
	db, e, _, err := Open(context.Background(), filepath.Join(root, ".memweave", "index.db"), Options{Root: root, MaxFileBytes: 1 << 20,
		Chunk: chunker.Options{MaxTokens: 400}, Embedder: embed.NewHash(0), OneShot: true, ScanAtOpen: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close(); db.Close() })
	e.earlyMu.Lock()
	s := e.early
	e.earlyMu.Unlock()
	if s == nil {
		t.Fatal("Open with ScanAtOpen started no scan")
	}
	<-s.done
	return e, s
}

// indexedWorkspace returns a workspace whose one note, memory/a.md, is
// indexed.
func indexedWorkspace(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	writeNote(t, root, "memory/a.md", "# A\n\nalpha\n")
	db, e, _, err := Open(context.Background(), filepath.Join(root, ".memweave", "index.db"), Options{Root: root, MaxFileBytes: 1 << 20,
		Chunk: chunker.Options{MaxTokens: 400}, Embedder: embed.NewHash(0)})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	defer e.Close()
	if _, err := e.Sync(context.Background(), SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	return root
}

func writeNote(t *testing.T, root, rel, text string) {
	t.Helper()
	abs := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(abs, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestScanAtOpen: the first freshness check of an engine opened with
// ScanAtOpen diffs the files as the scan Open started saw them, and the
// check after it scans again.
func TestScanAtOpen(t *testing.T) {
	ctx := context.Background()
	root := indexedWorkspace(t)
	e, _ := openEarly(t, root)
	writeNote(t, root, "memory/b.md", "# B\n\nbeta\n") // after the scan
	if changed, warns := e.StartCheck(ctx).Finish(ctx, time.Second); changed || len(warns) != 0 {
		t.Errorf("first check after Open = %v, %v; want false: the scan of Open did not list memory/b.md", changed, warns)
	}
	if changed, warns := e.StartCheck(ctx).Finish(ctx, time.Second); !changed || len(warns) != 0 {
		t.Errorf("second check = %v, %v; want true: memory/b.md indexed", changed, warns)
	}
	if rows, err := e.db.FilesAt(ctx, []string{"memory/b.md"}); err != nil || len(rows) != 1 {
		t.Errorf("rows of memory/b.md after the second check = %v, %v; want one", rows, err)
	}
}

// TestScanAtOpenStatus: a status is a freshness check too; it takes the
// scan of Open, and the search after it scans again.
func TestScanAtOpenStatus(t *testing.T) {
	ctx := context.Background()
	root := indexedWorkspace(t)
	e, _ := openEarly(t, root)
	writeNote(t, root, "memory/b.md", "# B\n\nbeta\n")
	if s, err := e.Status(ctx, true); err != nil || s.StaleFiles != 0 {
		t.Errorf("Status after Open = %+v, %v; want nothing stale, as the scan of Open saw it", s, err)
	}
	if changed, _ := e.StartCheck(ctx).Finish(ctx, time.Second); !changed {
		t.Error("check after the status = false, want true: memory/b.md indexed")
	}
}

// TestScanAtOpenDroppedByIndexRun: an index run before the first check
// drops the scan of Open, which no longer says what the index holds:
// the check after the run scans the files again and finds nothing stale.
func TestScanAtOpenDroppedByIndexRun(t *testing.T) {
	ctx := context.Background()
	root := indexedWorkspace(t)
	e, _ := openEarly(t, root)
	writeNote(t, root, "memory/b.md", "# B\n\nbeta\n")
	if res, err := e.Sync(ctx, SyncOptions{}); err != nil || res.FilesIndexed != 1 {
		t.Fatalf("Sync = %+v, %v; want memory/b.md indexed", res, err)
	}
	if changed, warns := e.StartCheck(ctx).Finish(ctx, time.Second); changed || len(warns) != 0 {
		t.Errorf("check after an index run = %v, %v; want false, nothing stale", changed, warns)
	}
}

// TestScanAtOpenClose: Close waits for the scan of Open that no check
// took.
func TestScanAtOpenClose(t *testing.T) {
	root := indexedWorkspace(t)
	// Enough notes (not indexed: the scan stats them all the same) that
	// the scan outlasts Open, so Close without its wait returns first.
	for i := range 1500 {
		dir := filepath.Join(root, "memory", "bulk", string(rune('a'+i%40)))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("n%d.md", i)), []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	db, e, _, err := Open(context.Background(), filepath.Join(root, ".memweave", "index.db"), Options{Root: root, MaxFileBytes: 1 << 20,
		Chunk: chunker.Options{MaxTokens: 400}, Embedder: embed.NewHash(0), OneShot: true, ScanAtOpen: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	e.earlyMu.Lock()
	s := e.early
	e.earlyMu.Unlock()
	e.Close()
	select {
	case <-s.done:
	default:
		t.Error("Close returned with the scan of Open running")
	}

}
