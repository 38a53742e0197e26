//go:build unix

package workspace

import "syscall"

// openNonblock makes open(2) return at once on a FIFO with no writer
// instead of waiting for one; on a regular file it changes nothing.
const openNonblock = syscall.O_NONBLOCK
