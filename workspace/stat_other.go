//go:build !linux && !darwin

package workspace

import "io/fs"

// changeID returns 0, 0: the platform's change time and inode are not
// read here, and change detection relies on size, mtime and the
// racy-timestamp rule.
func changeID(fs.FileInfo) (ctime, inode int64) { return 0, 0 }
