// Package memweave gives AI agents persistent memory they can read,
// search and review with git diff.
//
// Memories are plain Markdown files under <workspace>/memory/, the source
// of truth; the SQLite index under <workspace>/.memweave/ is a derived
// cache that [Weave.Index] can always rebuild from them.
//
//	w, err := memweave.Open(ctx, memweave.Config{Workspace: dir})
//	...
//	w.Index(ctx)
//	resp, err := w.Search(ctx, "caching layer decision", memweave.DecayDefault())
//
// This package is a thin facade: [Weave], [Config] and short methods
// wiring the packages that do the work; ARCHITECTURE.md maps them. A
// zero [Config] means the defaults. Per-call options ([SearchOption],
// [IndexOption], ...) not given keep their default; given, they mean
// exactly their value (MinScore(0) keeps everything); invalid, they are
// an error naming them. Errors wrap this package's sentinels ([ErrClosed],
// [ErrNotFound], ...; test with errors.Is); problems that do not stop a
// call are [Warning] values in results.
//
// memweave needs cgo and the sqlite_fts5 build tag (go build -tags
// sqlite_fts5); a binary built without it fails at [Open] with [ErrNoFTS5].
package memweave
