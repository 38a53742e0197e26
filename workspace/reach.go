package workspace

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// OpenIndexed opens the file rel of the index for reading, as [OpenFile]
// does, and, for a file outside memory/, checks where it leads: its real
// path must be a Markdown file where discovery lists files through links
// met outside memory/, in the workspace root, memory/ or an extra path,
// with no hidden name between there and the file, or an extra path
// itself. A link of an extra folder
// that was pointed elsewhere since discovery listed it (a file outside
// the workspace, the index folder) is refused with an *fs.PathError
// wrapping [ErrOutsideWorkspace] naming rel and where it leads, and
// nothing of it is read. The file opened is checked to be the one
// judged, so a link swapped in between is refused too.
func OpenIndexed(root string, extra []string, rel string) (*os.File, fs.FileInfo, error) {
	return NewZones(root, extra).OpenIndexed(rel)
}

// Zones is a workspace's extra paths as one pass over many of its files
// reads them: the real path of each is resolved at most once, when a
// file first needs it, not for every file read, where n files of n
// extra paths cost n*n path walks (256 of each: 1.9 million stat calls
// and 22 s for an index run). A link of an extra path pointed elsewhere
// after that is not followed: its files' real paths lie outside the
// zones resolved. A Zones is safe for concurrent use.
type Zones struct {
	root  string
	extra []string
	once  sync.Once
	real  []string // the real paths of extra, set by once
}

// NewZones returns the zones of root's extra paths extra, unresolved.
func NewZones(root string, extra []string) *Zones {
	return &Zones{root: root, extra: extra}
}

// Resolve resolves the real paths of z's extra paths now, if they were
// not yet: a caller that checked where they lead (trust.Pin) resolves
// them right after.
func (z *Zones) Resolve() { z.zones() }

// zones returns the real paths of the extra paths that exist, resolved
// on the first call.
func (z *Zones) zones() []string {
	z.once.Do(func() { z.real = extraZones(z.root, z.extra) })
	return z.real
}

// OpenIndexed is [OpenIndexed] of z's workspace and extra paths.
func (z *Zones) OpenIndexed(rel string) (*os.File, fs.FileInfo, error) {
	root := z.root
	f, fi, err := z.openFile(rel)
	if err != nil {
		return nil, nil, err
	}
	if _, inMem := MemoryName(rel); inMem {
		return f, fi, nil // OpenFile keeps those in memory/ or an extra path
	}
	abs := filepath.FromSlash(rel)
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(root, abs)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err == nil && !z.reachable(real) {
		err = fmt.Errorf("%w: a symbolic link leads to %s", ErrOutsideWorkspace, real)
	} else if err == nil {
		if rfi, serr := os.Stat(real); serr != nil || !os.SameFile(fi, rfi) {
			err = fmt.Errorf("%w: the file changed while it was opened", ErrOutsideWorkspace)
		}
	}
	if err != nil {
		f.Close()
		return nil, nil, &fs.PathError{Op: "open", Path: rel, Err: err}
	}
	return f, fi, nil
}

// ReadIndexed reads the file rel of the index as [OpenIndexed] opens it,
// and as [ReadFile] reads.
func ReadIndexed(root string, extra []string, rel string, limit int64) ([]byte, fs.FileInfo, error) {
	return NewZones(root, extra).ReadIndexed(rel, limit)
}

// ReadIndexed is [ReadIndexed] of z's workspace and extra paths.
func (z *Zones) ReadIndexed(rel string, limit int64) ([]byte, fs.FileInfo, error) {
	f, fi, err := z.OpenIndexed(rel)
	if err != nil {
		return nil, nil, err
	}
	return readOpen(f, fi, rel, limit)
}

// reachable reports whether real, a real path, is an extra path, or a
// Markdown file in the real workspace root, memory/ or an extra path
// with no hidden or temporary name between that base and it
// ([IsIgnoredName]).
func (z *Zones) reachable(real string) bool {
	abs, err := absRoot(z.root)
	if err != nil {
		return false
	}
	bases := slices.Clone(z.zones())
	for _, b := range []string{abs, filepath.Join(abs, MemoryDir)} {
		if r, err := filepath.EvalSymlinks(b); err == nil {
			bases = append(bases, r)
		}
	}
	for _, base := range bases {
		r, ok := relWithin(base, real)
		switch {
		case !ok:
		case r == ".":
			return true // an extra path named as a file
		case IsMarkdown(real) && !slices.ContainsFunc(strings.Split(r, string(filepath.Separator)), IsIgnoredName):
			return true
		}
	}
	return false
}
