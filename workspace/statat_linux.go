//go:build linux

package workspace

import (
	"io/fs"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// dirStatter stats the entries of one folder. On Linux it holds the
// folder open and calls fstatat(2) relative to it: the kernel resolves
// one name instead of the whole path, which halves the cost of the stat
// scan every freshness check makes (2 µs instead of 4.5 µs a file on a
// 2-core VM). The folder is opened without following a symbolic link;
// when it cannot be opened, lstat falls back to [os.Lstat] of the full
// path.
type dirStatter struct {
	abs string
	fd  int
}

// openAt is the number of entries from which a folder is opened for
// relative stat calls: for fewer, the open and close cost more than the
// path walks they save (most folders of a dated-log workspace hold one
// file).
const openAt = 4

// openDir opens the folder abs for stat calls on its n entries; close
// releases it.
func openDir(abs string, n int) dirStatter {
	if n < openAt {
		return dirStatter{abs: abs, fd: -1}
	}
	fd, err := unix.Open(abs, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		fd = -1
	}
	return dirStatter{abs: abs, fd: fd}
}

func (d dirStatter) close() {
	if d.fd >= 0 {
		unix.Close(d.fd)
	}
}

// rawStat is what a stat system call returns.
type rawStat = unix.Stat_t

// stat fills st with the metadata of the entry name, without following
// a symbolic link: relative to the open folder, or by full path.
func (d dirStatter) stat(name string, st *rawStat) error {
	for {
		var err error
		if d.fd < 0 {
			err = unix.Lstat(joinName(d.abs, name, filepath.Separator), st)
		} else {
			err = unix.Fstatat(d.fd, name, st, unix.AT_SYMLINK_NOFOLLOW)
		}
		switch err {
		case nil:
			return nil
		case unix.EINTR:
			continue
		}
		return &fs.PathError{Op: "lstat", Path: joinName(d.abs, name, filepath.Separator), Err: err}
	}
}

// keyOf returns the parts of st that tell a change.
func keyOf(st *rawStat) statKey {
	return statKey{
		size: st.Size, mtime: st.Mtim.Sec*1e9 + st.Mtim.Nsec, ctime: st.Ctim.Sec*1e9 + st.Ctim.Nsec,
		inode: int64(st.Ino), dev: uint64(st.Dev), links: uint64(st.Nlink),
		regular: st.Mode&unix.S_IFMT == unix.S_IFREG, dir: st.Mode&unix.S_IFMT == unix.S_IFDIR,
	}
}

// infoOf returns st as the fs.FileInfo of the entry name.
func infoOf(name string, st *rawStat) fs.FileInfo {
	return &statInfo{name: name, st: syscall.Stat_t{
		Dev: st.Dev, Ino: st.Ino, Nlink: st.Nlink, Mode: st.Mode, Uid: st.Uid, Gid: st.Gid,
		Rdev: st.Rdev, Size: st.Size, Blksize: st.Blksize, Blocks: st.Blocks,
		Atim: syscall.Timespec(st.Atim), Mtim: syscall.Timespec(st.Mtim), Ctim: syscall.Timespec(st.Ctim),
	}}
}

// statFolder stats the folder abs: the entry name of the open folder
// parent when parent >= 0 (a folder met in its parent's listing, where
// not following a link is what the walk wants), else abs by full path,
// following links (a starting folder may be one).
func statFolder(parent int, name, abs string) (statKey, error) {
	var st rawStat
	for {
		var err error
		if parent >= 0 {
			err = unix.Fstatat(parent, name, &st, unix.AT_SYMLINK_NOFOLLOW)
		} else {
			err = unix.Stat(abs, &st)
		}
		switch err {
		case nil:
			return keyOf(&st), nil
		case unix.EINTR:
			continue
		}
		return statKey{}, &fs.PathError{Op: "stat", Path: abs, Err: err}
	}
}

// openFolder opens the folder abs (the entry name of parent when parent
// >= 0) as a handle for relative stat calls, without following a link,
// and returns it with the stat of the folder it holds: that stat is the
// folder's for this scan, so the handle is the folder the scan lists. It
// returns -1 when it cannot.
func openFolder(parent int, name, abs string) (int, statKey) {
	var fd int
	var err error
	const flags = unix.O_PATH | unix.O_DIRECTORY | unix.O_NOFOLLOW | unix.O_CLOEXEC
	if parent >= 0 {
		fd, err = unix.Openat(parent, name, flags, 0)
	} else {
		fd, err = unix.Open(abs, flags, 0)
	}
	if err != nil {
		return -1, statKey{}
	}
	var st rawStat
	if unix.Fstat(fd, &st) != nil {
		unix.Close(fd)
		return -1, statKey{}
	}
	return fd, keyOf(&st)
}

// closeFolder releases a handle of openFolder.
func closeFolder(fd int) {
	if fd >= 0 {
		unix.Close(fd)
	}
}

// maxFolderHandles is how many folder handles a Scanner keeps open
// between scans: a quarter of the process's file limit, at most 4,096.
var maxFolderHandles = sync.OnceValue(func() int {
	var lim unix.Rlimit
	if unix.Getrlimit(unix.RLIMIT_NOFILE, &lim) != nil {
		return 0
	}
	return int(min(lim.Cur/4, 4096))
})

// statInfo is the fs.FileInfo of an fstatat(2) result; Sys returns the
// *syscall.Stat_t, as [os.Lstat]'s does.
type statInfo struct {
	name string
	st   syscall.Stat_t
}

func (s *statInfo) Name() string       { return s.name }
func (s *statInfo) Size() int64        { return s.st.Size }
func (s *statInfo) ModTime() time.Time { return time.Unix(s.st.Mtim.Sec, s.st.Mtim.Nsec) }
func (s *statInfo) IsDir() bool        { return s.Mode().IsDir() }
func (s *statInfo) Sys() any           { return &s.st }

func (s *statInfo) Mode() fs.FileMode {
	m := fs.FileMode(s.st.Mode & 0o777)
	switch s.st.Mode & syscall.S_IFMT {
	case syscall.S_IFDIR:
		m |= fs.ModeDir
	case syscall.S_IFLNK:
		m |= fs.ModeSymlink
	case syscall.S_IFIFO:
		m |= fs.ModeNamedPipe
	case syscall.S_IFSOCK:
		m |= fs.ModeSocket
	case syscall.S_IFCHR:
		m |= fs.ModeDevice | fs.ModeCharDevice
	case syscall.S_IFBLK:
		m |= fs.ModeDevice
	}
	if s.st.Mode&syscall.S_ISUID != 0 {
		m |= fs.ModeSetuid
	}
	if s.st.Mode&syscall.S_ISGID != 0 {
		m |= fs.ModeSetgid
	}
	if s.st.Mode&syscall.S_ISVTX != 0 {
		m |= fs.ModeSticky
	}
	return m
}

// sameFile reports whether a and b describe the same file: the same
// device and inode, as [os.SameFile] decides for its own results.
func sameFile(a, b fs.FileInfo) bool {
	sa, ok1 := a.Sys().(*syscall.Stat_t)
	sb, ok2 := b.Sys().(*syscall.Stat_t)
	if !ok1 || !ok2 {
		return false
	}
	return sa.Dev == sb.Dev && sa.Ino == sb.Ino
}
