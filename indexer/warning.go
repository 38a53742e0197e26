package indexer

import (
	"errors"
	"fmt"
	"io/fs"
	"strconv"

	"github.com/memweave/memweave-go/internal/ctlesc"
	"github.com/memweave/memweave-go/workspace"
)

// Sentinels wrapped by a [Warning]'s Err, for callers to branch on with
// errors.Is.
var (
	// ErrTooLarge means a file is over the size limit and is not indexed.
	ErrTooLarge = errors.New("indexer: file over the size limit")
	// ErrInvalidUTF8 means a file is not valid UTF-8; it was indexed with
	// replacement characters.
	ErrInvalidUTF8 = errors.New("indexer: not valid UTF-8; indexed with replacement characters")
	// ErrBinary means a Markdown-named file is not text (it holds NUL
	// bytes, or mostly invalid UTF-8): it is indexed with no chunks.
	ErrBinary = errors.New("indexer: not a text file (NUL bytes or mostly invalid UTF-8); not indexed")
	// ErrConflictMarkers means a file holds git conflict markers (lines
	// starting "<<<<<<< " and, after it, ">>>>>>> "): a merge left it
	// half done, and its text is not indexed until someone settles it.
	ErrConflictMarkers = errors.New("indexer: holds git conflict markers (<<<<<<< ... >>>>>>>); not indexed until the conflict is settled")
	// ErrOldSupersession means a note holds a supersession line of the
	// form written before resolve named lines ("> Superseded by
	// PATH:LINE (DATE)"), which is no longer read: the passage is
	// searched as not superseded until it is resolved again.
	ErrOldSupersession = errors.New("indexer: a supersession line of the old form (> Superseded by PATH:LINE) is no longer read; resolve the lines again with 'memweave resolve' and delete it")
	// ErrNoMemoryDir means the workspace has no memory/ folder, so there
	// is nothing to index there.
	ErrNoMemoryDir = errors.New("indexer: no memory folder: memories are Markdown files under <workspace>/memory/")
	// ErrNotRegular means a file is a FIFO, a device, a socket or a
	// folder, not a regular file: it is never read. It is
	// [workspace.ErrNotRegular], so errors.Is matches either.
	ErrNotRegular = workspace.ErrNotRegular
	// ErrBusy means another index run did not finish within the lock
	// timeout.
	ErrBusy = errors.New("indexer: index busy")
	// ErrVanished means a file was removed (or renamed away) between the
	// scan that found it and its reading: it is not indexed, and rows it
	// had are removed. It wraps [fs.ErrNotExist].
	ErrVanished = fmt.Errorf("indexer: file vanished while being indexed: %w", fs.ErrNotExist)
)

// Warning is a problem that did not stop a call: a file that could not be
// read or was skipped, chunks whose embedding failed. It is modelled on
// os.PathError: Path names the file (workspace-relative, '/'-separated;
// "" when the warning is not about one file), Line the 1-based line when
// known, and Err the cause, which errors.Is and errors.As see through
// Unwrap (fs.ErrPermission, [ErrTooLarge], embed.ErrUnavailable, ...).
//
// A Warning marshals to JSON as its message, a string.
type Warning struct {
	Path string
	Line int
	Err  error
}

// Error is "path:line: cause", "path: cause" or "cause".
func (w Warning) Error() string {
	switch {
	case w.Path == "":
		return w.Err.Error()
	case w.Line > 0:
		return w.Path + ":" + strconv.Itoa(w.Line) + ": " + w.Err.Error()
	}
	return w.Path + ": " + w.Err.Error()
}

// Unwrap returns the cause.
func (w Warning) Unwrap() error { return w.Err }

// MarshalText returns the message as one sentence on one line, without
// the "memweave: " prefixes of the errors it wraps ([ctlesc.Unwrapped]),
// so that JSON shows a warning as the CLI and the MCP server print it.
func (w Warning) MarshalText() ([]byte, error) { return []byte(ctlesc.Unwrapped(w.Error())), nil }

// For returns the first warning about the file path, and whether there is
// one.
func For(warnings []Warning, path string) (Warning, bool) {
	for _, w := range warnings {
		if w.Path == path {
			return w, true
		}
	}
	return Warning{}, false
}
