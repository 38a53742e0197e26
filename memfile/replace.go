package memfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/memweave/memweave-go/workspace"
)

// Target checks path with [workspace.SafeMemoryPath] and returns the file
// a write to path lands on: the file itself, or, when path names a
// symbolic link (necessarily to a file inside memory/), the link's
// target. A folder at path is refused; a missing file is fine.
func Target(root, path string) (abs, rel string, err error) {
	abs, rel, err = workspace.SafeMemoryPath(root, path)
	if err != nil {
		return "", "", err
	}
	fi, err := os.Lstat(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return abs, rel, nil
	case err != nil:
		return "", "", err
	case fi.Mode()&fs.ModeSymlink != 0:
		target, err := filepath.EvalSymlinks(abs)
		if err != nil {
			return "", "", err
		}
		if fi, err = os.Stat(target); err != nil {
			return "", "", err
		}
		_, trel, err := workspace.Resolve(root, target)
		if err != nil {
			return "", "", err
		}
		abs, rel = target, trel
	}
	if !fi.Mode().IsRegular() {
		return "", "", fmt.Errorf("%s is not a regular file", rel)
	}
	return abs, rel, nil
}

// Replace creates or atomically replaces the Markdown file path under
// root's memory folder with data, creating missing folders, and returns
// the absolute path written (see [Target]). path is checked again once
// the folders exist, so a link created in the meantime is caught. The
// caller holds the write lock ([Lock]).
//
// data goes to a temporary file in the same folder, which is synced and
// renamed over the file, and the folder is synced: readers see the old
// file or the new one, never a mix. An existing file keeps its
// permissions; the new file's mtime is moved past the old one's, so that
// a stat scan sees the change even on a file system with coarse
// timestamps.
func Replace(root, path string, data []byte) (abs string, err error) {
	if abs, _, err = Target(root, path); err != nil {
		return "", err
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
		return "", err
	}
	if abs, _, err = Target(root, path); err != nil {
		return "", err
	}
	return abs, replaceFile(abs, data)
}

// replaceFile atomically replaces the file at abs with data; see [Replace].
func replaceFile(abs string, data []byte) (err error) {
	dir := filepath.Dir(abs)
	mode := fs.FileMode(0o644)
	var oldMTime time.Time
	if fi, err := os.Stat(abs); err == nil {
		mode, oldMTime = fi.Mode().Perm(), fi.ModTime()
	}
	// A hidden .tmp name: discovery never lists it.
	tmp, err := os.CreateTemp(dir, ".memweave-write-*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return err
	}
	if err = tmp.Chmod(mode); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if !oldMTime.IsZero() {
		if fi, serr := os.Stat(tmp.Name()); serr == nil && !fi.ModTime().After(oldMTime) {
			t := oldMTime.Add(time.Microsecond)
			if err = os.Chtimes(tmp.Name(), t, t); err != nil {
				return err
			}
		}
	}
	if err = os.Rename(tmp.Name(), abs); err != nil {
		return err
	}
	syncDir(dir)
	return nil
}

// Remove removes the file abs, or the symbolic link abs itself (never
// its target), and syncs its folder. A folder is refused; a missing file
// gives an error wrapping [fs.ErrNotExist]. The caller has checked abs
// with [workspace.SafeMemoryPath] and holds the write lock ([Lock]).
func Remove(abs string) error {
	fi, err := os.Lstat(abs)
	if err != nil {
		return err
	}
	if fi.IsDir() {
		return fmt.Errorf("%s is a folder", filepath.Base(abs))
	}
	if err := os.Remove(abs); err != nil {
		return err
	}
	syncDir(filepath.Dir(abs))
	return nil
}

// syncDir makes a rename or removal in dir durable where the platform
// allows it; failure only weakens durability, so it is ignored.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
