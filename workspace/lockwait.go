package workspace

import (
	"context"
	"fmt"
	"os"
	"sync"
	"time"
)

// LockNoticeDelay is how long a wait for one of the workspace's lock
// files (write.lock, index.db.lock) lasts before the caller is told of
// it: searches give up waiting then, with a warning; writes and index
// runs keep waiting, and call the notice of [WithLockNotice].
const LockNoticeDelay = 2 * time.Second

// A LockWait is a wait for a lock file that lasted [LockNoticeDelay].
type LockWait struct {
	// Path is the lock file.
	Path string
	// PID is the process holding it, 0 when the system does not tell.
	PID int
}

// String is one line saying what the wait is for.
func (w LockWait) String() string {
	return fmt.Sprintf("waiting for the lock %s, %s", w.Path, w.Holder())
}

// Holder says who holds the lock. A holder that is the waiting process
// itself (another call of a long-lived server, its watcher's index run)
// is said to be: its PID alone would read as another program to stop.
func (w LockWait) Holder() string {
	switch {
	case w.PID > 0 && w.PID == os.Getpid():
		return fmt.Sprintf("held by process %d (this process: another call or handle)", w.PID)
	case w.PID > 0:
		return fmt.Sprintf("held by process %d", w.PID)
	}
	return "held by another process or call"
}

// lockNoticeKey is the context key of WithLockNotice's function.
type lockNoticeKey struct{}

// WithLockNotice returns ctx with notice, which each wait for a lock file
// under ctx ([NoticeLockWait]) calls once, from another goroutine, when
// it lasts [LockNoticeDelay].
func WithLockNotice(ctx context.Context, notice func(LockWait)) context.Context {
	return context.WithValue(ctx, lockNoticeKey{}, notice)
}

// NoticeLockWait starts the wait for the lock file path under ctx: when
// ctx has a notice ([WithLockNotice]) and stop is not called within
// [LockNoticeDelay], the notice is called with the lock and its holder.
// The caller calls stop once it holds the lock or gives up.
func NoticeLockWait(ctx context.Context, path string) (stop func()) {
	notice, _ := ctx.Value(lockNoticeKey{}).(func(LockWait))
	if notice == nil {
		return func() {}
	}
	var mu sync.Mutex
	stopped := false
	t := time.AfterFunc(LockNoticeDelay, func() {
		pid := LockHolder(path)
		mu.Lock()
		defer mu.Unlock()
		if !stopped {
			notice(LockWait{Path: path, PID: pid})
		}
	})
	return func() {
		t.Stop()
		mu.Lock()
		stopped = true
		mu.Unlock()
	}
}
