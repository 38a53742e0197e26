//go:build linux || darwin

package workspace

import (
	"errors"

	"golang.org/x/sys/unix"
)

// folder is an open folder whose files the walk stats by name, relative
// to it (fstatat): the system looks up one name instead of every folder
// of an absolute path, and no fs.FileInfo is made for a file that is
// only compared.
type folder struct{ fd int }

// openFolder opens the folder at abs for [folder.lstat]. It returns nil
// when the folder cannot be opened: each file is then stat'ed by path.
func openFolder(abs string) *folder {
	for {
		fd, err := unix.Open(abs, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
		if err == nil {
			return &folder{fd: fd}
		}
		if !errors.Is(err, unix.EINTR) {
			return nil
		}
	}
}

// close closes the folder; a nil folder is ignored.
func (d *folder) close() {
	if d != nil {
		unix.Close(d.fd)
	}
}

// lstat returns the metadata of the file name in the folder, without
// following a symbolic link. ok is false when there is none to give: a
// nil folder, a stat that failed, or anything but a regular file with an
// inode. The caller then stats the file by path ([os.Lstat]), which
// gives the error or the file's kind for its warning, exactly as a walk
// without the folder does.
func (d *folder) lstat(name string) (s fileStat, ok bool) {
	if d == nil {
		return s, false
	}
	var st unix.Stat_t
	for {
		err := unix.Fstatat(d.fd, name, &st, unix.AT_SYMLINK_NOFOLLOW)
		if err == nil {
			break
		}
		if !errors.Is(err, unix.EINTR) {
			return s, false
		}
	}
	if st.Mode&unix.S_IFMT != unix.S_IFREG || st.Ino == 0 {
		return s, false
	}
	return fileStat{
		size:  st.Size,
		mtime: st.Mtim.Nano(),
		ctime: st.Ctim.Nano(),
		inode: int64(st.Ino),
		dev:   uint64(st.Dev),
		links: uint64(st.Nlink),
	}, true
}
