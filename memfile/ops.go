package memfile

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"

	"github.com/memweave/memweave-go/workspace"
)

// ErrWouldErase is returned by [Write] for blank data (nothing or only
// white space) over a file that is not empty, unless allowed.
var ErrWouldErase = errors.New("empty content would erase the file")

// Write replaces the memory file path (see [Target]) with data under the
// workspace's write lock, atomically (see [Replace]), and returns its
// absolute path. Blank data over a file that is not empty is refused
// with [ErrWouldErase] unless allowEmpty. Errors name the path.
func Write(ctx context.Context, root, path string, data []byte, allowEmpty bool) (abs string, err error) {
	target, _, err := Target(root, path)
	if err != nil {
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	unlock, err := Lock(ctx, root)
	if err != nil {
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	defer unlock()
	if !allowEmpty && len(bytes.TrimSpace(data)) == 0 {
		if fi, err := os.Stat(target); err == nil && fi.Mode().IsRegular() && fi.Size() > 0 {
			return "", fmt.Errorf("write %s: %w's %d bytes", path, ErrWouldErase, fi.Size())
		}
	}
	if abs, err = Replace(root, path, data); err != nil {
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	return abs, nil
}

// Append adds text as a new entry to the dated log of source for day
// (see [DatedPath] and [AppendNote]) under the workspace's write lock, and
// returns the log's workspace-relative and absolute paths. Errors name
// the log.
func Append(ctx context.Context, root, source string, day time.Time, text string) (rel, abs string, err error) {
	rel, err = DatedPath(source, day)
	if err != nil {
		return "", "", err
	}
	abs, _, err = workspace.SafeMemoryPath(root, rel)
	if err != nil {
		return "", "", fmt.Errorf("append %s: %w", rel, err)
	}
	unlock, err := Lock(ctx, root)
	if err != nil {
		return "", "", fmt.Errorf("append %s: %w", rel, err)
	}
	defer unlock()
	if err := AppendNote(root, rel, text); err != nil {
		return "", "", fmt.Errorf("append %s: %w", rel, err)
	}
	return rel, abs, nil
}

// Delete removes the memory file path (by the rules of
// workspace.SafeMemoryPath; a link is removed, not its target) under the
// workspace's write lock, checking the path again under the lock. It
// returns the workspace-relative path and whether the file was already
// missing, which is not an error.
func Delete(ctx context.Context, root, path string) (rel string, missing bool, err error) {
	_, rel, err = workspace.SafeMemoryPath(root, path)
	if err != nil {
		return "", false, fmt.Errorf("delete %s: %w", path, err)
	}
	unlock, err := Lock(ctx, root)
	if err != nil {
		return rel, false, fmt.Errorf("delete %s: %w", rel, err)
	}
	defer unlock()
	// Remove checks again under the lock, and removes through the memory
	// folder's os.Root: a link that appeared meanwhile is not followed out.
	err = Remove(root, path)
	if errors.Is(err, fs.ErrNotExist) {
		return rel, true, nil
	}
	if err != nil {
		return rel, false, fmt.Errorf("delete %s: %w", rel, err)
	}
	return rel, false, nil
}

// Edit rewrites the memory file path (see [Target]) under the
// workspace's write lock: it reads the file, passes its content and
// workspace-relative name to edit, and atomically replaces the file with
// what edit returns (see [Replace]), unless that is the same content or
// edit fails. A result over maxBytes (when positive) is refused with an
// error naming the limit. It returns the file's absolute path. Errors
// name the path.
func Edit(ctx context.Context, root, path string, maxBytes int64, edit func(rel string, old []byte) ([]byte, error)) (abs string, err error) {
	target, rel, err := Target(root, path)
	if err != nil {
		return "", fmt.Errorf("edit %s: %w", path, err)
	}
	unlock, err := Lock(ctx, root)
	if err != nil {
		return "", fmt.Errorf("edit %s: %w", rel, err)
	}
	defer unlock()
	old, err := os.ReadFile(target)
	if err != nil {
		return "", fmt.Errorf("edit %s: %w", rel, err)
	}
	data, err := edit(rel, old)
	if err != nil {
		return "", fmt.Errorf("edit %s: %w", rel, err)
	}
	if maxBytes > 0 && int64(len(data)) > maxBytes {
		return "", fmt.Errorf("edit %s: the result, %d bytes, is over the %d-byte limit", rel, len(data), maxBytes)
	}
	if bytes.Equal(data, old) {
		return target, nil
	}
	if abs, err = Replace(root, path, data); err != nil {
		return "", fmt.Errorf("edit %s: %w", rel, err)
	}
	return abs, nil
}
