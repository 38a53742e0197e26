package indexer

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/embed"
)

// openProcess opens an engine on root's index as one process does: its
// own connections and its own open of the lock file, which another
// engine's lock excludes as another process's would. It closes with the
// test.
func openProcess(t *testing.T, root string) *Engine {
	t.Helper()
	db, e, _, err := Open(context.Background(), filepath.Join(root, ".memweave", "index.db"), Options{Root: root, MaxFileBytes: 1 << 20,
		Chunk: chunker.Options{MaxTokens: 400}, Embedder: embed.NewHash(0)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close(); db.Close() })
	return e
}

// holdLock makes e hold the index lock until the test ends, as another
// process's long index run does.
func holdLock(t *testing.T, e *Engine) {
	t.Helper()
	held, release, done := make(chan struct{}), make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		_ = e.WithLock(context.Background(), 0, func() error { close(held); <-release; return nil })
	}()
	<-held
	t.Cleanup(func() { close(release); <-done })
}

// TestRefreshDoneByTheLockHolder: a search's refresh waits for the index
// lock that another process holds. When that process has indexed the
// very files the refresh found stale (a writer indexes its own edit: the
// search saw the file between the write and the index run), the refresh
// stops waiting: nothing is left to do and the index is fresh, so no
// warning says "could not refresh ... results may be stale". It used to
// wait out its lock timeout (2 s for a search) and warn, which
// TestManyProcessesOneWorkspace reported as "index busy" under load.
// A file still stale keeps the bounded wait and the warning.
func TestRefreshDoneByTheLockHolder(t *testing.T) {
	ctx := context.Background()
	setup := func(t *testing.T) (root string, search, writer *Engine) {
		root = indexedWorkspace(t)
		return root, openProcess(t, root), openProcess(t, root)
	}
	t.Run("unwatched", func(t *testing.T) {
		root, search, writer := setup(t)
		writeNote(t, root, "memory/a.md", "# A\n\nalpha, edited by a writer that indexes it\n")
		writeNote(t, root, "memory/b.md", "# B\n\na new note the writer indexes too\n")
		c := search.StartCheck(ctx)
		<-c.done // the search's diff saw both files stale
		if c.err != nil || c.diff.Stale() != 2 {
			t.Fatalf("the check's diff = %+v, %v; want 2 files stale", c.diff, c.err)
		}
		if _, err := writer.Sync(ctx, SyncOptions{}); err != nil {
			t.Fatal(err)
		}
		holdLock(t, writer)
		if changed, warns := c.Finish(ctx, 3*time.Second); !changed || len(warns) != 0 {
			t.Errorf("Finish after the lock holder indexed the stale files = %v, %q; want changed (read again), no warning", changed, warns)
		}
		writeNote(t, root, "memory/a.md", "# A\n\nalpha, edited again: nobody indexed this\n")
		changed, warns := search.StartCheck(ctx).Finish(ctx, 200*time.Millisecond)
		if len(warns) != 1 || !errors.Is(warns[0], ErrBusy) {
			t.Errorf("Finish with a stale file and the lock held = %v, %q; want a warning wrapping ErrBusy", changed, warns)
		}
	})
	t.Run("watched", func(t *testing.T) {
		root, search, writer := setup(t)
		a := filepath.Join(root, "memory", "a.md")
		writeNote(t, root, "memory/a.md", "# A\n\nalpha, edited by a writer that indexes it\n")
		if _, err := writer.SyncPaths(ctx, []string{a}, SyncOptions{}); err != nil {
			t.Fatal(err)
		}
		holdLock(t, writer)
		res, err := search.SyncPaths(ctx, []string{a}, SyncOptions{LockTimeout: 3 * time.Second, Refresh: true})
		if err != nil || res.FilesIndexed != 0 {
			t.Errorf("a search's SyncPaths of a file the lock holder indexed = %+v, %v; want nothing to do", res, err)
		}
		writeNote(t, root, "memory/a.md", "# A\n\nalpha, edited again: nobody indexed this\n")
		if _, err := search.SyncPaths(ctx, []string{a}, SyncOptions{LockTimeout: 200 * time.Millisecond, Refresh: true}); !errors.Is(err, ErrBusy) {
			t.Errorf("a search's SyncPaths of a stale file with the lock held = %v, want ErrBusy", err)
		}
	})
}
