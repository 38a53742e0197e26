package indexer_test

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/memweavetest"
)

func newEngine(t *testing.T, root string) *indexer.Engine {
	t.Helper()
	db, err := index.Open(context.Background(), filepath.Join(root, ".memweave", "index.db"), index.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	emb := embed.NewHash(0)
	if err := db.ResetVectors(context.Background(), emb.Identity().Dims); err != nil {
		t.Fatal(err)
	}
	return indexer.New(db, indexer.Options{Root: root, MaxFileBytes: 1 << 20, Chunk: chunker.Options{MaxTokens: 400},
		Embedder: emb})
}

func TestSyncThenDiffIsEmpty(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n\nalpha\n", "memory/b/c.md": "# C\n\ngamma\n"})
	e := newEngine(t, root)
	ctx := context.Background()
	d, err := e.Diff(ctx)
	if err != nil || len(d.New) != 2 || d.Stale() != 2 || d.Scanned != 2 {
		t.Fatalf("Diff of a new workspace = %+v, %v; want 2 new", d, err)
	}
	res, err := e.Sync(ctx, indexer.SyncOptions{})
	if err != nil || res.FilesIndexed != 2 || len(res.Indexed) != 2 {
		t.Fatalf("Sync = %+v, %v", res, err)
	}
	if d, err = e.Diff(ctx); err != nil || d.Stale() != 0 || len(d.Unchanged) != 2 {
		t.Errorf("Diff after Sync = %+v, %v; want 2 unchanged, nothing stale", d, err)
	}
}

func TestWithLockTimeout(t *testing.T) {
	e := newEngine(t, memweavetest.Workspace(t, nil))
	ctx := context.Background()
	held, release := make(chan struct{}), make(chan struct{})
	go e.WithLock(ctx, 0, func() error { close(held); <-release; return nil })
	<-held
	defer close(release)
	start := time.Now()
	err := e.WithLock(ctx, 50*time.Millisecond, func() error { return nil })
	if !errors.Is(err, indexer.ErrBusy) {
		t.Errorf("WithLock while held = %v, want ErrBusy", err)
	}
	// Held by this process (a long-lived server's other call): its PID
	// alone would read as another program to stop. Only Linux tells.
	if runtime.GOOS == "linux" && (err == nil || !strings.Contains(err.Error(), "this process")) {
		t.Errorf("WithLock while this process holds the lock = %v, want it to say \"this process\"", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("WithLock waited %v, want about the 50ms timeout", d)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if err := e.WithLock(cctx, 0, func() error { return nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("WithLock with a cancelled context = %v, want context.Canceled", err)
	}
}

func TestWarning(t *testing.T) {
	tests := []struct {
		w    indexer.Warning
		want string
	}{
		{indexer.Warning{Path: "memory/a.md", Line: 3, Err: fs.ErrPermission}, "memory/a.md:3: permission denied"},
		{indexer.Warning{Path: "memory/a.md", Err: indexer.ErrTooLarge}, "memory/a.md: indexer: file over the size limit"},
		{indexer.Warning{Err: fmt.Errorf("embedding failed: %w", embed.ErrUnavailable)}, "embedding failed: embed: embedder unavailable"},
	}
	for _, tt := range tests {
		if got := tt.w.Error(); got != tt.want {
			t.Errorf("Warning.Error() = %q, want %q", got, tt.want)
		}
		if !errors.Is(tt.w, tt.w.Err) {
			t.Errorf("errors.Is(%q, its cause) = false", tt.w.Error())
		}
		if b, _ := tt.w.MarshalText(); string(b) != tt.want {
			t.Errorf("MarshalText = %q, want %q", b, tt.want)
		}
	}
	ws := []indexer.Warning{{Path: "x.md", Err: fs.ErrPermission}, {Path: "y.md", Err: indexer.ErrTooLarge}}
	if w, ok := indexer.For(ws, "y.md"); !ok || !errors.Is(w, indexer.ErrTooLarge) {
		t.Errorf("For(y.md) = %v, %v", w, ok)
	}
	if _, ok := indexer.For(ws, "z.md"); ok {
		t.Error("For(z.md) found a warning")
	}
}

// TestWarningTextKeepsQuotedNames: a warning's JSON drops the
// "memweave: " prefixes of the errors it wraps as the CLI and the MCP
// server do (ctlesc.Unwrapped), not the same words in a file's name.
// Before, every "memweave: " went: a warning about
// "memory/x memweave: y.md" named "memory/x y.md" in JSON.
func TestWarningTextKeepsQuotedNames(t *testing.T) {
	w := indexer.Warning{Path: "memory/x memweave: y.md", Err: fmt.Errorf("memweave: index: %w", indexer.ErrTooLarge)}
	want := "memory/x memweave: y.md: index: indexer: file over the size limit"
	if b, _ := w.MarshalText(); string(b) != want {
		t.Errorf("MarshalText = %q, want %q", b, want)
	}
}

func TestSyncWarnsWithoutMemoryFolder(t *testing.T) {
	root := t.TempDir()
	e := newEngine(t, root)
	res, err := e.Sync(context.Background(), indexer.SyncOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if w, ok := indexer.For(res.Warnings, "memory"); !ok || !errors.Is(w, indexer.ErrNoMemoryDir) {
		t.Errorf("Sync warnings = %q, want one about the missing memory folder", res.Warnings)
	}
}

// TestCheckFinish checks the freshness check a search runs alongside its
// read: nothing to do reports no change; a file edited on disk is
// indexed and reported; a write by another connection between StartCheck
// and Finish is reported, so the search reads again.
func TestCheckFinish(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{"memory/a.md": "# A\n\nalpha\n"})
	e := newEngine(t, root)
	ctx := context.Background()
	if _, err := e.Sync(ctx, indexer.SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	if changed, warns := e.StartCheck(ctx).Finish(ctx, time.Second); changed || len(warns) != 0 {
		t.Errorf("Finish with nothing stale = %v, %v; want false, no warnings", changed, warns)
	}
	memweavetest.WriteFile(t, root, "memory/a.md", "# A\n\nalpha, now with beta\n")
	if changed, warns := e.StartCheck(ctx).Finish(ctx, time.Second); !changed || len(warns) != 0 {
		t.Errorf("Finish after an edit = %v, %v; want true, no warnings", changed, warns)
	}
	if d, err := e.Diff(ctx); err != nil || d.Stale() != 0 {
		t.Errorf("Diff after Finish = %+v, %v; want nothing stale", d, err)
	}
	other, err := index.Open(ctx, filepath.Join(root, ".memweave", "index.db"), index.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	rows, err := other.FilesAt(ctx, []string{"memory/a.md"})
	if err != nil || len(rows) != 1 {
		t.Fatalf("FilesAt = %v, %v", rows, err)
	}
	c := e.StartCheck(ctx)
	if err := other.Touch(ctx, []index.File{rows["memory/a.md"]}); err != nil {
		t.Fatal(err)
	}
	if changed, _ := c.Finish(ctx, time.Second); !changed {
		t.Error("Finish after another connection's write = false, want true")
	}
}
