package workspace

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// OpenRegular opens the file at abs for reading without ever blocking in
// open(2) (O_NONBLOCK where the platform has it, so a FIFO cannot hang
// the caller), then checks the open file's own metadata: anything but a
// regular file (a FIFO, a device, a socket, a folder) is closed and
// refused with an *fs.PathError wrapping [ErrNotRegular]. The returned
// info describes the file that was opened, not whatever the path names
// by now.
func OpenRegular(abs string) (*os.File, fs.FileInfo, error) {
	f, err := os.OpenFile(abs, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return nil, nil, err
	}
	return checkRegular(f, abs)
}

// OpenRegularIn opens name beneath r with flag, adding O_NONBLOCK where
// the platform has it, and refuses what is not a regular file as
// [OpenRegular] does. Use it for a file opened for writing too: a FIFO
// swapped in for a memory file cannot block the writer.
func OpenRegularIn(r *os.Root, name string, flag int, perm fs.FileMode) (*os.File, fs.FileInfo, error) {
	f, err := r.OpenFile(name, flag|openNonblock, perm)
	if err != nil {
		return nil, nil, err
	}
	return checkRegular(f, name)
}

// checkRegular returns f and its metadata when f is a regular file, and
// closes it otherwise.
func checkRegular(f *os.File, name string) (*os.File, fs.FileInfo, error) {
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = &fs.PathError{Op: "open", Path: name, Err: fmt.Errorf("%w (%s)", ErrNotRegular, KindOf(fi.Mode()))}
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, fi, nil
}

// KindOf names the type of a file that is not regular, for messages
// ("a FIFO", "a device").
func KindOf(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return m.Type().String()
}

// OpenMemoryRoot opens the memory folder of the workspace at root as an
// [os.Root]: every name opened through it stays beneath the folder, so a
// symbolic link or ".." that leads out of memory/ is refused, even one
// swapped in while a write is under way. The memory folder itself may be
// a link (to a synced folder, say): the root is its target. One leading
// out of the workspace needs this machine's approval first (see
// trust.MemoryLink), which memweave.Open asks for.
func OpenMemoryRoot(root string) (*os.Root, error) {
	root, err := absRoot(root)
	if err != nil {
		return nil, err
	}
	r, err := os.OpenRoot(filepath.Join(root, MemoryDir))
	if err != nil {
		return nil, fmt.Errorf("workspace: open the memory folder: %w", err)
	}
	return r, nil
}

// MemoryName returns the name of the workspace-relative path rel inside
// the memory folder ("memory/a/b.md" gives "a/b.md", with the OS
// separator), and whether rel lies in it.
func MemoryName(rel string) (string, bool) {
	if filepath.IsAbs(filepath.FromSlash(rel)) {
		return "", false
	}
	rest, ok := memoryRest(rel)
	return filepath.FromSlash(rest), ok
}

// OpenFile opens the indexed or discoverable file rel of the workspace at
// root for reading, as [OpenRegular] does: without blocking, regular
// files only. rel is workspace-relative with '/' separators ([File.Rel]),
// or absolute for a file outside the workspace.
//
// A file under memory/ is opened through [OpenMemoryRoot], so a link that
// leaves the memory folder is not followed; the one exception is a link
// into one of the extra paths (relative to root or absolute), which
// discovery follows too. Such a link, and any other escape, gives an
// *fs.PathError wrapping [ErrOutsideMemory]. Any other path is opened as
// it is: it was named by the user, as an extra path or explicitly.
func OpenFile(root string, extra []string, rel string) (*os.File, fs.FileInfo, error) {
	return NewZones(root, extra).openFile(rel)
}

// openFile is [OpenFile] of z's workspace and extra paths.
func (z *Zones) openFile(rel string) (*os.File, fs.FileInfo, error) {
	root := z.root
	name, inMem := MemoryName(rel)
	if !inMem {
		abs := filepath.FromSlash(rel)
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(root, abs)
		}
		return OpenRegular(abs)
	}
	r, err := OpenMemoryRoot(root)
	if err != nil {
		return nil, nil, err
	}
	defer r.Close()
	f, fi, err := OpenRegularIn(r, name, os.O_RDONLY, 0)
	if err == nil {
		return f, fi, nil
	}
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) || errors.Is(err, ErrNotRegular) {
		return nil, nil, err
	}
	// Perhaps a link out of memory/: allowed only into an extra path.
	real, rerr := filepath.EvalSymlinks(filepath.Join(r.Name(), name))
	if rerr != nil {
		return nil, nil, err
	}
	if realMem, merr := filepath.EvalSymlinks(r.Name()); merr == nil {
		if _, inside := relWithin(realMem, real); inside {
			return nil, nil, err // not an escape: report the real error
		}
	}
	if inZones(real, z.zones()) {
		return OpenRegular(real)
	}
	return nil, nil, &fs.PathError{Op: "open", Path: rel, Err: fmt.Errorf("%w: a symbolic link leads to %s", ErrOutsideMemory, real)}
}

// extraZones returns the real paths of the extra paths that exist.
func extraZones(root string, extra []string) []string {
	var zones []string
	for _, x := range extra {
		abs, _, _, err := resolve(root, "", x)
		if err != nil {
			continue
		}
		if real, err := filepath.EvalSymlinks(abs); err == nil {
			zones = append(zones, real)
		}
	}
	return zones
}

// InExtraPath reports whether p, relative to root (as searches name the
// files of extra paths inside the workspace) or absolute, names an
// existing file that lies in one of the extra paths extra and not in
// root's memory folder: a note that is indexed but that edits, which
// write only under memory/, must refuse by that name rather than take p
// for the path of another note under memory/.
func InExtraPath(root string, extra []string, p string) bool {
	if len(extra) == 0 || p == "" {
		return false
	}
	abs, _, _, err := resolve(root, "", p)
	if err != nil {
		return false
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return false
	}
	if root, err = absRoot(root); err != nil {
		return false
	}
	if mem, err := filepath.EvalSymlinks(filepath.Join(root, MemoryDir)); err == nil {
		if _, ok := relWithin(mem, real); ok {
			return false
		}
	}
	return inZones(real, extraZones(root, extra))
}

// inZones reports whether the real path p is one of zones or lies below
// one.
func inZones(p string, zones []string) bool {
	for _, z := range zones {
		if _, ok := relWithin(z, p); ok {
			return true
		}
	}
	return false
}

// ReadFile reads the file rel as [OpenFile] opens it, at most limit+1
// bytes when limit >= 0, and returns its content and the metadata of the
// file read.
func ReadFile(root string, extra []string, rel string, limit int64) ([]byte, fs.FileInfo, error) {
	f, fi, err := OpenFile(root, extra, rel)
	if err != nil {
		return nil, nil, err
	}
	return readOpen(f, fi, rel, limit)
}

// readOpen reads the open file f of rel, at most limit+1 bytes when
// limit >= 0, and closes it.
func readOpen(f *os.File, fi fs.FileInfo, rel string, limit int64) ([]byte, fs.FileInfo, error) {
	defer f.Close()
	var rd io.Reader = f
	if limit >= 0 {
		rd = io.LimitReader(f, limit+1)
	}
	data, err := io.ReadAll(rd)
	if err != nil {
		return nil, nil, fmt.Errorf("read %s: %w", rel, err)
	}
	return data, fi, nil
}
