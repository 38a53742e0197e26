package index

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/sys/unix"
)

// heldLock reports whether some process, this one included, holds a
// POSIX or open-file-description lock on any byte of the file at p. It
// asks with F_OFD_GETLK from a descriptor of its own: an OFD lock
// conflicts with a POSIX lock even of the same process, so the answer
// sees this process's SQLite locks, which F_GETLK would not.
func heldLock(t *testing.T, p string) bool {
	t.Helper()
	f, err := os.OpenFile(p, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	// This descriptor stays open until the test ends: closing it would
	// drop the very locks it looks at.
	t.Cleanup(func() { f.Close() })
	lk := unix.Flock_t{Type: unix.F_WRLCK, Whence: 0, Start: 0, Len: 0}
	if err := unix.FcntlFlock(f.Fd(), unix.F_OFD_GETLK, &lk); err != nil {
		t.Fatal(err)
	}
	return lk.Type != unix.F_UNLCK
}

// openLocked opens a new index, closed when the test ends, reads from
// it, and returns it with the files it then holds locks on: the database
// and its -shm file (WAL mode).
func openLocked(t *testing.T) (*DB, []string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "index.db")
	db, err := Open(context.Background(), path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Meta(context.Background(), "probe"); err != nil {
		t.Fatal(err)
	}
	files := []string{path, path + "-shm"}
	for _, p := range files {
		if !heldLock(t, p) {
			t.Fatalf("an open handle holds no lock on %s: the probe sees nothing", p)
		}
	}
	return db, files
}

// TestOpenKeepsOtherHandlesLocks checks that opening and closing a
// second handle on an index leaves the locks of the first one, which is
// still open, in place. Closing any descriptor of a file drops every
// POSIX lock the process holds on it, SQLite's too; an Open that checks
// the database's files with descriptors of its own must not do it while
// another handle of the process has them open, or another process could
// take the -shm file's locks as if no one used the index, and remove
// the -wal and -shm files under the live handle.
func TestOpenKeepsOtherHandlesLocks(t *testing.T) {
	ctx := context.Background()
	first, files := openLocked(t)
	path := first.Path()
	for i := 0; i < 2; i++ {
		second, err := Open(ctx, path, Options{OneShot: i == 1})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := second.Meta(ctx, "probe"); err != nil {
			t.Fatal(err)
		}
		if err := second.Close(); err != nil {
			t.Fatal(err)
		}
		for _, p := range files {
			if !heldLock(t, p) {
				t.Fatalf("after a second handle opened and closed (round %d), the first handle holds no lock on %s", i, p)
			}
		}
		if _, err := first.Meta(ctx, "probe"); err != nil {
			t.Fatal(err)
		}
	}
}

// TestConcurrentOpensKeepLocks opens and closes handles on one index
// from several goroutines at once, beside a handle that stays open, and
// checks that the open handle still holds its locks afterwards, that
// the process's count of handles on the file is back to one, and that
// the count is dropped after the last Close.
func TestConcurrentOpensKeepLocks(t *testing.T) {
	ctx := context.Background()
	first, files := openLocked(t)
	path := first.Path()
	errs := make(chan error, 8)
	for g := range 8 {
		go func() {
			for i := range 5 {
				db, err := Open(ctx, path, Options{OneShot: (g+i)%2 == 0})
				if err != nil {
					errs <- err
					return
				}
				_, err = db.Meta(ctx, "probe")
				if cerr := db.Close(); err == nil {
					err = cerr
				}
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range files {
		if !heldLock(t, p) {
			t.Errorf("after concurrent opens and closes, the open handle holds no lock on %s", p)
		}
	}
	key := handleKey(path)
	handles.Lock()
	h := handles.byKey[key]
	open, refs := -1, -1
	if h != nil {
		open, refs = h.open, h.refs
	}
	handles.Unlock()
	if open != 1 || refs != 1 {
		t.Errorf("the index's count: %d open, %d references; want 1 and 1 (the open handle)", open, refs)
	}
	first.Close()
	handles.Lock()
	h = handles.byKey[key]
	handles.Unlock()
	if h != nil {
		t.Errorf("after the last Close, handles still holds the index's count")
	}
}
