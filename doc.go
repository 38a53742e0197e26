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
// This package is a thin facade: [Weave], [Config], the public types and
// short methods that wire the packages doing the work (workspace, memfile,
// chunker, embed, index, indexer, search, postprocess, watcher, pack,
// history, ...). ARCHITECTURE.md at the module root maps them.
//
// [Open] takes a [Config] whose zero value means the defaults. Per-call
// options are functional options ([SearchOption], [IndexOption], ...):
// not given, an option keeps its default; given, it means exactly its
// value (MinScore(0) keeps everything); invalid, it is an error naming it.
//
// Calls return errors wrapping this package's sentinels ([ErrClosed],
// [ErrNotFound], [ErrBusy], ...; test them with errors.Is). Problems that
// do not stop a call are [Warning] values in results, each naming its
// file and wrapping a cause such as [ErrTooLarge].
//
// memweave needs cgo (SQLite is compiled from C) and the sqlite_fts5
// build tag; a binary built without it fails at [Open] with [ErrNoFTS5]:
//
//	go build -tags sqlite_fts5 ./...
//	go test -tags sqlite_fts5 ./...
//
// A Weave is safe for concurrent use by multiple goroutines, and several
// processes may index, write and search one workspace at once.
package memweave
