//go:build linux

package workspace

import (
	"bytes"
	"encoding/binary"
	"strconv"

	"golang.org/x/sys/unix"
)

// A journal tells a Scanner which of the folders it keeps open changed
// since its last scan, from inotify(7) events, so that a scan stats the
// files of changed folders only. The kernel queues an event before the
// system call that made the change returns, so a scan that drains the
// queue first sees every change completed before it began: it is as fresh
// as a stat of every file. What inotify does not see, the scan still
// stats every time: every folder (the listings), a file with more than
// one link (it may be written through a path outside the watched
// folder), and every folder on a file system not known to report all
// changes (network and FUSE file systems, overlays; see localFS). A
// full queue marks every folder changed.
type journal struct {
	fd  int
	wds map[int32]*listing
	buf []byte
	// local caches localFS by device.
	local map[uint64]bool
}

// journalEvents are the changes a watched folder reports: any change to
// an entry's data, metadata or name, and the folder's own removal.
const journalEvents = unix.IN_MODIFY | unix.IN_ATTRIB | unix.IN_CLOSE_WRITE | unix.IN_CREATE |
	unix.IN_DELETE | unix.IN_MOVED_FROM | unix.IN_MOVED_TO | unix.IN_DELETE_SELF | unix.IN_MOVE_SELF |
	unix.IN_ONLYDIR

// newJournal returns a journal, nil when inotify is unavailable (the
// per-user instance limit, a kernel without it).
func newJournal() *journal {
	fd, err := unix.InotifyInit1(unix.IN_NONBLOCK | unix.IN_CLOEXEC)
	if err != nil {
		return nil
	}
	return &journal{fd: fd, wds: make(map[int32]*listing), buf: make([]byte, 64<<10), local: make(map[uint64]bool)}
}

// localFS reports whether the file system of the open folder fd reports
// every change through inotify: the common local disk file systems.
func localFS(fd int) bool {
	var st unix.Statfs_t
	if unix.Fstatfs(fd, &st) != nil {
		return false
	}
	switch uint32(st.Type) {
	case unix.EXT4_SUPER_MAGIC, unix.XFS_SUPER_MAGIC, unix.BTRFS_SUPER_MAGIC, unix.TMPFS_MAGIC, unix.F2FS_SUPER_MAGIC:
		return true
	}
	return false
}

// watch starts watching the open folder of l (by its handle, so the
// watch is on that very folder) and marks l changed: its files are
// stat'ed once more after the watch exists.
func (j *journal) watch(l *listing) {
	if j == nil || l.fd < 0 || l.wd != 0 {
		return
	}
	local, ok := j.local[l.dev]
	if !ok {
		local = localFS(l.fd)
		j.local[l.dev] = local
	}
	if !local {
		return
	}
	wd, err := unix.InotifyAddWatch(j.fd, "/proc/self/fd/"+strconv.Itoa(l.fd), journalEvents)
	if err != nil {
		return // the watch limit: the folder is stat'ed as before
	}
	l.wd, l.dirty, l.verified = int32(wd), true, false
	j.wds[l.wd] = l
}

// move hands the watch of old, the same folder listed again, to nl,
// with what the watch reported: the entries it named stay to be stat'ed.
func (j *journal) move(old, nl *listing) {
	if j == nil || old.wd == 0 {
		return
	}
	nl.wd, nl.dirty, nl.dirtyNames = old.wd, old.dirty, old.dirtyNames
	old.wd = 0
	j.wds[nl.wd] = nl
}

// forget stops watching the folder of l.
func (j *journal) forget(l *listing) {
	if j == nil || l.wd == 0 {
		return
	}
	unix.InotifyRmWatch(j.fd, uint32(l.wd))
	delete(j.wds, l.wd)
	l.wd = 0
}

// drain reads every queued event and marks the folders they name
// changed: all of them when the queue overflowed or cannot be read.
func (j *journal) drain() {
	if j == nil {
		return
	}
	for {
		n, err := unix.Read(j.fd, j.buf)
		if err == unix.EINTR {
			continue
		}
		if err == unix.EAGAIN {
			return
		}
		if err != nil || n <= 0 {
			j.all()
			return
		}
		for off := 0; off+unix.SizeofInotifyEvent <= n; {
			wd := int32(binary.NativeEndian.Uint32(j.buf[off:]))
			mask := binary.NativeEndian.Uint32(j.buf[off+4:])
			size := int(binary.NativeEndian.Uint32(j.buf[off+12:]))
			name := j.buf[off+unix.SizeofInotifyEvent : min(off+unix.SizeofInotifyEvent+size, n)]
			off += unix.SizeofInotifyEvent + size
			if mask&unix.IN_Q_OVERFLOW != 0 {
				j.all()
				continue
			}
			l := j.wds[wd]
			if l == nil {
				continue
			}
			if name = bytes.TrimRight(name, "\x00"); len(name) > 0 {
				// An entry changed, was created, removed or renamed:
				// that name is stat'ed again (the folder's own stat
				// sees the listing change).
				if l.dirtyNames == nil {
					l.dirtyNames = make(map[string]bool)
				}
				l.dirtyNames[string(name)] = true
				continue
			}
			// The folder itself changed, or its watch is gone.
			l.dirty = true
			if mask&unix.IN_IGNORED != 0 {
				delete(j.wds, wd)
				l.wd = 0
			}
		}
	}
}

// all marks every watched folder changed.
func (j *journal) all() {
	for _, l := range j.wds {
		l.dirty = true
	}
}

// close releases the journal and its watches.
func (j *journal) close() {
	if j != nil {
		unix.Close(j.fd)
	}
}
