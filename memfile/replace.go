package memfile

import (
	"bytes"
	"cmp"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/memweave/memweave-go/internal/edithook"
	"github.com/memweave/memweave-go/internal/hexdigits"
	"github.com/memweave/memweave-go/workspace"
)

// Target checks path with [workspace.SafeMemoryPath] and returns the file
// a write to path lands on: the file itself, or, when path names a
// symbolic link (necessarily to a file inside memory/), the link's
// target. A folder at path is refused; a missing file is fine, unless
// its name reads as one that exists ([workspace.CheckLookalike]).
func Target(root, path string) (abs, rel string, err error) {
	abs, rel, err = workspace.SafeMemoryPath(root, path)
	if err != nil {
		return "", "", err
	}
	fi, err := os.Lstat(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := workspace.CheckLookalike(root, rel); err != nil {
			return "", "", err
		}
		return abs, rel, nil
	case err != nil:
		return "", "", err
	case fi.Mode()&fs.ModeSymlink != 0:
		if abs, rel, err = linkTarget(root, abs); err != nil {
			return "", "", err
		}
		if fi, err = os.Stat(abs); err != nil {
			return "", "", err
		}
	}
	if !fi.Mode().IsRegular() {
		return "", "", fmt.Errorf("%s: %w", rel, workspace.ErrNotRegular)
	}
	return abs, rel, nil
}

// linkTarget returns the file the link abs, under root's memory folder,
// resolves to, named beneath the memory folder (which may itself be a
// link): its path through root/memory and its workspace-relative name.
// A target outside the memory folder wraps [workspace.ErrOutsideMemory].
func linkTarget(root, abs string) (string, string, error) {
	target, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", "", err
	}
	mem, err := memoryDir(root)
	if err != nil {
		return "", "", err
	}
	realMem, err := filepath.EvalSymlinks(mem)
	if err != nil {
		return "", "", err
	}
	name, err := filepath.Rel(realMem, target)
	if err != nil || !filepath.IsLocal(name) {
		return "", "", &fs.PathError{Op: "resolve", Path: abs, Err: workspace.ErrOutsideMemory}
	}
	return filepath.Join(mem, name), workspace.MemoryDir + "/" + filepath.ToSlash(name), nil
}

// memoryDir returns the absolute memory folder of root.
func memoryDir(root string) (string, error) {
	root, err := filepath.Abs(root)
	if err != nil {
		return "", err
	}
	return filepath.Join(root, workspace.MemoryDir), nil
}

// openMemory opens the memory folder of root as an [os.Root], creating
// it when missing. Every write goes through it, so none can land outside
// memory/, even when a folder is swapped for a link mid-write.
func openMemory(root string) (*os.Root, error) {
	mem, err := memoryDir(root)
	if err != nil {
		return nil, err
	}
	if err := os.Mkdir(mem, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
		return nil, err
	}
	return workspace.OpenMemoryRoot(root)
}

// memoryName returns the name of the workspace-relative rel inside the
// memory folder, or an error wrapping [workspace.ErrOutsideMemory].
func memoryName(rel string) (string, error) {
	name, ok := workspace.MemoryName(rel)
	if !ok {
		return "", &fs.PathError{Op: "resolve", Path: rel, Err: workspace.ErrOutsideMemory}
	}
	return name, nil
}

// Replace creates or atomically replaces the Markdown file path under
// root's memory folder with data, creating missing folders, and returns
// the absolute path written (see [Target]). A failed write removes the
// folders it made (each only while empty). The caller holds the write
// lock ([Lock]).
//
// Every step (the folders, the temporary file, the rename) goes through
// an [os.Root] on the memory folder, so a folder swapped for a link out
// of memory/ after the check makes the write fail instead of landing
// outside.
//
// data goes to a temporary file in memory/.memweave-tmp ([TempDir]), which
// is synced and renamed over the file, and the folder is synced: readers
// see the old file or the new one, never a mix. A file a killed process
// left there is ignored by git (the folder holds a .gitignore of "*"),
// never indexed (the name is hidden) and removed by [Recover]. Where the
// file's folder is on another file system than memory/ itself (a mount
// inside memory/), the temporary file is made in the file's folder. An existing file keeps its
// permissions; the new file's mtime is moved past the old one's, so that
// a stat scan sees the change even on a file system with coarse
// timestamps.
func Replace(root, path string, data []byte) (abs string, err error) {
	return replace(root, path, data, nil)
}

