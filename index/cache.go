package index

import (
	"context"
	"database/sql"
	"strings"

	"github.com/memweave/memweave-go/embedcache"
)

// cacheTable is the DDL of the embedding cache's table, spliced into the
// first migration: byte for byte the text that shipped (see
// TestShippedMigrationsUnchanged).
const cacheTable = `CREATE TABLE embed_cache (
	id       INTEGER PRIMARY KEY,
	identity TEXT NOT NULL,
	hash     BLOB NOT NULL,
	vector   BLOB NOT NULL,
	used     INTEGER NOT NULL
);
CREATE UNIQUE INDEX embed_cache_key ON embed_cache (identity, hash);`

// maxVars keeps bulk statements under SQLite's bound-variable limit
// (32766 since 3.32, 999 before) with a wide margin.
const maxVars = 500

// CacheTable is the embedding cache's table as one handle sees it: the
// database ([DB.CacheTable]) or the write transaction of [DB.Apply]. It
// is the storage of [embedcache.Cache]: entries by embedder identity and
// text key, each with the stamp of its last use. Errors are the driver's,
// unwrapped; embedcache names the operation.
type CacheTable struct{ q queryExecer }

// CacheTable returns the embedding cache's table, read and written
// outside any transaction of the caller.
func (db *DB) CacheTable() CacheTable { return CacheTable{db.sql.Load()} }

// cacheVectorOf is the condition on an embed_cache row that its vector
// is one of float32 values of a length between two byte bounds (the
// query's arguments, in order), compared before the vector is read.
const cacheVectorOf = `typeof(vector) = 'blob' AND length(vector) BETWEEN ? AND ? AND length(vector) % 4 = 0`

// Lookup returns the cached vectors of identity of size values (any
// size up to [embedcache.MaxSize] when size is 0) under keys; missing
// keys and entries of another size are absent from the map. An entry's
// length is compared before its vector is read: a crafted index file
// can hold an entry of a gigabyte. Keys are looked up in batches that
// stay under SQLite's variable limit.
func (t CacheTable) Lookup(ctx context.Context, identity string, size int, keys []embedcache.Key) (map[embedcache.Key][]float32, error) {
	found := make(map[embedcache.Key][]float32, len(keys))
	lo, hi := 4*size, 4*size
	if size <= 0 {
		lo, hi = 4, 4*embedcache.MaxSize
	}
	for start := 0; start < len(keys); start += maxVars - 3 {
		batch := keys[start:min(start+maxVars-3, len(keys))]
		args := make([]any, 0, len(batch)+3)
		args = append(args, lo, hi, identity)
		for _, k := range batch {
			args = append(args, k[:])
		}
		err := scanRows(ctx, t.q, `SELECT hash, vector FROM embed_cache
			WHERE `+cacheVectorOf+` AND identity = ? AND hash IN (`+placeholders(len(batch))+`)`, func(rows *sql.Rows) error {
			var h, v []byte
			if err := rows.Scan(&h, &v); err != nil {
				return err
			}
			var k embedcache.Key
			copy(k[:], h)
			found[k] = embedcache.Decode(v)
			return nil
		}, args...)
		if err != nil {
			return nil, err
		}
	}
	return found, nil
}

// Touch sets the last-use stamp of identity's entries under keys to used.
func (t CacheTable) Touch(ctx context.Context, identity string, keys []embedcache.Key, used int64) error {
	blobs := make([]any, 0, len(keys))
	for _, k := range keys {
		blobs = append(blobs, k[:])
	}
	for start := 0; start < len(blobs); start += maxVars - 2 {
		batch := blobs[start:min(start+maxVars-2, len(blobs))]
		args := append([]any{used, identity}, batch...)
		if _, err := t.q.ExecContext(ctx,
			`UPDATE embed_cache SET used = ? WHERE identity = ? AND hash IN (`+placeholders(len(batch))+`)`, args...); err != nil {
			return err
		}
	}
	return nil
}

// Store saves identity's vectors under their keys with the last-use
// stamp used, replacing any previous entry.
func (t CacheTable) Store(ctx context.Context, identity string, vectors map[embedcache.Key][]float32, used int64) error {
	const perRow = 4
	args := make([]any, 0, maxVars)
	var b strings.Builder
	flush := func() error {
		if len(args) == 0 {
			return nil
		}
		_, err := t.q.ExecContext(ctx, `INSERT OR REPLACE INTO embed_cache (identity, hash, vector, used) VALUES `+b.String(), args...)
		args = args[:0]
		b.Reset()
		return err
	}
	for k, v := range vectors {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString("(?,?,?,?)")
		args = append(args, identity, k[:], embedcache.Encode(v), used)
		if len(args)+perRow > maxVars {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	return flush()
}

// Prune deletes the entries, of any identity, beyond the max most
// recently used, and returns how many it deleted. max must be positive.
func (t CacheTable) Prune(ctx context.Context, max int) (int, error) {
	res, err := t.q.ExecContext(ctx, `DELETE FROM embed_cache WHERE id IN (
		SELECT id FROM embed_cache ORDER BY used DESC, id DESC LIMIT -1 OFFSET ?)`, max)
	if err != nil {
		return 0, err
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// placeholders returns n comma-separated SQL parameters, "?,?,?" for 3,
// to fill an IN (...) list; "" when n <= 0.
func placeholders(n int) string {
	if n <= 0 {
		return ""
	}
	return strings.Repeat("?,", n-1) + "?"
}
