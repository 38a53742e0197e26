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
//
// Each database has a count of its own, whose mutex is held while Open
// checks the files: a slow check (checkForeign may wait on another
// process's lock) holds up only the opens of that database. A count is
// dropped once no handle is open on its database and no Open is under
// way, so that a long-lived process opening many indexes keeps none.
var handles = struct {
	sync.Mutex
	byKey map[string]*handleCount
}{byKey: make(map[string]*handleCount)}

// handleCount is the number of open handles on one database.
type handleCount struct {
	mu   sync.Mutex
	open int
	// refs is open plus the Opens under way, guarded by handles' mutex.
	refs int
}

// use returns the count of the database of key, made when missing, and
// takes a reference on it that done gives back.
func use(key string) *handleCount {
	handles.Lock()
	defer handles.Unlock()
	h := handles.byKey[key]
	if h == nil {
		h = new(handleCount)
		handles.byKey[key] = h
	}
	h.refs++
	return h
}

// done gives back a reference use took on h, the count of key.
func (h *handleCount) done(key string) {
	handles.Lock()
	defer handles.Unlock()
	if h.refs--; h.refs == 0 {
		delete(handles.byKey, key)
	}
}

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
	h := use(key)
	h.mu.Lock()
	err := check(h.open == 0)
	if err == nil {
		h.open++ // its reference is given back by release
	}
	h.mu.Unlock()
	if err != nil {
		h.done(key)
	}
	return err
}

// release counts one handle less on the database of key.
func release(key string) {
	handles.Lock()
	h := handles.byKey[key]
	handles.Unlock()
	h.mu.Lock()
	h.open--
	h.mu.Unlock()
	h.done(key)
}
