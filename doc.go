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
// short methods that delegate to the packages below, as goldmark's New
// assembles its parser and renderer.
//
//	workspace    discovery of Markdown files, path rules, sources, dated names
//	chunker      Markdown -> chunks with exact line numbers (pure, no I/O)
//	tokenize     words, compound parts, the one stop-word list
//	embed        Embedder: offline Hash (default), OpenAI-compatible, none
//	embedcache   vectors by content hash, so no text is embedded twice
//	index        SQLite: files, chunks, FTS5, vectors, migrations, checks
//	indexer      the freshness diff (files vs index), the index pipeline,
//	             the index lock, Check and Rebuild mechanics
//	search       query planning, hybrid retrieval over keyword and vector
//	             backends, fusion, snippets (pure, no cgo)
//	postprocess  threshold, decay, MMR and custom postprocessor stages
//	watcher      fsnotify/polling watcher, driven by a Syncer
//	memfile      atomic writes, the write lock, dated appends, line ranges
//	pack         token-budget packing (dedupe, exact knapsack)
//	flush        chat-model extraction of facts into the dated log
//	mcpserver    the MCP tools; cmd/memweave the CLI; memweavetest helpers
//
// Write path: [Weave.Index] asks indexer for the [indexer.Diff] of the
// workspace (workspace discovery vs index rows); new and changed files are
// read, cut by chunker, looked up in embedcache, the misses embedded by
// embed in batches, and each group written by index in one short
// transaction. [Weave.Write], [Weave.Append] and [Weave.Delete] change a
// file through memfile and then index just that file.
//
// Search path: [Weave.Search] first syncs files the same diff calls stale
// (skipped while a watcher is fresh), then search.Hybrid runs the keyword
// backend (FTS5 BM25 via index) and the vector backend (query embedded by
// embed, cosine via index) concurrently and fuses them; postprocess applies
// the threshold, decay, MMR and custom stages; search cuts snippets.
//
// # Options
//
// [Open] takes a [Config] struct whose zero value means the defaults; a
// field for which zero is a real value different from the default is a
// pointer (MinScore: new(0.0)). Every per-call option is a functional
// option of its own type ([SearchOption], [IndexOption], [CheckOption],
// [StatusOption], [AppendOption], [PackOption], [WatchOption]): an option
// not given keeps its default, an option given means exactly its value
// (MinScore(0) keeps everything, MMR(0) is pure diversity), and an invalid
// value is an error naming the option. Functional options were chosen
// because Search already used them, because they tell "unset" from zero
// without pointers at every call site, and because a SearchOption can be
// passed on as a PackOption.
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
