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
	// ErrEmbedderUnavailable (the endpoint is down or failing) and
	// ErrEmbedderRejected (it refused the request: a bad key, an unknown
	// model; retrying does not help) are wrapped by embedding failures.
	// Searches degrade to keyword-only and index runs leave files pending
	// instead, with a [Warning] that wraps the cause.
	ErrEmbedderUnavailable = embed.ErrUnavailable
	ErrEmbedderRejected    = embed.ErrRejected
	// ErrEmptyQuery is returned by a search for a blank query.
	ErrEmptyQuery = search.ErrEmptyQuery
	// ErrUnknownSource is wrapped by the [Warning] about a [Sources]
	// filter naming a source the index does not hold.
	ErrUnknownSource = indexer.ErrUnknownSource
	// ErrNoFTS5 means the binary was built without -tags sqlite_fts5.
	ErrNoFTS5 = index.ErrNoFTS5
	// ErrCorruptIndex (the index file is damaged or not SQLite: it is a
	// cache, delete and rebuild it), ErrForeignIndex (a SQLite database
	// memweave did not create, which it leaves alone) and ErrIndexTooNew
	// (written by a newer memweave) are errors of opening the index.
	ErrCorruptIndex = index.ErrCorrupt
	ErrForeignIndex = index.ErrForeign
	ErrIndexTooNew  = index.ErrTooNew
	// ErrTooLarge (over Config.MaxFileBytes: not indexed), ErrInvalidUTF8
	// (indexed with replacement characters) and ErrBinary (a .md file
	// that is not text: not indexed) are wrapped by a file's [Warning].
	ErrTooLarge    = indexer.ErrTooLarge
	ErrInvalidUTF8 = indexer.ErrInvalidUTF8
	ErrBinary      = indexer.ErrBinary
	// ErrInvalidSource (an [InSource] name that is not one plain folder
	// name), ErrChanged (a note changed with [ExpectHash] did not hold
	// the expected content: nothing was written) and ErrWouldErase
	// (blank content over a note that is not empty) are errors of writes.
	ErrInvalidSource = memfile.ErrInvalidSource
	ErrChanged       = memfile.ErrChanged
	ErrWouldErase    = memfile.ErrWouldErase
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
