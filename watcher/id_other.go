//go:build !unix

package watcher

import "os"

// identify returns the zero identity where the platform gives none (two
// paths of one folder then go unnoticed), or the error of a stat.
func identify(path string) (folderID, error) {
	_, err := os.Stat(path)
	return folderID{}, err
}
