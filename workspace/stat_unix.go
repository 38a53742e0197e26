//go:build linux || darwin

package workspace

import (
	"io/fs"
	"syscall"
)

// deviceOf returns the device of info, from stat(2).
func deviceOf(info fs.FileInfo) (uint64, bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return uint64(st.Dev), true
}
