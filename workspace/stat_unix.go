//go:build linux || darwin

package workspace

import (
	"io/fs"
	"syscall"
)

// FileID returns the device and inode of info, from stat(2): what tells
// one file of this machine from another, and what no copy of a file
// carries.
func FileID(info fs.FileInfo) (dev, ino uint64, ok bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, false
	}
	return uint64(st.Dev), uint64(st.Ino), true
}

// HardLinked reports whether the file of info has more than one name
// (hard links), from stat(2).
func HardLinked(info fs.FileInfo) bool {
	st, ok := info.Sys().(*syscall.Stat_t)
	return ok && st.Nlink > 1
}

// deviceOf returns the device of info, from stat(2).
func deviceOf(info fs.FileInfo) (uint64, bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return uint64(st.Dev), true
}
