package indexer

import (
	"context"
	"errors"
	"fmt"
	"io/fs"

	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/workspace"
)

// ReadFile reads a file a caller may read back: one under memory/, checked
// as a write would be (memfile.Target), or any file the index holds, such
// as an extra path outside memory/. It returns the file's
// workspace-relative path. A missing file is an error wrapping
// [workspace.ErrNotFound]; a path outside memory/ that the index does not
// hold is refused with [workspace.ErrOutsideMemory].
//
// The file is opened as [workspace.OpenFile] opens it: a file under
// memory/ through the memory folder's os.Root, so a link out of memory/
// is refused even when the index holds it, and only a regular file is
// read ([ErrNotRegular]), without ever blocking on a FIFO. A file over
// Options.MaxFileBytes is refused with [ErrTooLarge] after reading at
// most the limit and a byte.
func (e *Engine) ReadFile(ctx context.Context, path string) (data []byte, rel string, err error) {
	rel, err = e.readable(ctx, path)
	if err != nil {
		return nil, "", err
	}
	extra, _ := e.extraPaths()
	// At most the limit and a byte: a huge note, or one another program
	// keeps appending to, is not read whole for a line of it.
	data, _, err = workspace.ReadIndexed(e.opts.Root, extra, rel, e.opts.MaxFileBytes)
	return data, rel, bounded(rel, data, err, e.opts.MaxFileBytes)
}

// DefaultMaxFileBytes is the default of Options.MaxFileBytes (and of
// memweave's Config.MaxFileBytes): 16 MiB.
const DefaultMaxFileBytes = 16 << 20

// bounded is the error of a read of rel, at most maxBytes and a byte,
// that returned data and err: a missing file wraps
// [workspace.ErrNotFound], one over maxBytes [ErrTooLarge].
func bounded(rel string, data []byte, err error, maxBytes int64) error {
	if errors.Is(err, fs.ErrNotExist) {
		return workspace.ErrNotFound
	}
	if err == nil && int64(len(data)) > maxBytes {
		return &fs.PathError{Op: "read", Path: rel, Err: fmt.Errorf("over the %d-byte limit (Config.MaxFileBytes): %w", maxBytes, ErrTooLarge)}
	}
	return err
}

// FileLines is [Engine.Lines] of the note path under memory/ of the
// workspace root (as [memfile.Target] takes it), read through an os.Root
// on memory/ without an index: the way to read a note when the index
// cannot be opened. As [Engine.ReadFile], it reads at most maxBytes and
// a byte, refusing a larger note with [ErrTooLarge]; a missing note is an
// error wrapping [workspace.ErrNotFound].
func FileLines(root, path string, from, count int, maxBytes int64) (text, hash string, err error) {
	_, rel, err := memfile.Target(root, path)
	if err != nil {
		return "", "", fmt.Errorf("get %s: %w", path, err)
	}
	data, _, err := workspace.ReadFile(root, nil, rel, maxBytes)
	if err = bounded(rel, data, err, maxBytes); err != nil {
		return "", "", fmt.Errorf("get %s: %w", rel, err)
	}
	if text, err = memfile.Lines(data, from, count); err != nil {
		return "", "", fmt.Errorf("get %s: %w", rel, err)
	}
	return text, memfile.Hash(data), nil
}

// readable resolves path for ReadFile to a workspace-relative name.
func (e *Engine) readable(ctx context.Context, path string) (rel string, err error) {
	abs, rel, merr := memfile.Target(e.opts.Root, path)
	if merr == nil {
		if _, err := lstat(abs); err == nil {
			return rel, nil
		}
	}
	// An indexed file: an extra path, or a file added explicitly; not
	// through a path naming a folder or with a ".." element, which Resolve
	// would clean away (write and delete refuse both).
	if _, irel, err := workspace.Resolve(e.opts.Root, path); err == nil && !workspace.NamesFolder(path) && !workspace.HasDotDot(path) {
		rows, err := e.db.FilesAt(ctx, []string{irel})
		if err != nil {
			return "", err
		}
		if _, ok := rows[irel]; ok {
			return irel, nil
		}
	}
	switch {
	case merr == nil, errors.Is(merr, fs.ErrNotExist):
		return "", workspace.ErrNotFound
	case errors.Is(merr, workspace.ErrOutsideMemory):
		return "", fmt.Errorf("%w (and not an indexed file)", merr)
	}
	return "", merr
}
