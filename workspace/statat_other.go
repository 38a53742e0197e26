//go:build !linux

package workspace

import (
	"io/fs"
	"os"
	"path/filepath"
)

// dirStatter stats the entries of one folder by full path.
type dirStatter struct {
	abs string
	fd  int
}

func openDir(abs string, n int) dirStatter { return dirStatter{abs: abs, fd: -1} }

func (d dirStatter) close() {}

// lstat returns the file information of the entry name, without
// following a symbolic link.
func (d dirStatter) lstat(name string) (fs.FileInfo, error) {
	return os.Lstat(filepath.Join(d.abs, name))
}

// rawStat is what a stat call returns.
type rawStat struct{ fi fs.FileInfo }

// stat fills st with the metadata of the entry name, without following
// a symbolic link.
func (d dirStatter) stat(name string, st *rawStat) (err error) {
	st.fi, err = d.lstat(name)
	return err
}

// keyOf returns the parts of st that tell a change.
func keyOf(st *rawStat) statKey {
	size, mtime, ctime, inode := StatOf(st.fi)
	return statKey{size: size, mtime: mtime, ctime: ctime, inode: inode,
		regular: st.fi.Mode().IsRegular(), dir: st.fi.IsDir()}
}

// infoOf returns st as an fs.FileInfo.
func infoOf(name string, st *rawStat) fs.FileInfo { return st.fi }

// statFolder stats the folder abs by full path, following links.
func statFolder(parent int, name, abs string) (statKey, error) {
	fi, err := os.Stat(abs)
	if err != nil {
		return statKey{}, err
	}
	return keyOf(&rawStat{fi}), nil
}

// openFolder keeps no folder open on this platform.
func openFolder(parent int, name, abs string) (int, statKey) { return -1, statKey{} }

func closeFolder(fd int) {}

// maxFolderHandles is 0: no folder is kept open.
func maxFolderHandles() int { return 0 }

// sameFile reports whether a and b describe the same file.
func sameFile(a, b fs.FileInfo) bool { return os.SameFile(a, b) }
