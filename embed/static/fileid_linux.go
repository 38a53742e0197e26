package static

import (
	"io/fs"
	"syscall"
	"time"
)

// fileID returns the device, inode and change time of the file fi
// describes, ok when the system gave them.
func fileID(fi fs.FileInfo) (dev, ino uint64, ctime time.Time, ok bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, time.Time{}, false
	}
	return uint64(st.Dev), uint64(st.Ino), time.Unix(st.Ctim.Unix()), true
}
