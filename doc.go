// Package memweave gives AI agents persistent memory they can read,
// search and review with git diff.
//
// Memories are plain Markdown files under <workspace>/memory/. They are the
// source of truth; the SQLite index under <workspace>/.memweave/ is a
// derived cache that [Weave.Index] can always rebuild from them.
//
//	w, err := memweave.Open(ctx, memweave.Config{Workspace: dir})
//	...
//	w.Index(ctx)
//	resp, err := w.Search(ctx, "caching layer decision", memweave.DecayDefault())
//
// # Where things live
//
// This package is a thin facade: [Weave], [Config], the public types and
// short methods that delegate, as goldmark's New assembles its parser and
// renderer. workspace finds files and owns path rules; chunker cuts
// Markdown; embed and embedcache make and keep vectors; index is the
// SQLite store; indexer owns the freshness diff (files vs index), the
// index pipeline and lock, Check and Rebuild; search plans queries and
// runs the hybrid retrieval over keyword and vector backends; postprocess
// holds the threshold, decay, MMR and custom stages; watcher keeps the
// index fresh; memfile writes files; pack fits passages to a budget;
// frontmatter reads and edits the YAML block at the top of a note (tags,
// importance, pinned, expires, feedback) and the supersession line of
// [Weave.Resolve]; gitsync shares memory/ between machines through a git
// remote ([Weave.Sync]); flush, mcpserver and cmd/memweave sit on top. The README has the map
// with the write and search paths.
//
// # Options
//
// [Open] takes a [Config] struct whose zero value means the defaults; a
// field where zero is a real value other than the default is a pointer
// (MinScore: new(0.0)). Every per-call option is a functional option of
// its own type ([SearchOption], [IndexOption], [WatchOption], ...): not
// given, it keeps its default; given, it means exactly its value
// (MinScore(0) keeps everything, MMR(0) is pure diversity); invalid, it is
// an error naming it. Functional options tell "unset" from zero without a
// pointer at every call site, and a SearchOption passes on as a PackOption.
//
// # Errors and warnings
//
// Calls return errors that wrap the sentinels of this package (test them
// with errors.Is: [ErrClosed], [ErrNotFound], [ErrBusy],
// [ErrCorruptIndex], ...). Problems that do not stop a call are [Warning]
// values in results, each naming its file and wrapping a cause such as
// [ErrTooLarge], [ErrEmbedderUnavailable] or fs.ErrPermission.
//
// # Build requirements
//
// memweave needs cgo (SQLite is compiled from C) and the sqlite_fts5
// build tag for SQLite's full-text search:
//
//	go build -tags sqlite_fts5 ./...
//	go test -tags sqlite_fts5 ./...
//
// A binary built without the tag fails at [Open] with [ErrNoFTS5], whose
// message names the tag.
//
// # Concurrency
//
// A Weave is safe for concurrent use by multiple goroutines, and several
// processes may index, write and search one workspace at once: the index
// uses WAL, short write transactions and a cross-process lock around index
// runs.
package memweave
