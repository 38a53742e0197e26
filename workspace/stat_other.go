//go:build !linux && !darwin

package workspace

import "io/fs"

// FileID reports false: the platform's file identity is not read here.
func FileID(fs.FileInfo) (dev, ino uint64, ok bool) { return 0, 0, false }

// HardLinked reports false: the platform's link count is not read here.
func HardLinked(fs.FileInfo) bool { return false }

// deviceOf reports false: the device is not read here.
func deviceOf(fs.FileInfo) (uint64, bool) { return 0, false }

// changeID returns 0, 0: the platform's change time and inode are not
// read here, and change detection relies on size, mtime and the
// racy-timestamp rule.
func changeID(fs.FileInfo) (ctime, inode int64) { return 0, 0 }