// ReplaceIf is [Replace] when the file holds old: it is moved aside and
// compared there, and data put in its place only where no file was saved
// since ([swapIn]); when it holds anything else, is gone, or is saved
// again meanwhile, nothing is written, that save stays and the error
// wraps [ErrChanged]. The caller holds the write lock ([Lock]);
// another program, which does not take it, may have saved the file since
// the caller read it.
func ReplaceIf(root, path string, data, old []byte) (abs string, err error) {
	abs, err = replace(root, path, data, &expect{ctx: context.Background(), sum: Hash(old)})
	if errors.Is(err, errRaced) {
		return "", fmt.Errorf("%s: %w", path, ErrChanged)
	}
	return abs, err
}

// expect is what a checked replace ([swapIn]) wants the file to hold:
// the [Hash] of its content, and the context of the call, whose hooks (a
// test's) run in its window, with the note's absolute path.
type expect struct {
	ctx context.Context
	sum string
	abs string
}

// replace is [Replace] with a check, when want is not nil, of the file's
// current content ([swapIn]): when the file is gone, holds other content
// or a save lands meanwhile, nothing is written and the error is
// errRaced.
func replace(root, path string, data []byte, want *expect) (abs string, err error) {
	p, err := openPlace(root, path)
	if err != nil {
		return "", err
	}
	defer p.r.Close()
	if err := replaceFile(p.r, p.name, data, want); err != nil {
		removeDirs(p.r, p.made) // a failed write leaves memory/ as it was
		return p.abs, err
	}
	return p.abs, nil
}

// place is where a write of one memory file lands: its absolute path,
// its name inside the memory folder, an [os.Root] on that folder (the
// caller closes it) and the folders made for it, which a failed write
// removes again ([removeDirs]).
type place struct {
	abs, name string
	r         *os.Root
	made      []string
}

// openPlace resolves path ([Target]), opens the memory folder and makes
// the file's missing folders: the opening [Replace] and [Create] share.
func openPlace(root, path string) (place, error) {
	abs, rel, err := Target(root, path)
	if err != nil {
		return place{}, err
	}
	name, err := memoryName(rel)
	if err != nil {
		return place{}, err
	}
	r, err := openMemory(root)
	if err != nil {
		return place{}, err
	}
	made, err := makeDirs(r, filepath.Dir(name))
	if err != nil {
		r.Close()
		return place{}, err
	}
	return place{abs: abs, name: name, r: r, made: made}, nil
}

// TempDir is the folder, under memory/, where [Replace] writes its
// temporary files: on the file system of memory/, so that they can be
// renamed into place, and out of the way of git, indexing and the
// folders people browse.
const TempDir = ".memweave-tmp"

// tempPrefix and tempSuffix frame the names of the temporary files.
const (
	tempPrefix = ".memweave-write-"
	tempSuffix = ".tmp"
)

// TempGlob matches the name of every temporary file memweave writes
// beside a file it replaces ([Replace] on another file system than
// memory/, [WriteAtomic]): one left by a killed process is no note, and
// sync leaves it out of its commits.
const TempGlob = tempPrefix + "*" + tempSuffix

// LeftoverGlob matches the temporary files of every build: [TempGlob]'s
// names and those older builds gave them beside the file they replaced
// (.NAME-RANDOM.tmp). A killed write may have left any of them; sync
// leaves them all out of its commits.
const LeftoverGlob = ".*-*" + tempSuffix

// replaceFile atomically replaces the file name beneath r with data; see
// [Replace].
func replaceFile(r *os.Root, name string, data []byte, want *expect) error {
	if err := makeTempDir(r); err == nil {
		err := replaceVia(r, TempDir, name, data, want)
		if !errors.Is(err, syscall.EXDEV) {
			return err
		}
	}
	return replaceVia(r, filepath.Dir(name), name, data, want)
}

// tempIgnore is the .gitignore of TempDir: it ignores everything.
const tempIgnore = "# Temporary files of memweave writes; see memfile.TempDir.\n*\n"

