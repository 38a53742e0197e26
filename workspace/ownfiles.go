package workspace

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/gofrs/flock"

	"github.com/memweave/memweave-go/internal/shellquote"
)

// CheckOwnFiles returns an error wrapping [ErrLinkedOwnFile] when the
// index folder of the workspace at root (.memweave), or one of the files
// names there, is a symbolic link, naming the link, its target and the
// rm command that removes it; nil
// when each is missing or is not a link.
//
// memweave writes these itself: the index, its write-ahead log and
// locks, the write lock. A workspace cloned from elsewhere can carry a
// link at one of those names (git keeps links, and a link is not a file
// the folder's .gitignore can keep out), which would send the index, and
// with it every note's text, to wherever the link points, or create a
// file there. So they are refused, never followed; an index the user
// wants elsewhere is named with Config.DBPath (--db).
func CheckOwnFiles(root string, names ...string) error {
	dir := filepath.Join(root, IndexDir)
	for _, p := range append([]string{dir}, joinAll(dir, names)...) {
		fi, err := os.Lstat(p)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			continue
		case err != nil:
			return err
		case fi.Mode()&fs.ModeSymlink == 0:
			continue
		}
		to, _ := os.Readlink(p)
		return &fs.PathError{Op: "open", Path: p, Err: fmt.Errorf("%w (to %q): remove it (rm %s)", ErrLinkedOwnFile, to, shellquote.Quote(p))}
	}
	return nil
}

// joinAll returns each of names under dir.
func joinAll(dir string, names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = filepath.Join(dir, n)
	}
	return out
}

// NewLock returns the cross-process lock on the file at path
// ([flock.New]), which opens the file without blocking (O_NONBLOCK where
// the platform has it) and creates it when missing. A FIFO at a lock's
// name (a workspace copied with tar or rsync can carry one) would
// otherwise make open(2) wait for a writer forever, beyond any context or
// timeout of the lock; opened at once, it locks as a file does. Every
// lock file memweave takes goes through here.
func NewLock(path string) *flock.Flock {
	return flock.New(path, flock.SetFlag(os.O_CREATE|os.O_RDONLY|openNonblock))
}

// MakeIndexDir creates the index folder of the workspace at root
// (.memweave) when missing and gives it a .gitignore of "*" when it has
// none, and returns the folder's path. Every file memweave keeps there
// (index, locks, journal, sync state) is this machine's own: without the
// .gitignore, a workspace whose index is elsewhere (Config.DBPath, --db)
// would show the locks and sync state as untracked in git status, for a
// `git add -A` to commit. An existing .gitignore is never changed. The
// workspace's folder is never made: a missing one is an error.
func MakeIndexDir(root string) (string, error) {
	dir := filepath.Join(root, IndexDir)
	if err := os.Mkdir(dir, 0o755); errors.Is(err, fs.ErrNotExist) {
		// Never made again: the folder was renamed or deleted under a
		// long-lived process, whose notes would go to an empty copy. Not
		// fs.ErrNotExist, which callers read as a note not found.
		return "", fmt.Errorf("workspace %s is gone (renamed or deleted?): %w", root, ErrNoWorkspace)
	} else if err != nil && !errors.Is(err, fs.ErrExist) {
		return "", err
	}
	return dir, IgnoreAll(dir)
}

// IgnoreAll gives dir a .gitignore of "*", saying why, unless it has a
// file (or link) of that name already.
func IgnoreAll(dir string) error {
	f, err := os.OpenFile(filepath.Join(dir, ".gitignore"), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("create .gitignore: %w", err)
	}
	_, err = f.WriteString("# memweave's index and locks: a cache of the Markdown files.\n*\n")
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("create .gitignore: %w", err)
	}
	return nil
}
