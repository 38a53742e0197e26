//go:build linux

package workspace

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// relativeStats selects how a folder's files are stat'ed: relative to
// the folder, opened for the scan, or by full path.
var relativeStats = true

// folder is a folder being walked. On Linux it is opened for the scan
// (without following a symbolic link, for a folder met in its parent's
// listing): its own stat is taken on the open folder, so it is the
// folder listed, and its files are stat'ed with fstatat(2) relative to
// it, so that the kernel resolves one name instead of the whole path.
type folder struct {
	abs  string
	fd   int      // -1 when stat'ed by path
	file *os.File // the open folder once listed; it owns fd
}

// openFolder opens the folder abs and returns its stat, following a
// symbolic link when follow is set.
func openFolder(abs string, follow bool) (*folder, rawStat, error) {
	f := &folder{abs: abs, fd: -1}
	var st rawStat
	if !relativeStats {
		err := ignoringEINTR(func() error {
			if follow {
				return unix.Stat(abs, &st)
			}
			return unix.Lstat(abs, &st)
		})
		if err != nil {
			return nil, st, &fs.PathError{Op: "stat", Path: abs, Err: err}
		}
		return f, st, nil
	}
	flags := unix.O_RDONLY | unix.O_DIRECTORY | unix.O_CLOEXEC
	if !follow {
		flags |= unix.O_NOFOLLOW
	}
	var fd int
	err := ignoringEINTR(func() (err error) {
		fd, err = unix.Open(abs, flags, 0)
		return err
	})
	if err == nil {
		if err = unix.Fstat(fd, &st); err != nil {
			unix.Close(fd)
		}
	}
	if err != nil {
		return nil, st, &fs.PathError{Op: "open", Path: abs, Err: err}
	}
	f.fd = fd
	return f, st, nil
}

// list returns the entries of f, sorted by name.
func (f *folder) list() ([]fs.DirEntry, error) {
	if f.fd < 0 {
		return os.ReadDir(f.abs)
	}
	f.file = os.NewFile(uintptr(f.fd), f.abs)
	entries, err := f.file.ReadDir(-1)
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return entries, err
}

// close releases f.
func (f *folder) close() {
	switch {
	case f.file != nil:
		f.file.Close()
	case f.fd >= 0:
		unix.Close(f.fd)
	}
}

// rawStat is what a stat system call returns.
type rawStat = unix.Stat_t

// stat fills st with the metadata of the entry name of f, without
// following a symbolic link.
func (f *folder) stat(name string, st *rawStat) error {
	err := ignoringEINTR(func() error {
		if f.fd < 0 {
			return unix.Lstat(joinName(f.abs, name, filepath.Separator), st)
		}
		return unix.Fstatat(f.fd, name, st, unix.AT_SYMLINK_NOFOLLOW)
	})
	if err != nil {
		return &fs.PathError{Op: "lstat", Path: joinName(f.abs, name, filepath.Separator), Err: err}
	}
	return nil
}

// ignoringEINTR calls fn until it fails with something else than EINTR.
func ignoringEINTR(fn func() error) error {
	for {
		if err := fn(); err != unix.EINTR {
			return err
		}
	}
}

// keyOf returns the parts of st the walk reads.
func keyOf(st *rawStat) statKey {
	return statKey{
		size: st.Size, mtime: st.Mtim.Sec*1e9 + st.Mtim.Nsec, ctime: st.Ctim.Sec*1e9 + st.Ctim.Nsec,
		inode: int64(st.Ino), dev: uint64(st.Dev),
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
