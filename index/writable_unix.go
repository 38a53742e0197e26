//go:build unix

package index

import "syscall"

// folderUnwritable returns why the folder dir cannot be written (EROFS:
// a read-only file system, EACCES: no permission), 0 when it can be or
// the system does not say.
func folderUnwritable(dir string) syscall.Errno {
	const wOK = 2 // W_OK of access(2)
	if err := syscall.Access(dir, wOK); err != nil {
		if errno, ok := err.(syscall.Errno); ok && (errno == syscall.EROFS || errno == syscall.EACCES) {
			return errno
		}
	}
	return 0
}
