package workspace

import (
	"io/fs"
	"os"
	"sync"
	"time"
)

// A Scanner runs [Discover] scans that keep the folder listings between
// them: a folder whose identity and modification and change times are
// those of its kept listing is not read again (a file added, removed or
// renamed in a folder changes both times). Every folder and every file
// is still stat'ed on every scan: an edit in place changes the file, not
// its folder. It is for a long-lived process that scans before each
// search because no watcher reports the changes; a process that scans
// once has no use for one.
//
// A Scanner is safe for concurrent use by multiple goroutines. The zero
// value is ready; it holds no open file, only the listings of the last
// scan.
type Scanner struct {
	// mu guards dirs, which is replaced, never changed, by each scan.
	mu   sync.Mutex
	dirs map[folderKey]*listing
}

// listing is what a Scanner keeps of a folder: its entries as read, with
// the folder's times then.
type listing struct {
	mtime, ctime int64
	entries      []fs.DirEntry
	// settled is set when the entries were read more than racyWindow
	// after the folder's mtime: a change made within the timestamp
	// granularity of the mtime may not move it, so an unsettled listing
	// is read again.
	settled bool
}

// racyWindow is the timestamp granularity to allow for.
const racyWindow = 2 * time.Second

// begin starts a scan: it returns the listings of the last scan, read
// only, and a map for those of this scan, or nil, nil for a nil Scanner.
func (s *Scanner) begin() (prev, next map[folderKey]*listing) {
	if s == nil {
		return nil, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.dirs, make(map[folderKey]*listing, len(s.dirs))
}

// end keeps next, the listings of a finished scan, for the next one.
func (s *Scanner) end(next map[folderKey]*listing) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.dirs = next
}

// list returns the entries of the folder abs, in the order the system
// lists them, whose identity is key and metadata fi: the kept ones when
// the folder is unchanged since they were read.
func (w *walker) list(abs string, key folderKey, fi fs.FileInfo) ([]fs.DirEntry, error) {
	if w.next == nil {
		return readDir(abs)
	}
	_, mtime, ctime, _ := StatOf(fi)
	l := w.prev[key]
	if l == nil || !l.settled || l.mtime != mtime || l.ctime != ctime {
		readAt := time.Now()
		entries, err := readDir(abs)
		if err != nil {
			return entries, err
		}
		l = &listing{mtime: mtime, ctime: ctime, entries: entries, settled: readAt.Sub(fi.ModTime()) > racyWindow}
	}
	w.mu.Lock()
	w.next[key] = l
	w.mu.Unlock()
	return l.entries, nil
}

// readDir returns the entries of the folder abs in the order the system
// lists them, and those read before an error with it. [os.ReadDir] would
// also sort them by name, which no scan needs: [Discover] sorts the
// files it finds.
func readDir(abs string) ([]fs.DirEntry, error) {
	f, err := os.Open(abs)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.ReadDir(-1)
}
