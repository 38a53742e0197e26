//go:build linux

package workspace

import (
	"io/fs"
	"syscall"
)

// changeID returns the change time and inode of info, from stat(2).
func changeID(info fs.FileInfo) (ctime, inode int64) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0
	}
	return st.Ctim.Nano(), int64(st.Ino)
}
