//go:build linux || darwin

package index

import (
	"fmt"
	"syscall"
)

// diskState returns the state of the file system holding dir that says
// whether a write may work again: its free blocks and inodes and its
// flags (read-only), "" when the system does not say.
func diskState(dir string) string {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return ""
	}
	return fmt.Sprint(st.Bavail, st.Ffree, st.Flags)
}

// freeBytes returns the bytes an unprivileged process may still write on
// the file system holding dir, and whether the system said.
func freeBytes(dir string) (uint64, bool) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return 0, false
	}
	return uint64(st.Bavail) * uint64(st.Bsize), true
}
