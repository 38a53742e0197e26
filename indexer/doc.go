// Package indexer keeps a workspace's index up to date with its files.
//
// It owns three things, so that every caller agrees on them by
// construction:
//
//   - the freshness truth: [Engine.Diff] compares the files on disk with
//     the rows in the index and sorts every file into exactly one class
//     (new, changed, deleted, too large, unreadable, pending, unchanged),
//     with every skip rule in one place. Status, Check, a one-shot
//     search's sync and every full scan read this one diff, and
//     [Engine.SyncPaths], the sync of the paths a file watcher's events
//     named, sorts each of them with the same rules;
//   - the write path: read, chunk, look up the embedding cache, embed the
//     misses in batches and write each group in one short transaction,
//     in two overlapping stages ([Engine.Sync], [Engine.Add]). Embedding
//     never happens inside a write transaction;
//   - the index lock: one in-process mutex plus a cross-process file lock,
//     so that index runs of every process take turns.
//
// Problems with single files are [Warning] values carrying the path, the
// line where known and a wrapped cause testable with errors.Is.
//
// Package indexer builds on workspace (discovery, path rules), chunker,
// embed, embedcache and index. It must not import the root package
// memweave, search, postprocess or anything about the watcher: those sit
// above it.
package indexer
