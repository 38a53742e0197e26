//go:build unix

package history

import (
	"errors"
	"syscall"
)

// running reports whether the process pid exists (of any user).
func running(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
