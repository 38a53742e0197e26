//go:build unix

package watcher

import (
	"os"
	"syscall"
)

// identify returns the identity of the folder at path, following links.
func identify(path string) (folderID, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return folderID{}, err
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return folderID{}, nil
	}
	return folderID{dev: uint64(st.Dev), ino: uint64(st.Ino)}, nil
}
