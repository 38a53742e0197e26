package workspace

import (
	"io/fs"
	"os"
	"sync"
	"time"
)

// A Scanner runs [Discover] scans that reuse what earlier ones learned:
// the listing of a folder is read again only when the folder changed (a
// file added, removed or renamed in it changes its modification time),
// so a scan of an unchanged workspace costs one stat per folder and per
// file. Every file is still stat'ed on every scan: an edit in place
// changes the file, not its folder. A Scanner is safe for concurrent use;
// the zero value is ready.
type Scanner struct {
	mu   sync.Mutex
	dirs map[string]listing
	// found is how many files the last scan found.
	found int
}

// lastFound returns how many files the last scan found, 0 for a nil
// Scanner or before the first scan.
func (s *Scanner) lastFound() int {
	if s == nil {
		return 0
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.found
}

// listing is a folder's entries as read, with the folder's metadata then.
type listing struct {
	mtime, ctime, inode int64
	// readAt is when the entries were read: a listing read within the
	// timestamp granularity of the folder's mtime may have missed a
	// change made in the same tick, and is read again.
	readAt  time.Time
	entries []fs.DirEntry
}

// racyWindow is the timestamp granularity to allow for: a change made
// within it of a listing may not move the folder's mtime.
const racyWindow = 2 * time.Second

// readDir returns the entries of the folder abs, sorted by name, from
// the cache when the folder is unchanged since they were read. A nil
// Scanner reads every time.
func (s *Scanner) readDir(abs string) ([]fs.DirEntry, error) {
	if s == nil {
		return os.ReadDir(abs)
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return nil, err
	}
	_, mtime, ctime, inode := StatOf(fi)
	s.mu.Lock()
	l, ok := s.dirs[abs]
	s.mu.Unlock()
	if ok && l.mtime == mtime && l.ctime == ctime && l.inode == inode &&
		l.readAt.Sub(time.Unix(0, mtime)) > racyWindow {
		return l.entries, nil
	}
	readAt := time.Now()
	entries, err := os.ReadDir(abs)
	if err != nil {
		return entries, err
	}
	s.mu.Lock()
	if s.dirs == nil {
		s.dirs = make(map[string]listing)
	}
	s.dirs[abs] = listing{mtime: mtime, ctime: ctime, inode: inode, readAt: readAt, entries: entries}
	s.mu.Unlock()
	return entries, nil
}

// forgetOthers drops the listings of folders not in keep, the folders the
// last scan listed, so that the cache holds no more than the workspace,
// and records that the scan found found files.
func (s *Scanner) forgetOthers(keep map[string]bool, found int) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.found = found
	for abs := range s.dirs {
		if !keep[abs] {
			delete(s.dirs, abs)
		}
	}
}
