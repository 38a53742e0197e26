//go:build !unix

package index

import "syscall"

// folderUnwritable returns 0: this system gives no access(2) to ask.
func folderUnwritable(string) syscall.Errno { return 0 }
