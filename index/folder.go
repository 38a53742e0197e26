package index

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/memweave/memweave-go/internal/shellquote"
	"github.com/memweave/memweave-go/workspace"
)

// RebuildPattern names, after the index file's name, the temporary files
// of a rebuild: index.db.rebuild-123 and its -wal, -shm and .lock files.
const RebuildPattern = ".rebuild-*"

// folderName is the name of a workspace's index folder, <ws>/.memweave.
const folderName = ".memweave"

// makeFolder creates dir, the index's folder, when missing, and gives it a
// .gitignore of "*" when Open created it or it is a workspace's .memweave
// folder: nothing in it belongs in version control. An existing
// .gitignore is never changed.
func makeFolder(dir string) error {
	_, err := os.Stat(dir)
	created := errors.Is(err, fs.ErrNotExist)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("create folder: %w", err)
	}
	if !created && filepath.Base(dir) != folderName {
		return nil
	}
	return workspace.IgnoreAll(dir)
}

// fixSidecars makes the -wal and -shm files of the database at path,
// when they exist, writable: SQLite cannot use a database whose leftover
// -shm or -wal it cannot write. A file without its owner's write bit
// (left, say, from a time the folder was read-only) gets it back when we
// own it; any file still not writable is an error that names it and
// says the command that fixes it.
//
// A file is opened to see that it can be written only when probe is
// set: not while another handle of this process has the database open
// (see handles), whose locks the descriptor's close would drop; such a
// file is in use, so writable, and only its mode is fixed.
//
// Another process closing the database removes these files at any time,
// so a file that vanishes between the look and the open is no sidecar,
// not an error; it is looked at once more, in case SQLite made a new one
// meanwhile.
func fixSidecars(path string, probe bool) error {
	for _, p := range []string{path + "-wal", path + "-shm"} {
		err := fixSidecar(p, probe)
		if errors.Is(err, errVanished) {
			err = fixSidecar(p, probe)
		}
		if err != nil && !errors.Is(err, errVanished) {
			return err
		}
	}
	return nil
}

// errVanished is fixSidecar's report that the file went away while it
// was being checked.
var errVanished = errors.New("vanished")

// fixSidecar is fixSidecars for the one file p.
func fixSidecar(p string, probe bool) error {
	fi, err := os.Lstat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("check %s: %w", p, err)
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file: remove it (rm -r %s) while no process uses the index: %w", p, shellquote.Quote(p), workspace.ErrNotRegular)
	}
	if fi.Mode().Perm()&0o200 == 0 {
		if err := os.Chmod(p, fi.Mode().Perm()|0o200); errors.Is(err, fs.ErrNotExist) {
			return errVanished
		} else if err != nil {
			return sidecarError(p, err)
		}
	}
	if !probe {
		return nil
	}
	f, err := os.OpenFile(p, os.O_RDWR, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return errVanished
	}
	if err != nil {
		return sidecarError(p, err)
	}
	return f.Close()
}

// sidecarError is the error for the -wal or -shm file p that cannot be
// written, with the commands that fix it.
func sidecarError(p string, err error) error {
	q := shellquote.Quote(p)
	return fmt.Errorf("%s is not writable: run `chmod u+w %s` as its owner, or `rm %s` while no process uses the index: %w", p, q, q, err)
}

// RemoveRebuildLeftovers deletes the temporary files ([RebuildPattern])
// of killed rebuilds of the index at path. The caller holds the
// cross-process index lock, <path>.lock, which a rebuild holds while its
// files exist.
func RemoveRebuildLeftovers(path string) {
	for _, m := range rebuildLeftovers(path) {
		os.Remove(m)
	}
}

// rebuildLeftovers returns the files of rebuilds of the index at path
// (see [RebuildPattern]), the path taken literally.
func rebuildLeftovers(path string) []string {
	prefix := filepath.Base(path) + strings.TrimSuffix(RebuildPattern, "*")
	return workspace.Prefixed(filepath.Dir(path), prefix)
}

// removeRebuildLeftovers is [RemoveRebuildLeftovers] at Open: only when
// there are leftovers and the index lock can be taken without waiting,
// so that the files of a running rebuild are never touched.
func removeRebuildLeftovers(path string) {
	if len(rebuildLeftovers(path)) == 0 {
		return
	}
	lock := workspace.NewLock(path + ".lock")
	if ok, err := lock.TryLock(); err != nil || !ok {
		return
	}
	defer lock.Close() // and unlock
	RemoveRebuildLeftovers(path)
}
