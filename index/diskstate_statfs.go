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
