// Package index is memweave's SQLite store: files, chunks, an FTS5 keyword
// index, the vectors (half floats, scanned as int8 code blocks; see
// codes.go, and dot.go for the C kernel of the scan) and the embedding
// cache, in one file.
//
// The store is a derived cache of the Markdown files: deleting it loses
// nothing, the next index run rebuilds it. It needs cgo and the
// sqlite_fts5 build tag:
//
//	go build -tags sqlite_fts5 ./...
//
// Without the tag, [Open] fails with [ErrNoFTS5]. Every pooled connection
// gets the same setup (WAL with a small log, a busy timeout, sqlite-vec),
// and schema changes are ordered migrations tracked by PRAGMA
// user_version. Between writes a DB keeps what searches read again and
// again (vector codes, file rows, chunk count, term counts), filed under
// the index generation; its own writes patch them, any other write makes
// the next read reload them.
//
// A DB is safe for concurrent use by multiple goroutines and by several
// processes on the same file.
package index