// makeTempDir creates TempDir beneath r, with a .gitignore that keeps
// git from listing what it holds (itself included), unless it exists;
// one a killed process cut short is written again. When writing the .gitignore fails (a full disk), it removes the cut
// file, which ignores nothing and which the next call would take for
// whole, and the folder when it made it: Remove takes only an empty one.
func makeTempDir(r *os.Root) error {
	made := true
	if err := r.Mkdir(TempDir, 0o755); errors.Is(err, fs.ErrExist) {
		made = false
	} else if err != nil {
		return err
	}
	ignore := filepath.Join(TempDir, ".gitignore")
	if fi, err := r.Lstat(ignore); err == nil {
		// Shorter than whole and a start of it: cut by a process killed
		// while it wrote it, which ignores nothing. Written again.
		if !fi.Mode().IsRegular() || fi.Size() >= int64(len(tempIgnore)) {
			return nil
		}
		if data, err := r.ReadFile(ignore); err != nil || !strings.HasPrefix(tempIgnore, string(data)) || r.Remove(ignore) != nil {
			return nil
		}
	}
	f, err := r.OpenFile(ignore, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return nil
	}
	if err != nil {
		return err
	}
	_, err = f.WriteString(tempIgnore)
	if err = errors.Join(err, f.Close()); err != nil {
		r.Remove(ignore)
		if made {
			r.Remove(TempDir)
		}
	}
	return err
}

