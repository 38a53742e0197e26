package memweave_test

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/workspace"
)

// TestIndexWritingSettingsLetsSearchesRun: an Index that writes the
// missing settings file waits for the workspace's write lock
// (settings.Write takes it), which another process may hold for a while
// (a sync's checkout, a consolidate apply). Meanwhile the handle's
// searches, Status and Close must go on: the wait may not hold the
// handle's own mutex, which every method takes and no ctx bounds.
func TestIndexWritingSettingsLetsSearchesRun(t *testing.T) {
	ctx := context.Background()
	root, w := openIndexed(t, sample, memweave.Config{})
	w.Close()
	if err := os.Remove(filepath.Join(root, memweave.SettingsFile)); err != nil {
		t.Fatal(err) // an index made before the settings file existed
	}
	w = open(t, root, memweave.Config{})
	unlock, err := memfile.Lock(ctx, root) // another writer's
	if err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	release := func() { once.Do(unlock) }
	t.Cleanup(release)
	waiting := make(chan struct{})
	var noticed sync.Once
	ictx := workspace.WithLockNotice(ctx, func(workspace.LockWait) { noticed.Do(func() { close(waiting) }) })
	indexed := make(chan error, 1)
	go func() { _, err := w.Index(ictx); indexed <- err }()
	select {
	case <-waiting:
	case err := <-indexed:
		t.Fatalf("Index = %v before the write lock was released, want it to wait to write the settings file", err)
	}
	searched := make(chan error, 1)
	go func() { _, err := w.Search(ctx, "ZEBRA-COMET-2026"); searched <- err }()
	select {
	case err := <-searched:
		if err != nil {
			t.Errorf("Search while Index waits for the write lock = %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Errorf("Search blocked for 30s while Index waits for the write lock")
	}
	release()
	if err := <-indexed; err != nil {
		t.Fatalf("Index = %v", err)
	}
	if s, err := memweave.ReadSettings(ctx, root); err != nil || s == nil {
		t.Errorf("ReadSettings after Index = %v, %v; want the file written", s, err)
	}
}
