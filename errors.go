package memweave

import (
	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/history"
	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/search"
	"github.com/memweave/memweave-go/workspace"
)

// Errors callers can test with errors.Is. Several are the same values as
// the sentinels of the packages below, so that errors.Is works whichever
// name a caller uses.
var (
	// ErrClosed is returned by calls on a closed Weave (it is index.ErrClosed).
	ErrClosed = index.ErrClosed
	// ErrBusy is returned when another index run did not finish within
	// the lock timeout (see [LockTimeout]).
	ErrBusy = indexer.ErrBusy
	// ErrNotFound is returned when a file or path does not exist (it is
	// workspace.ErrNotFound).
	ErrNotFound = workspace.ErrNotFound
	// ErrEmbedderUnavailable is wrapped by failures to reach the embedding
	// endpoint (down, timing out, failing after retries); searches
	// degrade to keyword-only and index runs leave files pending instead
	// of returning it, with a [Warning] that wraps it.
	ErrEmbedderUnavailable = embed.ErrUnavailable
	// ErrEmbedderRejected is wrapped by failures where the endpoint
	// refused the request: a bad key, an unknown model, a bad request.
	// Retrying does not help; fix the configuration.
	ErrEmbedderRejected = embed.ErrRejected
	// ErrEmptyQuery is returned by a search for a blank query.
	ErrEmptyQuery = search.ErrEmptyQuery
	// ErrUnknownSource is wrapped by the [Warning] about a [Sources]
	// filter naming a source the index does not hold.
	ErrUnknownSource = indexer.ErrUnknownSource
	// ErrNoFTS5 means the binary was built without -tags sqlite_fts5.
	ErrNoFTS5 = index.ErrNoFTS5
	// ErrCorruptIndex means the index file is damaged or not SQLite; it
	// is a cache and can be deleted and rebuilt.
	ErrCorruptIndex = index.ErrCorrupt
	// ErrForeignIndex means the index path holds a SQLite database that
	// memweave did not create; memweave leaves it alone.
	ErrForeignIndex = index.ErrForeign
	// ErrIndexTooNew means the index was written by a newer memweave.
	ErrIndexTooNew = index.ErrTooNew
	// ErrTooLarge is wrapped by the [Warning] about a file over
	// Config.MaxFileBytes, which is not indexed.
	ErrTooLarge = indexer.ErrTooLarge
	// ErrInvalidUTF8 is wrapped by the [Warning] about a file that is not
	// valid UTF-8; it is indexed with replacement characters.
	ErrInvalidUTF8 = indexer.ErrInvalidUTF8
	// ErrBinary is wrapped by the [Warning] about a .md file that is not
	// text (NUL bytes, or mostly invalid UTF-8): it is not indexed.
	ErrBinary = indexer.ErrBinary
	// ErrNoGit, ErrNotRepository and ErrBadRevision are the errors of
	// [Weave.SearchAt] and [Weave.Changes]: no git command, no
	// repository, a revision that is malformed or names no commit.
	ErrNoGit         = history.ErrNoGit
	ErrNotRepository = history.ErrNotRepository
	ErrBadRevision   = history.ErrBadRevision
	// ErrInvalidSource is returned by [Weave.Append] for an [InSource]
	// name that is not a single plain folder name.
	ErrInvalidSource = memfile.ErrInvalidSource
	// ErrChanged is wrapped by the error of a write given [ExpectHash]
	// when the note does not hold the expected content: nothing was
	// written.
	ErrChanged = memfile.ErrChanged
	// ErrWouldErase is wrapped by the error of [Weave.Write] for blank
	// content over a note that is not empty.
	ErrWouldErase = memfile.ErrWouldErase
	// ErrNoWorkspace is returned by [Open] for a workspace folder without
	// a memory/ folder, unless [Config.Create] is set.
	ErrNoWorkspace = workspace.ErrNoWorkspace
)

// Warning is a problem that did not stop a call: a file skipped or
// unreadable, an embedding endpoint that failed. It carries the
// workspace-relative path (or "" when not about one file), the line when
// known, and a cause that errors.Is and errors.As see through: for
// example errors.Is(warning, ErrEmbedderUnavailable) or
// errors.Is(warning, fs.ErrPermission). It prints, and marshals to JSON,
// as one sentence.
type Warning = indexer.Warning
