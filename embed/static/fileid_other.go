//go:build !linux

package static

import (
	"io/fs"
	"time"
)

// fileID reports no file identity on this system: every process checks
// a model's data (see [checkRecord]).
func fileID(fs.FileInfo) (dev, ino uint64, ctime time.Time, ok bool) {
	return 0, 0, time.Time{}, false
}
