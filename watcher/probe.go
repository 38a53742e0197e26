package watcher

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/memweave/memweave-go/workspace"
)

// A probe lets [Watcher.Sync] skip its barrier file when no change
// waits. It is a second queue of the operating system's file events (on
// Linux, an inotify instance of its own) over the same folders as the
// watcher's, read by nothing but the Syncs, without blocking: the kernel
// queues an event in every instance watching the folder before the
// system call that caused it returns, so what a Sync drains from the
// probe is every change made since the previous Sync drained it. When
// all of those are plain changes of files (no folder created, removed
// or renamed, no lost or dropped queue) and the watcher has already
// recorded every path they name, the watcher is up to date without a
// barrier; anything else, and the Sync waits for a barrier as before.
// The probe watches a folder before the watcher does and is published
// only once every watch of a start is in place, so it never misses an
// event the watcher's queue has.
type probe interface {
	// add watches dir; an error leaves the probe unusable for plain
	// drains.
	add(dir string) error
	// remove stops watching dir.
	remove(dir string)
	// close releases the probe; later drains are not plain.
	close()
	// breakDown makes every later drain not plain.
	breakDown()
	// drain reads every event queued since the last drain and returns
	// the paths the watcher records for them, and whether all were
	// plain (when not, the paths are nil).
	drain() (paths []string, plain bool)
}

// errProbeClosed is the error of adding a watch to a closed probe.
var errProbeClosed = errors.New("watcher: probe closed")

// plainEvent is what [tree.handle] does with an event of a probe for
// the file name (absolute) that does not change the watched folders:
// the path to record ("" for none), and plain false when the event might
// change them (a link or a folder created under name, the memory folder
// itself), which only the watcher's own processing of it can tell.
func (t *tree) plainEvent(name string, created bool) (string, bool) {
	switch {
	case t.extraFiles[name]:
		return name, true
	case !t.inScope(name):
		return "", true
	case name == t.mem:
		return "", false
	case workspace.IsIgnoredName(filepath.Base(name)):
		return "", true
	}
	if created {
		if fi, err := os.Lstat(name); err == nil && (fi.IsDir() || fi.Mode()&fs.ModeSymlink != 0) {
			return "", false
		}
	}
	if workspace.IsMarkdown(name) {
		return name, true
	}
	return "", true
}
