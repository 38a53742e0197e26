//go:build !linux

package workspace

import (
	"io/fs"
	"os"
	"path/filepath"
)

// folder is a folder being walked; its files are stat'ed by full path.
type folder struct{ abs string }

// openFolder returns the stat of the folder abs, following a symbolic
// link when follow is set.
func openFolder(abs string, follow bool) (*folder, rawStat, error) {
	stat := os.Lstat
	if follow {
		stat = os.Stat
	}
	fi, err := stat(abs)
	return &folder{abs: abs}, rawStat{fi}, err
}

// list returns the entries of f, sorted by name.
func (f *folder) list() ([]fs.DirEntry, error) { return os.ReadDir(f.abs) }

func (f *folder) close() {}

// rawStat is what a stat call returns.
type rawStat struct{ fi fs.FileInfo }

// stat fills st with the metadata of the entry name, without following
// a symbolic link.
func (f *folder) stat(name string, st *rawStat) (err error) {
	st.fi, err = os.Lstat(filepath.Join(f.abs, name))
	return err
}

// keyOf returns the parts of st the walk reads.
func keyOf(st *rawStat) statKey {
	size, mtime, ctime, inode := StatOf(st.fi)
	dev, _ := deviceOf(st.fi)
	return statKey{size: size, mtime: mtime, ctime: ctime, inode: inode, dev: dev,
		regular: st.fi.Mode().IsRegular(), dir: st.fi.IsDir()}
}

// infoOf returns st as an fs.FileInfo.
func infoOf(name string, st *rawStat) fs.FileInfo { return st.fi }

// sameFile reports whether a and b describe the same file.
func sameFile(a, b fs.FileInfo) bool { return os.SameFile(a, b) }
