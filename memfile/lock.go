package memfile

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"github.com/memweave/memweave-go/workspace"
)

// LockName is the lock file, under <root>/.memweave/, that serialises the
// writes of a workspace across processes.
const LockName = "write.lock"

// writeLocks holds one mutex per lock file path, so goroutines of this
// process take turns before contending for the file lock, which some
// platforms only hold per process.
var writeLocks sync.Map // string -> *sync.Mutex

// Lock takes the write lock of the workspace at root, in this process and
// across processes, and returns the function that releases it. It waits
// until the lock is free or ctx is done, calling ctx's notice
// ([workspace.WithLockNotice]) once a wait lasts
// [workspace.LockNoticeDelay].
func Lock(ctx context.Context, root string) (unlock func(), err error) {
	if err := workspace.CheckOwnFiles(root, LockName); err != nil {
		return nil, fmt.Errorf("lock: %w", err)
	}
	dir, err := workspace.MakeIndexDir(root)
	if err != nil {
		return nil, fmt.Errorf("lock: %w", err)
	}
	path := filepath.Join(dir, LockName)
	m, _ := writeLocks.LoadOrStore(path, new(sync.Mutex))
	mu := m.(*sync.Mutex)
	// A long wait is told to ctx's notice, if any.
	stop := workspace.NoticeLockWait(ctx, path)
	defer stop()
	// Wait for the in-process mutex without ignoring ctx.
	for !mu.TryLock() {
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Millisecond):
		}
	}
	fl := workspace.NewLock(path)
	if _, err := fl.TryLockContext(ctx, 5*time.Millisecond); err != nil {
		mu.Unlock()
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	return func() {
		fl.Unlock()
		fl.Close()
		mu.Unlock()
	}, nil
}
