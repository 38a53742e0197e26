package workspace

import (
	"io/fs"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// A Scanner runs [Discover] scans that reuse what earlier ones learned,
// so that a scan of an unchanged workspace costs one stat system call
// per folder, plus one per file where no inotify watch vouches for it,
// and little else:
//
//   - the listing of a folder is read again only when the folder changed
//     (a file added, removed or renamed in it changes its modification
//     time);
//   - folders seen unchanged stay open between scans (up to a quarter
//     of the process's file limit), so that each stat resolves one name
//     relative to an open folder instead of a whole path;
//   - a file whose size, times and inode are unchanged keeps the entry
//     the last scan made for it, and a scan that found nothing changed
//     returns the last scan's result;
//   - on Linux, the open folders on local disk file systems are watched
//     with inotify (see journal), and a file the watch of its folder
//     reported nothing about since it was stat'ed is not stat'ed again.
//     Every folder is still stat'ed, every file of several links, and
//     every file at least once a second (fullEvery), for what inotify
//     cannot report.
//
// Without a watch every file is stat'ed on every scan: an edit in place
// changes the file, not its folder. A Scanner is safe for concurrent
// use: one scan at a time uses what it keeps, and a scan that starts
// while another runs walks the workspace without it. The zero value is
// ready; Close releases the open folders and the watches.
type Scanner struct {
	// scan is held by the scan that uses the fields below.
	scan sync.Mutex
	// mu guards dirs, which the goroutines of one scan share.
	mu   sync.Mutex
	dirs map[string]*listing
	// handles is the number of folders kept open.
	handles int
	// found is how many files the last scan found.
	found int
	// last is the last scan's result, when it was complete (no warning)
	// and for root lastRoot with no extra path.
	last     []File
	lastRoot string
	// journal reports the open folders that changed (nil until the first
	// folder is opened, or when inotify is unavailable); fullAt is when a
	// scan last stat'ed every file.
	journal      *journal
	journalTried bool
	fullAt       time.Time
	// statted is the number of files the last scan stat'ed; dirStats
	// counts the folders it stat'ed.
	statted  int64
	dirStats atomic.Int64
}

// listing is what a Scanner keeps of a folder: its entries as read, with
// the folder's metadata then, an open handle, and the files found in it.
type listing struct {
	mtime, ctime, inode int64
	dev                 uint64
	// readAt is when the entries were read: a listing read within the
	// timestamp granularity of the folder's mtime may have missed a
	// change made in the same tick, and is read again.
	readAt  time.Time
	entries []fs.DirEntry
	// fd is the folder open for relative stat calls, -1 for none.
	fd int
	// files are the candidates the last scan made for the folder's
	// Markdown files, by name, when it was reached as filesFrom.
	files     map[string]candidate
	filesFrom dirKey
	// wd is the folder's inotify watch, 0 for none; dirty is set when
	// any of its files may have changed since they were last stat'ed,
	// dirtyNames holds the entries that may have.
	wd         int32
	dirty      bool
	dirtyNames map[string]bool
	// verified is set once a stat of the folder, made while its watch
	// existed, matched the listing: from then on the watch alone can
	// vouch for it (see dir.vouched).
	verified bool
}

// dirKey is what, beyond its path, decides the candidates a folder's
// files make.
type dirKey struct {
	rel               string
	external, viaLink bool
}

// statKey is the part of a stat result that tells a change.
type statKey struct {
	size, mtime, ctime, inode int64
	dev, links                uint64
	regular, dir              bool
}

// racyWindow is the timestamp granularity to allow for: a change made
// within it of a listing may not move the folder's mtime.
const racyWindow = 2 * time.Second

// Close releases the folders s keeps open. s stays usable. Closing a
// nil Scanner does nothing.
func (s *Scanner) Close() {
	if s == nil {
		return
	}
	s.scan.Lock()
	defer s.scan.Unlock()
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, l := range s.dirs {
		closeFolder(l.fd)
	}
	s.journal.close()
	s.dirs, s.handles, s.last = nil, 0, nil
	s.journal, s.journalTried = nil, false
}

// begin starts a scan: it returns s, or nil (a scan that keeps nothing)
// when another scan holds s, and whether the scan must stat every file
// (see fullEvery). It reads the journal's events.
func (s *Scanner) begin() (*Scanner, bool) {
	if s == nil || !s.scan.TryLock() {
		return nil, true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.journal.drain()
	s.dirStats.Store(0)
	full := time.Since(s.fullAt) >= fullEvery
	if full {
		s.fullAt = time.Now()
	}
	return s, full
}

// fullEvery bounds what the journal can miss: at least this often a scan
// stats every file anyway. inotify does not report a write through a
// memory map, nor one through a hard link made after the file was last
// stat'ed (a file with several links when stat'ed is stat'ed every time).
const fullEvery = time.Second

// end finishes a scan begun by begin.
func (s *Scanner) end() {
	if s != nil {
		s.scan.Unlock()
	}
}

// lastFound returns how many files the last scan found, 0 for a nil
// Scanner or before the first scan.
func (s *Scanner) lastFound() int {
	if s == nil {
		return 0
	}
	return s.found
}

// readDir returns the listing of the folder d, from the cache when the
// folder is unchanged since it was read, and whether its entries are the
// cached ones. A nil Scanner reads every time and keeps nothing.
func (s *Scanner) readDir(d dir) (*listing, bool, error) {
	if s == nil {
		entries, err := os.ReadDir(d.abs)
		return &listing{entries: entries, fd: -1}, false, err
	}
	s.mu.Lock()
	l := s.dirs[d.abs]
	// A folder its parent's watch vouches for, whose own watch reported
	// nothing, is as listed: no stat.
	if d.vouched && l != nil && l.verified && l.wd != 0 && !l.dirty && len(l.dirtyNames) == 0 {
		s.mu.Unlock()
		return l, true, nil
	}
	s.dirStats.Add(1)
	watched := l != nil && l.wd != 0
	// A folder seen before and not yet open is opened now, and the stat
	// of the handle is the folder's: one system call less than a stat
	// and then an open.
	opening := l != nil && l.fd < 0 && s.handles < maxFolderHandles()
	if opening {
		s.handles++ // reserved
	}
	s.mu.Unlock()
	fd, k := -1, statKey{}
	if opening {
		if fd, k = openFolder(d.parentFD(), d.name, d.abs); fd < 0 {
			s.mu.Lock()
			s.handles-- // the reservation
			s.mu.Unlock()
		}
	}
	if fd < 0 {
		var err error
		if k, err = statFolder(d.parentFD(), d.name, d.abs); err != nil {
			return nil, false, err
		}
	}
	if !k.dir {
		s.release(fd)
		return nil, false, &fs.PathError{Op: "readdir", Path: d.abs, Err: errNotDir}
	}
	if l != nil && l.mtime == k.mtime && l.ctime == k.ctime && l.inode == k.inode && l.dev == k.dev &&
		l.readAt.Sub(time.Unix(0, k.mtime)) > racyWindow {
		l.verified = l.verified || watched
		s.adopt(l, fd)
		return l, true, nil
	}
	readAt := time.Now()
	entries, err := os.ReadDir(d.abs)
	if err != nil {
		s.release(fd)
		return &listing{entries: entries, fd: -1}, false, err
	}
	nl := &listing{mtime: k.mtime, ctime: k.ctime, inode: k.inode, dev: k.dev, readAt: readAt, entries: entries, fd: -1}
	same := l != nil && slices.EqualFunc(l.entries, entries, func(a, b fs.DirEntry) bool {
		return a.Name() == b.Name() && a.Type() == b.Type()
	})
	s.mu.Lock()
	if l != nil {
		// The files' entries stay valid for the files whose stat is
		// unchanged; an open handle, while it is the same folder.
		nl.files, nl.filesFrom = l.files, l.filesFrom
		if l.inode == k.inode && l.dev == k.dev {
			nl.fd, l.fd = l.fd, -1
			s.journal.move(l, nl)
			nl.verified = watched
		} else if l.fd >= 0 {
			s.journal.forget(l)
			closeFolder(l.fd)
			s.handles--
		}
	}
	if s.dirs == nil {
		s.dirs = make(map[string]*listing)
	}
	s.dirs[d.abs] = nl
	s.mu.Unlock()
	s.adopt(nl, fd)
	return nl, same, nil
}

// adopt makes fd, the folder of l opened by this scan (-1 for none),
// l's handle, and watches it.
func (s *Scanner) adopt(l *listing, fd int) {
	if fd < 0 {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	l.fd = fd
	if !s.journalTried {
		s.journal, s.journalTried = newJournal(), true
	}
	s.journal.watch(l)
}

// release closes fd, a handle readDir opened but does not keep (none
// when -1), and gives back its slot.
func (s *Scanner) release(fd int) {
	if fd < 0 {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	closeFolder(fd)
	s.handles--
}

// folders returns how many folders the last scan listed.
func (s *Scanner) folders() int {
	if s == nil {
		return 0
	}
	return len(s.dirs)
}

// finish records the end of a complete scan: it drops the listings of
// folders not in keep, the folders the scan listed, so that the cache
// holds no more than the workspace, and keeps files, the scan's result
// for root when reusable (already kept when reused).
func (s *Scanner) finish(keep map[string]bool, files []File, root string, reusable, reused bool) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.found = len(files)
	for abs, l := range s.dirs {
		if !keep[abs] {
			if l.fd >= 0 {
				s.journal.forget(l)
				closeFolder(l.fd)
				s.handles--
			}
			delete(s.dirs, abs)
		}
	}
	switch {
	case reused:
	case reusable:
		s.last, s.lastRoot = slices.Clone(files), root
	default:
		s.last, s.lastRoot = nil, ""
	}
}

// reuse returns a copy of the last scan's result for root, or nil.
func (s *Scanner) reuse(root string) []File {
	if s == nil || s.last == nil || s.lastRoot != root {
		return nil
	}
	return slices.Clone(s.last)
}