// replaceVia is replaceFile with the temporary file in the folder tmpDir
// beneath r.
func replaceVia(r *os.Root, tmpDir, name string, data []byte, want *expect) (err error) {
	mode := fs.FileMode(0o644)
	var oldMTime time.Time
	if fi, err := r.Stat(name); err == nil {
		if !fi.Mode().IsRegular() {
			return fmt.Errorf("%s: %w", filepath.ToSlash(name), workspace.ErrNotRegular)
		}
		mode, oldMTime = fi.Mode().Perm(), fi.ModTime()
	}
	tmpName, tmp, err := createTemp(r, tmpDir)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			r.Remove(tmpName)
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
	if !oldMTime.IsZero() {
		if fi, serr := tmp.Stat(); serr == nil && !fi.ModTime().After(oldMTime) {
			t := oldMTime.Add(time.Microsecond)
			if err = r.Chtimes(tmpName, t, t); err != nil {
				return err
			}
		}
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if want != nil {
		return swapIn(r, tmpName, name, want)
	}
	if err = r.Rename(tmpName, name); err != nil {
		return err
	}
	syncRootDir(r, filepath.Dir(name))
	return nil
}

// createTemp creates a new temporary file in the folder dir beneath r,
// with a hidden .tmp name that discovery never lists.
func createTemp(r *os.Root, dir string) (string, *os.File, error) {
	return createTempAs(r, dir, tempPrefix)
}

// createTempAs is createTemp with the name's prefix.
func createTempAs(r *os.Root, dir, prefix string) (string, *os.File, error) {
	for range 10 {
		var b [8]byte
		rand.Read(b[:])
		name := filepath.Join(dir, prefix+hex.EncodeToString(b[:])+tempSuffix)
		f, err := r.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return name, f, err
	}
	return "", nil, fmt.Errorf("create a temporary file in %s: too many collisions", dir)
}

// tempEntries returns the entries of TempDir under root's memory folder,
// none when either is missing or cannot be read.
func tempEntries(root string) []os.DirEntry {
	mem, err := memoryDir(root)
	if err != nil {
		return nil
	}
	entries, _ := os.ReadDir(filepath.Join(mem, TempDir))
	return entries
}

// tempLeftovers returns the names of the temporary files in TempDir
// under root's memory folder: files a process killed while writing left.
func tempLeftovers(root string) []string {
	var names []string
	for _, e := range tempEntries(root) {
		if n := e.Name(); strings.HasPrefix(n, tempPrefix) && strings.HasSuffix(n, tempSuffix) {
			names = append(names, n)
		}
	}
	return names
}

// removeLeftovers removes the temporary files of TempDir; the caller
// holds the write lock, so no write is using them.
func removeLeftovers(root string) error {
	names := tempLeftovers(root)
	if len(names) == 0 {
		return nil
	}
	r, err := workspace.OpenMemoryRoot(root)
	if err != nil {
		return err
	}
	defer r.Close()
	var errs []error
	for _, n := range names {
		if err := r.Remove(filepath.Join(TempDir, n)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// Remove removes the memory file path (as [workspace.SafeMemoryPath]
// takes it), or the symbolic link itself (never its target), through an
// [os.Root] on the memory folder, and syncs its folder. A folder is
// refused; a missing file gives an error wrapping [fs.ErrNotExist]. The
// caller holds the write lock ([Lock]).
func Remove(root, path string) error {
	n, err := openNote(root, path)
	if err != nil {
		return err
	}
	defer n.r.Close()
	return n.remove()
}

// note is a memory file opened for removal: the memory folder's root,
// the file's name beneath it, and what Lstat said of it.
type note struct {
	r        *os.Root
	abs, rel string
	name     string
	fi       fs.FileInfo
}

// openNote checks path as [workspace.SafeMemoryPath] takes it, opens the
// memory folder and stats the file (a link itself, never its target),
// refusing a folder. The caller closes n.r.
func openNote(root, path string) (note, error) {
	abs, rel, err := workspace.SafeMemoryPath(root, path)
	if err != nil {
		return note{}, err
	}
	name, err := memoryName(rel)
	if err != nil {
		return note{}, err
	}
	r, err := workspace.OpenMemoryRoot(root)
	if err != nil {
		return note{}, err
	}
	fi, err := r.Lstat(name)
	if err == nil && fi.IsDir() {
		err = fmt.Errorf("%s is a folder", filepath.Base(name))
	}
	if err != nil {
		r.Close()
		return note{}, err
	}
	return note{r: r, abs: abs, rel: rel, name: name, fi: fi}, nil
}

// remove removes the file and syncs its folder.
func (n note) remove() error {
	if err := n.r.Remove(n.name); err != nil {
		return err
	}
	syncRootDir(n.r, filepath.Dir(n.name))
	return nil
}

// syncRootDir makes a rename or removal in the folder dir beneath r
// durable where the platform allows it; failure only weakens durability,
// so it is ignored.
func syncRootDir(r *os.Root, dir string) {
	if d, err := r.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// syncDir is syncRootDir for a folder named by its path.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// WriteAtomic replaces the file path, outside the memory folder (the
// approvals of this machine, sync's own files), with data and mode
// perm: it writes a temporary file in the same folder, syncs it and
// renames it over path, so a reader sees the old content or the new,
// never a part. The caller checks the path; Replace is the way for
// memory files, [WriteAtomicIn] for a file of a workspace. Errors name
// the path.
func WriteAtomic(path string, data []byte, perm fs.FileMode) error {
	return writeAtomicVia(context.Background(), filepath.Dir(path), path, data, perm, true)
}

// WriteVolatile is [WriteAtomic] without its syncs, for a file whose
// loss in a crash costs nothing because a reader takes any old, empty
// or partial content for none (a watcher's heartbeat, which says a
// process runs, and which a crash makes stale anyway): a reader still
// sees the old content or the new, never a part of the new, but after
// a crash the file may hold either or nothing. It spares the writer
// two waits for the disk each time.
func WriteVolatile(path string, data []byte, perm fs.FileMode) error {
	return writeAtomicVia(context.Background(), filepath.Dir(path), path, data, perm, false)
}

// WriteAtomicIn is [WriteAtomic] of a file of the workspace at root
// outside its memory folder (the settings file), whose temporary file
// is written in the memory folder's [TempDir]: one a killed process
// leaves there is ignored by git and removed by the next [Recover],
// where one beside path would stay for git to list. When TempDir cannot
// be made or is on another file system than path, the temporary file
// goes beside path, as WriteAtomic's; such leftovers of earlier writes
// of path are removed first. The caller holds the write lock ([Lock]).
func WriteAtomicIn(ctx context.Context, root, path string, data []byte, perm fs.FileMode) error {
	if err := RemoveAtomicLeftovers(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("write %s: remove the temporary files of earlier writes: %w", path, err)
	}
	if r, err := workspace.OpenMemoryRoot(root); err == nil {
		err = makeTempDir(r)
		dir := filepath.Join(r.Name(), TempDir)
		r.Close()
		if err == nil {
			err = writeAtomicVia(ctx, dir, path, data, perm, true)
			if !errors.Is(err, syscall.EXDEV) {
				return err
			}
		}
	}
	return writeAtomicVia(ctx, filepath.Dir(path), path, data, perm, true)
}

// writeAtomicVia is [WriteAtomic] with the temporary file in dir, on the
// file system of path's folder; without durable, [WriteVolatile].
func writeAtomicVia(ctx context.Context, dir, path string, data []byte, perm fs.FileMode, durable bool) error {
	tmp, err := os.CreateTemp(dir, tempPrefix+filepath.Base(path)+"-*"+tempSuffix)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.Write(data)
	if err == nil && durable {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), perm)
	}
	if err == nil {
		edithook.Step(ctx, "temp synced")
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if durable {
		syncDir(filepath.Dir(path))
	}
	return nil
}

// RemoveAtomicLeftovers removes the temporary files that [WriteAtomic]
// calls for path, killed before their rename, left beside it (their
// names: [TempGlob] with path's name and a number). The caller holds a
// lock that every writer of path holds, so that none is a write under
// way.
func RemoveAtomicLeftovers(path string) error {
	return removeAtomicLeftovers(path, time.Time{})
}

// removeAtomicLeftovers is [RemoveAtomicLeftovers] of the files last
// changed before before (all of them when it is zero): a writer that
// holds no lock others hold leaves the writes of the last moments, which
// may be under way.
func removeAtomicLeftovers(path string, before time.Time) error {
	dir, base := filepath.Split(path)
	entries, err := os.ReadDir(cmp.Or(dir, "."))
	if err != nil {
		return err
	}
	var errs []error
	for _, e := range entries {
		n, ok := strings.CutPrefix(e.Name(), tempPrefix+base+"-")
		if n, ok = strings.CutSuffix(n, tempSuffix); !ok || n == "" || strings.Trim(n, "0123456789") != "" || !e.Type().IsRegular() {
			continue
		}
		if fi, err := e.Info(); !before.IsZero() && (err != nil || !fi.ModTime().Before(before)) {
			continue
		}
		if err := os.Remove(filepath.Join(dir, e.Name())); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// RemoveIf is [Remove] of a file that holds old when it goes (a symbolic
// link, which holds no note of its own, is removed as Remove does):
// when it holds anything else, nothing is lost and the error wraps
// [ErrChanged]. The caller holds the write lock ([Lock]) and read old
// under it; another program, which does not take the lock, may have
// saved the file since. A check followed by a removal would delete such
// a save landing between the two, so the file is first moved aside (an
// atomic rename into [TempDir], or beside it on another file system),
// then read where it now is: it is removed if it holds old, else put
// back under its name. A save after the move makes a new file under the
// name, which the removal never touches; if one did while the file was
// aside, the file aside is kept and the error names where it is.
func RemoveIf(ctx context.Context, root, path string, old []byte) error {
	n, err := openNote(root, path)
	if err != nil {
		return err
	}
	defer n.r.Close()
	r, rel, name := n.r, n.rel, n.name
	edithook.Run(ctx, n.abs)
	if n.fi.Mode()&fs.ModeSymlink != 0 {
		// A link holds no note of its own: removing it loses no save.
		return n.remove()
	}
	aside, err := moveAside(r, name, Hash(old))
	if err != nil {
		return err
	}
	edithook.RunAside(ctx, n.abs)
	cur, err := r.ReadFile(aside)
	if err == nil && bytes.Equal(cur, old) {
		if err := r.Remove(aside); err != nil {
			return err
		}
		syncRootDir(r, filepath.Dir(name))
		return nil
	}
	// Not what the caller read: put it back, never over a newer file.
	if aside = putBack(r, aside, name); aside == "" {
		return fmt.Errorf("%s: %w", rel, ErrChanged)
	}
	return fmt.Errorf("%s: %w; its content when it was to be removed is kept in memory/%s", rel, ErrChanged, filepath.ToSlash(aside))
}

// putBack puts the note aside (beneath r) back at name, never over a
// file saved there since (then it is retired: [retireAside]), and
// returns "", or the name it is kept under when it could be neither.
func putBack(r *os.Root, aside, name string) string {
	if r.Link(aside, name) == nil {
		r.Remove(aside)
		return ""
	}
	_, serr := r.Lstat(name)
	if errors.Is(serr, fs.ErrNotExist) && r.Rename(aside, name) == nil {
		return ""
	}
	if serr == nil {
		return retireAside(r, aside, name)
	}
	return aside
}

// swapIn puts the file tmpName (beneath r) at name when the file there
// holds the content want names, and returns errRaced, name left as
// another program made it, when it does not or when a file is saved at
// name meanwhile. The
// file at name is moved aside first ([moveAside]) and checked there: a
// save landing after the check (an editor that does not take the lock)
// then finds name free, and the new content, linked in only where no
// file is, never replaces it. Where hard links fail (some file systems),
// the new content is renamed in when name is still free. Readers find
// no file at name for that time, never a content older than one they
// saw. A process killed in between leaves the note aside, where
// [Recover] puts it back.
func swapIn(r *os.Root, tmpName, name string, want *expect) error {
	aside, err := moveAside(r, name, want.sum)
	if errors.Is(err, fs.ErrNotExist) {
		return errRaced
	}
	if err != nil {
		return err
	}
	cur, err := r.ReadFile(aside)
	if err != nil || Hash(cur) != want.sum {
		if kept := putBack(r, aside, name); kept != "" {
			return fmt.Errorf("%s changed; its content when it was to be replaced is kept in memory/%s: %w", filepath.ToSlash(name), filepath.ToSlash(kept), ErrChanged)
		}
		return cmp.Or(err, errRaced)
	}
	edithook.RunChecked(want.ctx, want.abs)
	if lerr := r.Link(tmpName, name); lerr != nil {
		if _, serr := r.Lstat(name); !errors.Is(serr, fs.ErrNotExist) || r.Rename(tmpName, name) != nil {
			// Saved since the check: that save stays, and the content
			// checked, which it replaced, goes (kept when written to
			// since, as a save of its own).
			if now, err := r.ReadFile(aside); err == nil && bytes.Equal(now, cur) {
				r.Remove(aside)
			} else {
				retireAside(r, aside, name)
			}
			return errRaced
		}
	}
	edithook.Step(want.ctx, "link")
	r.Remove(tmpName)
	if now, err := r.ReadFile(aside); err == nil && !bytes.Equal(now, cur) && r.Rename(aside, name) == nil {
		// Written in place after the check: that save goes back over
		// the new content.
		return errRaced
	}
	r.Remove(aside)
	syncRootDir(r, filepath.Dir(name))
	return nil
}

// retireAside deals with the note aside in TempDir whose name (beneath
// r) holds a file saved since, so that [Recover] never puts it back
// later (after that file is deleted on purpose): it removes it when the
// file at name holds the same bytes, and returns ""; else it moves it to
// a name that holds no path, where it stays, and returns that name (or
// aside, when it could not be moved).
func retireAside(r *os.Root, aside, name string) string {
	cur, err := r.ReadFile(aside)
	if err != nil {
		return aside
	}
	if saved, err := r.ReadFile(name); err == nil && bytes.Equal(saved, cur) {
		if r.Remove(aside) != nil {
			return aside
		}
		syncRootDir(r, TempDir)
		return ""
	}
	var b [8]byte
	rand.Read(b[:])
	kept := filepath.Join(TempDir, asidePrefix+hex.EncodeToString(b[:])+tempSuffix)
	// Link, then remove: a link never replaces a file.
	if err := r.Link(aside, kept); err == nil {
		r.Remove(aside)
	} else if _, serr := r.Lstat(kept); errors.Is(err, fs.ErrExist) || !errors.Is(serr, fs.ErrNotExist) || r.Rename(aside, kept) != nil {
		return aside
	}
	syncRootDir(r, TempDir)
	return kept
}

// asidePrefix begins the names of the notes [RemoveIf] puts aside in
// [TempDir].
const asidePrefix = ".memweave-aside-"

// asideName returns the name, in TempDir, of the note name put aside by
// an edit or removal that expects it to hold the content whose [Hash] is
// sum: asidePrefix, a random part, "." and the first [asideSumLen] digits
// of sum, "-", then name (its path beneath memory/) in unpadded URL
// base64, so that [Recover] can put back a note that a process killed
// while it was aside left there, and tell whether it still holds what
// the edit checked; without the sum, then the path too, when that would
// make the name too long for a file system (255 bytes).
func asideName(name, sum string) string {
	var b [8]byte
	rand.Read(b[:])
	n := asidePrefix + hex.EncodeToString(b[:])
	enc := base64.RawURLEncoding.EncodeToString([]byte(filepath.ToSlash(name)))
	if len(sum) >= asideSumLen && len(n)+1+asideSumLen+1+len(enc)+len(tempSuffix) <= 255 {
		n += "." + sum[:asideSumLen]
	}
	if len(n)+1+len(enc)+len(tempSuffix) <= 255 {
		n += "-" + enc
	}
	return filepath.Join(TempDir, n+tempSuffix)
}

// asideSumLen is how many hex digits of the expected content's [Hash]
// an aside name holds: 64 bits, which no save made by chance matches.
const asideSumLen = 16

// asideSum returns the hash digits the name base of a note aside holds
// ([asideName]), "" when it holds none (an earlier build's).
func asideSum(base string) string {
	rest, _ := strings.CutPrefix(base, asidePrefix)
	head, _, _ := strings.Cut(rest, "-")
	_, sum, ok := strings.Cut(head, ".")
	if !ok || len(sum) != asideSumLen || !hexdigits.Lower(sum) {
		return ""
	}
	return sum
}

// superseded reports whether the note aside under the name aside
// (beneath r, in TempDir) still holds the content the edit or removal
// that moved it there checked ([asideSum]): content that edit replaced
// or removal removed, or that a save at its name replaced since.
func superseded(r *os.Root, aside string) bool {
	sum := asideSum(filepath.Base(aside))
	data, err := r.ReadFile(aside)
	return sum != "" && err == nil && Hash(data)[:asideSumLen] == sum
}

// asideOf returns the path beneath memory/ that the note aside under the
// file name base (in TempDir) of the workspace root had, and false when
// base names none. The name is one a removal could have set aside, a
// note the write rules allow ([workspace.SafeMemoryPath]): a clone can
// bring a file of any name into TempDir, and one named for
// .git/hooks/post-merge (memory/ being a clone of a team's repository)
// must never be put there.
func asideOf(root, base string) (string, bool) {
	rest, ok := strings.CutPrefix(base, asidePrefix)
	if !ok {
		return "", false
	}
	rest, ok = strings.CutSuffix(rest, tempSuffix)
	_, enc, cut := strings.Cut(rest, "-")
	if !ok || !cut {
		return "", false
	}
	p, err := base64.RawURLEncoding.DecodeString(enc)
	name := filepath.FromSlash(string(p))
	if err != nil || !filepath.IsLocal(name) || strings.SplitN(filepath.ToSlash(name), "/", 2)[0] == TempDir {
		return "", false
	}
	if _, rel, err := workspace.SafeMemoryPath(root, workspace.MemoryDir+"/"+filepath.ToSlash(name)); err != nil || rel != workspace.MemoryDir+"/"+filepath.ToSlash(name) {
		return "", false
	}
	return name, true
}

// putBackAside renames each note a killed [RemoveIf] left aside in
// TempDir back to its name, when the name is free and its folder is
// there; a note saved under the name since is never replaced, and the
// one aside is then never put back ([retireAside]). The caller holds
// the write lock. It fails only when the memory folder cannot be opened.
func putBackAside(root string) error {
	var r *os.Root
	for _, e := range tempEntries(root) {
		name, ok := asideOf(root, e.Name())
		if !ok || !e.Type().IsRegular() {
			continue
		}
		if r == nil {
			var err error
			if r, err = workspace.OpenMemoryRoot(root); err != nil {
				return err
			}
			defer r.Close()
		}
		aside := filepath.Join(TempDir, e.Name())
		if fi, err := r.Lstat(aside); err == nil && reservation(fi) {
			// No note was ever aside. An empty note aside has its own
			// mode and is put back.
			r.Remove(aside)
			continue
		}
		if _, err := r.Lstat(name); !errors.Is(err, fs.ErrNotExist) {
			// Saved under the name since: the note aside is the older
			// copy, never to be put back (that name may be deleted on
			// purpose later). When it holds what its edit checked, the
			// edit's new content or a later save replaced it (a kill
			// after the link): it goes. Else (written to in place since
			// the check, or moved by an earlier build) it is kept.
			if superseded(r, aside) && r.Remove(aside) == nil {
				syncRootDir(r, TempDir)
				continue
			}
			retireAside(r, aside, name)
			continue
		}
		// Link, not rename: a save landing under the name meanwhile
		// (an editor does not take the lock) is never replaced. Where
		// the file system has no links, a rename, as RemoveIf does. A
		// note that cannot go back stays aside: opening the workspace
		// does not fail for it.
		err := r.Link(aside, name)
		if err == nil {
			r.Remove(aside)
		} else if _, serr := r.Lstat(name); !errors.Is(err, fs.ErrExist) && errors.Is(serr, fs.ErrNotExist) {
			err = r.Rename(aside, name)
		}
		if err == nil {
			syncRootDir(r, filepath.Dir(name))
		}
	}
	return nil
}

// NotesAside returns the workspace-relative paths (memory/...) of the
// notes that are aside in memory/.memweave-tmp ([TempDir]) now: moved
// there by an in-place edit or a removal that compares them (which puts
// them back, or their new content in their place, in a moment), or left
// there by a process killed meanwhile (which [Recover] puts back). Such
// a note is missing from its folder and yet no deleted note. Nil when
// none is, or the folder cannot be read.
func NotesAside(root string) map[string]bool {
	var aside map[string]bool
	for _, e := range tempEntries(root) {
		if name, ok := asideOf(root, e.Name()); ok && e.Type().IsRegular() {
			if aside == nil {
				aside = make(map[string]bool)
			}
			aside[workspace.MemoryDir+"/"+filepath.ToSlash(name)] = true
		}
	}
	return aside
}

// leftInTemp reports whether TempDir under root's memory folder holds a
// temporary file a killed write left ([tempLeftovers]), a note
// [putBackAside] may put back or a .gitignore cut shorter than whole
// ([mendTempIgnore]), reading the folder once: every open asks.
func leftInTemp(root string) bool {
	for _, e := range tempEntries(root) {
		n := e.Name()
		if strings.HasPrefix(n, tempPrefix) && strings.HasSuffix(n, tempSuffix) {
			return true
		}
		if n == ".gitignore" && cutTempIgnore(root, e) {
			return true
		}
		if _, ok := asideOf(root, n); ok {
			return true
		}
	}
	return false
}

// cutTempIgnore reports whether e, the .gitignore of TempDir under
// root's memory folder, is a start of [tempIgnore] shorter than it: one
// a killed process cut. Someone's own .gitignore is not.
func cutTempIgnore(root string, e os.DirEntry) bool {
	fi, err := e.Info()
	if err != nil || !fi.Mode().IsRegular() || fi.Size() >= int64(len(tempIgnore)) {
		return false
	}
	mem, err := memoryDir(root)
	if err != nil {
		return false
	}
	data, err := os.ReadFile(filepath.Join(mem, TempDir, e.Name()))
	return err == nil && strings.HasPrefix(tempIgnore, string(data))
}

// mendTempIgnore writes again the .gitignore of TempDir that a process
// killed while writing it left cut short (empty, or a start of it):
// such a file ignores nothing, so git would list the folder and sync
// commit it. A missing folder, or someone's own .gitignore, is left as
// it is. The caller holds the write lock.
func mendTempIgnore(root string) error {
	r, err := workspace.OpenMemoryRoot(root)
	if err != nil {
		return err
	}
	defer r.Close()
	if fi, err := r.Lstat(TempDir); err != nil || !fi.IsDir() {
		return nil
	}
	return makeTempDir(r)
}

// reservePerm is the mode of the empty file that reserves a name in
// TempDir for a note [moveAside] moves there: no permission bits, which
// no note an edit could read has, so that [Recover] tells a reservation
// left by a killed process from an empty note aside ([reservation]). On
// Windows, where a file without them is read-only and a rename cannot
// replace it, 0o600.
var reservePerm = func() fs.FileMode {
	if runtime.GOOS == "windows" {
		return 0o600
	}
	return 0
}()

// reservation reports whether the file aside described by fi is the
// empty file that reserved its name, left by a process killed before its
// rename: no note was ever aside. On Windows, where modes cannot tell, any
// empty file is taken for one (an empty note aside is then lost).
func reservation(fi fs.FileInfo) bool {
	return fi.Size() == 0 && (runtime.GOOS == "windows" || fi.Mode().Perm() == reservePerm)
}

// moveAside renames the file name beneath r to a new temporary name in
// TempDir (holding sum, the [Hash] of the content the caller expects
// there: [asideName]), or in the file's own folder when TempDir is on
// another file system, and returns that name.
func moveAside(r *os.Root, name, sum string) (string, error) {
	dirs := []string{filepath.Dir(name)}
	if makeTempDir(r) == nil {
		dirs = []string{TempDir, filepath.Dir(name)}
	}
	var err error
	for _, dir := range dirs {
		var tmpName string
		var tmp *os.File
		if dir == TempDir {
			// Not a leftover [Recover] removes: a note put aside by a
			// process killed before it put it back is put back by
			// Recover, under the name its own name holds.
			tmpName = asideName(name, sum)
			if tmp, err = r.OpenFile(tmpName, os.O_WRONLY|os.O_CREATE|os.O_EXCL, reservePerm); err != nil {
				return "", err
			}
		} else if tmpName, tmp, err = createTempAs(r, dir, tempPrefix); err != nil {
			return "", err
		}
		tmp.Close()
		if err = r.Rename(name, tmpName); err == nil {
			return tmpName, nil
		}
		r.Remove(tmpName)
		if !errors.Is(err, syscall.EXDEV) {
			break
		}
	}
	return "", err
}
