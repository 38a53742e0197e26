package index

import (
	"path/filepath"
	"sync"
)

// handles counts this process's open handles on each database file.
//
// Open checks the files around the database with descriptors of its own
// (the header in checkForeign, the -wal and -shm files in fixSidecars).
// Closing any descriptor of a file drops every POSIX lock the process
// holds on that file, SQLite's included, so a check run while another
// handle of the process has the database open would silently release
// that handle's locks: another process could then take the -shm file's
// locks as if no one used the index and remove the -wal and -shm files
// under the live handle. SQLite itself keeps such descriptors open until
// its last connection to the file closes; Open, while the count is above
// zero, skips the checks that need a descriptor, which the handle
// already open has passed.
var handles = struct {
	sync.Mutex
	open map[string]int
}{open: make(map[string]int)}

// handleKey is the key of the database at path in handles: its absolute
// path with the folder's symbolic links resolved, so that two spellings
// of one folder share a count. The folder exists (Open makes it first).
func handleKey(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return path
	}
	dir, err := filepath.EvalSymlinks(filepath.Dir(abs))
	if err != nil {
		return abs
	}
	return filepath.Join(dir, filepath.Base(abs))
}

// acquire runs check, the checks of the files around the database, and
// counts one more handle on the database of key when it passes. check is
// told whether the handle will be the process's only one on the
// database: only then may it open the database's files with descriptors
// of its own. The caller calls release once the handle is closed, or its
// open failed.
func acquire(key string, check func(alone bool) error) error {
	handles.Lock()
	defer handles.Unlock()
	if err := check(handles.open[key] == 0); err != nil {
		return err
	}
	handles.open[key]++
	return nil
}

// release counts one handle less on the database of key.
func release(key string) {
	handles.Lock()
	defer handles.Unlock()
	if handles.open[key]--; handles.open[key] <= 0 {
		delete(handles.open, key)
	}
}
