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
// gets the same setup (WAL with a small log, a busy timeout,
// trusted_schema off, sqlite-vec), and schema changes are ordered
// migrations tracked by PRAGMA user_version.
//
// The file is untrusted input: a user may copy it from elsewhere. Open
// checks its schema against the one this binary creates, and every read
// of a vector or code value checks its type and length in SQL before the
// value is fetched, so a crafted file yields [ErrCorrupt] naming the
// table and row, never a large allocation; [DB.Check] reports what
// differs and [DB.Repair] rebuilds the derived tables from what is sound.
//
// Between writes a DB keeps what searches read again and again (vector
// codes, file rows, chunk count, term counts) in memory it owns, filed
// under the index generation; its own writes patch them, any other write
// makes the next read reload them. Close releases them.
//
// It is the one package that knows the schema and holds SQL: conflict
// reads chunks through [DB.EachChunkIn], the embedding cache keeps its
// entries through [CacheTable], and TestOnlyIndexHoldsSQL keeps it so.
//
// A DB is safe for concurrent use by multiple goroutines and by several
// processes on the same file.
package index
