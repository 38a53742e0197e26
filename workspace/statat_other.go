//go:build !linux

package workspace

import (
	"io/fs"
	"os"
	"path/filepath"
)

// dirStatter stats the entries of one folder by full path.
type dirStatter struct{ abs string }

func openDir(abs string, n int) dirStatter { return dirStatter{abs: abs} }

func (d dirStatter) close() {}

// lstat returns the file information of the entry name, without
// following a symbolic link.
func (d dirStatter) lstat(name string) (fs.FileInfo, error) {
	return os.Lstat(filepath.Join(d.abs, name))
}

// sameFile reports whether a and b describe the same file.
func sameFile(a, b fs.FileInfo) bool { return os.SameFile(a, b) }
