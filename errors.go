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
// package that returns it, whose doc says more, so errors.Is works
// whichever name a caller uses.
var (
	ErrClosed              = index.ErrClosed          // a call on a closed Weave
	ErrBusy                = indexer.ErrBusy          // another index run held on past [LockTimeout]
	ErrNotFound            = workspace.ErrNotFound    // a file or path does not exist
	ErrNoWorkspace         = workspace.ErrNoWorkspace // [Open]: no memory/ folder and no [Config.Create]
	ErrEmbedderUnavailable = embed.ErrUnavailable     // the embedding endpoint is down or failing
	ErrEmbedderRejected    = embed.ErrRejected        // it refused the request (bad key, unknown model)
	ErrEmptyQuery          = search.ErrEmptyQuery     // a search for a blank query
	ErrUnknownSource       = indexer.ErrUnknownSource // a [Sources] filter names a source not indexed
	ErrNoFTS5              = index.ErrNoFTS5          // built without -tags sqlite_fts5
	ErrCorruptIndex        = index.ErrCorrupt         // the index is damaged: delete and rebuild it
	ErrForeignIndex        = index.ErrForeign         // a SQLite file memweave did not create
	ErrIndexTooNew         = index.ErrTooNew          // an index written by a newer memweave
	ErrTooLarge            = indexer.ErrTooLarge      // a file over Config.MaxFileBytes: not indexed
	ErrInvalidUTF8         = indexer.ErrInvalidUTF8   // indexed with replacement characters
	ErrBinary              = indexer.ErrBinary        // a .md file that is not text: not indexed
	ErrInvalidSource       = memfile.ErrInvalidSource // an [InSource] name that is not one folder name
	ErrChanged             = memfile.ErrChanged       // [ExpectHash] did not hold: nothing written
	ErrWouldErase          = memfile.ErrWouldErase    // blank content over a note that is not empty
	ErrNoGit               = history.ErrNoGit         // [Weave.SearchAt], [Weave.Changes]: no git
	ErrNotRepository       = history.ErrNotRepository // ... no repository
	ErrBadRevision         = history.ErrBadRevision   // ... a malformed or unknown revision
)

// Warning is a problem that did not stop a call (a file skipped, an
// embedding endpoint that failed), naming its path; see [indexer.Warning].
type Warning = indexer.Warning
