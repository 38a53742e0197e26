package memfile

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"github.com/memweave/memweave-go/internal/ctxsleep"
	"github.com/memweave/memweave-go/workspace"
)

// LockName is the lock file, under <root>/.memweave/, that serialises the
// writes of a workspace across processes.
const LockName = "write.lock"

// writeLocks holds one turnstile per lock file path, so goroutines of
// this process take turns, in the order they came, before contending for
// the file lock, which some platforms only hold per process.
var writeLocks sync.Map // string -> *workspace.Turnstile

// Lock takes the write lock of the workspace at root, in this process and
// across processes, and returns the function that releases it. It waits
// until the lock is free or ctx is done, calling ctx's notice
// ([workspace.WithLockNotice]) once a wait lasts
// [workspace.LockNoticeDelay].
func Lock(ctx context.Context, root string) (unlock func(), err error) {
	return lockFile(ctx, root, LockName)
}

// ApplyLockName is the lock file, under <root>/.memweave/, that an apply
// of consolidation groups holds from its first check to its last
// removal ([LockApply]).
const ApplyLockName = "apply.lock"

// LockApply takes the apply lock of the workspace at root, in this
// process and across processes, as [Lock] takes the write lock, and
// returns the function that releases it. Two applies of the same groups
// (a person's and an agent's) then take turns: a group applied in parts,
// each under the write lock, would let the other apply check its copies
// between the first's merge into the kept note and its removal of the
// copies, and carry their feedback marks to the kept note again. The
// caller takes it before the write lock, never while holding it.
func LockApply(ctx context.Context, root string) (unlock func(), err error) {
	return lockFile(ctx, root, ApplyLockName)
}

// lockFile takes the lock file name under root's .memweave folder.
func lockFile(ctx context.Context, root, name string) (unlock func(), err error) {
	if err := workspace.CheckOwnFiles(root, name, name+workspace.TurnsSuffix); err != nil {
		return nil, fmt.Errorf("lock: %w", err)
	}
	dir, err := workspace.MakeIndexDir(root)
	if err != nil {
		return nil, fmt.Errorf("lock: %w", err)
	}
	path := filepath.Join(dir, name)
	m, _ := writeLocks.LoadOrStore(path, new(workspace.Turnstile))
	turns := m.(*workspace.Turnstile)
	// A long wait is told to ctx's notice, if any.
	stop := workspace.NoticeLockWait(ctx, path)
	defer stop()
	if err := turns.Lock(ctx, 0, nil); err != nil {
		return nil, err
	}
	fl := workspace.NewLock(path)
	err = workspace.LockInTurn(fl, func(d time.Duration) error { return ctxsleep.Sleep(ctx, d) })
	if err != nil {
		turns.Unlock()
		if ctx.Err() != nil {
			err = fmt.Errorf("lock %s: %w", path, err)
		}
		return nil, err
	}
	return func() {
		fl.Unlock()
		fl.Close()
		turns.Unlock()
	}, nil
}
