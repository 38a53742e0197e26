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

// Errors callers can test with errors.Is. Each is the sentinel of the
// package that returns it, so errors.Is works whichever name a caller
// uses; that package's doc says more.
var (
	// ErrClosed is returned by calls on a closed Weave.
	ErrClosed = index.ErrClosed
	// ErrBusy means another index run did not finish within [LockTimeout].
	ErrBusy = indexer.ErrBusy
	// ErrNotFound is returned when a file or path does not exist.
	ErrNotFound = workspace.ErrNotFound
	// ErrNoWorkspace is returned by [Open] for a workspace folder without
	// a memory/ folder, unless [Config.Create] is set.
	ErrNoWorkspace = workspace.ErrNoWorkspace
	// ErrEmbedderUnavailable is wrapped by failures to reach the embedding
	// endpoint; searches degrade to keyword-only and index runs leave
	// files pending instead, with a [Warning] that wraps it.
	ErrEmbedderUnavailable = embed.ErrUnavailable
	// ErrEmbedderRejected means the endpoint refused the request (a bad
	// key, an unknown model): retrying does not help.
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
	// ErrInvalidSource means an [InSource] name is not one plain folder
	// name.
	ErrInvalidSource = memfile.ErrInvalidSource
	// ErrChanged means a note changed with [ExpectHash] did not hold the
	// expected content: nothing was written.
	ErrChanged = memfile.ErrChanged
	// ErrWouldErase means [Weave.Write] was given blank content over a
	// note that is not empty.
	ErrWouldErase = memfile.ErrWouldErase
	// ErrNoGit, ErrNotRepository and ErrBadRevision are the errors of
	// [Weave.SearchAt] and [Weave.Changes]: no git command, no
	// repository, a revision that is malformed or names no commit.
	ErrNoGit         = history.ErrNoGit
	ErrNotRepository = history.ErrNotRepository
	ErrBadRevision   = history.ErrBadRevision
)

// Warning is a problem that did not stop a call (a file skipped, an
// embedding endpoint that failed), naming its workspace-relative path
// and line when known; errors.Is and errors.As see through it to its
// cause ([indexer.Warning]).
type Warning = indexer.Warning
