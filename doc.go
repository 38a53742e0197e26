// Package memweave gives AI agents persistent memory they can read,
// search and review with git diff.
//
// Memories are plain Markdown files under <workspace>/memory/. They are the
// source of truth; the SQLite index under <workspace>/.memweave/ is a
// derived cache that [Weave.Index] can always rebuild from them.
//
// A [Weave] ties the pieces together, as goldmark's New assembles its
// parser and renderer: package chunker cuts Markdown into chunks with exact
// line numbers, embed turns text into vectors (offline by default),
// embedcache keeps vectors by content so unchanged text is never embedded
// twice, index stores files, chunks, an FTS5 keyword index and a
// sqlite-vec vector table, search plans keyword queries and fuses scores,
// and postprocess holds the threshold, decay and MMR stages.
//
//	w, err := memweave.Open(ctx, memweave.Config{Workspace: dir})
//	...
//	w.Index(ctx)
//	resp, err := w.Search(ctx, "caching layer decision", memweave.Decay(30))
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
