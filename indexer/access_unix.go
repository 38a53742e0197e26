//go:build unix

package indexer

import "golang.org/x/sys/unix"

// readable reports whether this process may read the file at abs, by
// access(2): one system call, no open, so a FIFO cannot block it.
func readable(abs string) bool { return unix.Access(abs, unix.R_OK) == nil }
