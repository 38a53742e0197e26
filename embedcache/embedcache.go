// Package embedcache stores embeddings by content so that unchanged text is
// never embedded twice.
//
// A key is the embedder identity plus the SHA-256 of the embedded text, so
// identical text in two files, or a file that is deleted and restored, costs
// one embedding call in all. The cache is a real LRU: a hit refreshes an
// entry's recency, and [Cache.Prune] evicts the least recently used entries
// beyond a maximum.
//
// The cache lives in the index's SQLite database but this package only
// speaks database/sql, so it builds without cgo; callers pass a *sql.DB or
// *sql.Tx.
package embedcache

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"time"
)

// Schema is the DDL of the cache table. The index package runs it in a
// migration.
const Schema = `CREATE TABLE embed_cache (
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

// Key is the SHA-256 of an embedded text.
type Key [sha256.Size]byte

// KeyOf returns the cache key of text.
func KeyOf(text string) Key { return sha256.Sum256([]byte(text)) }

// Conn is what the cache needs from a database handle: *sql.DB, *sql.Conn
// and *sql.Tx all satisfy it.
type Conn interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// Cache is the embedding cache of one embedder identity. It holds no state
// of its own beyond the identity, so it is safe for concurrent use.
type Cache struct {
	identity string
	// now returns the recency stamp; tests may replace it.
	now func() int64
}

// New returns the cache of the embedder with the given identity string
// (see embed.Identity.String).
func New(identity string) *Cache {
	return &Cache{identity: identity, now: func() int64 { return time.Now().UnixNano() }}
}

// Lookup returns the cached vectors of keys; missing keys are absent from
// the map. Callers refresh the hits' recency with [Cache.Touch], in the
// transaction that uses them. Keys are looked up in
// batches that stay under SQLite's variable limit.
func (c *Cache) Lookup(ctx context.Context, db Conn, keys []Key) (map[Key][]float32, error) {
	found := make(map[Key][]float32, len(keys))
	for start := 0; start < len(keys); start += maxVars - 1 {
		batch := keys[start:min(start+maxVars-1, len(keys))]
		if err := c.lookup(ctx, db, batch, found); err != nil {
			return nil, fmt.Errorf("embedcache: lookup: %w", err)
		}
	}
	return found, nil
}

// lookup adds the cached vectors of batch to found.
func (c *Cache) lookup(ctx context.Context, db Conn, batch []Key, found map[Key][]float32) error {
	args := make([]any, 0, len(batch)+1)
	args = append(args, c.identity)
	for _, k := range batch {
		args = append(args, k[:])
	}
	rows, err := db.QueryContext(ctx,
		`SELECT hash, vector FROM embed_cache WHERE identity = ? AND hash IN (`+Placeholders(len(batch))+`)`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var h, v []byte
		if err := rows.Scan(&h, &v); err != nil {
			return err
		}
		var k Key
		copy(k[:], h)
		found[k] = Decode(v)
	}
	return rows.Err()
}

// Touch refreshes the recency of the given entries, making them the most
// recently used.
func (c *Cache) Touch(ctx context.Context, db Conn, hits []Key) error {
	keys := make([]any, 0, len(hits))
	for _, k := range hits {
		keys = append(keys, k[:])
	}
	stamp := c.now()
	for start := 0; start < len(keys); start += maxVars - 2 {
		batch := keys[start:min(start+maxVars-2, len(keys))]
		args := append([]any{stamp, c.identity}, batch...)
		if _, err := db.ExecContext(ctx,
			`UPDATE embed_cache SET used = ? WHERE identity = ? AND hash IN (`+Placeholders(len(batch))+`)`, args...); err != nil {
			return fmt.Errorf("embedcache: touch: %w", err)
		}
	}
	return nil
}

// Store saves vectors under their keys, replacing any previous entry.
func (c *Cache) Store(ctx context.Context, db Conn, vectors map[Key][]float32) error {
	stamp := c.now()
	const perRow = 4
	args := make([]any, 0, maxVars)
	var b strings.Builder
	flush := func() error {
		if len(args) == 0 {
			return nil
		}
		_, err := db.ExecContext(ctx, `INSERT OR REPLACE INTO embed_cache (identity, hash, vector, used) VALUES `+b.String(), args...)
		args = args[:0]
		b.Reset()
		if err != nil {
			return fmt.Errorf("embedcache: store: %w", err)
		}
		return nil
	}
	for k, v := range vectors {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString("(?,?,?,?)")
		args = append(args, c.identity, k[:], Encode(v), stamp)
		if len(args)+perRow > maxVars {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	return flush()
}

// Len returns the number of entries of every identity.
func Len(ctx context.Context, db Conn) (int, error) {
	n, err := count(ctx, db)
	if err != nil {
		return 0, fmt.Errorf("embedcache: count: %w", err)
	}
	return n, nil
}

func count(ctx context.Context, db Conn) (int, error) {
	rows, err := db.QueryContext(ctx, `SELECT count(*) FROM embed_cache`)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	var n int
	if rows.Next() {
		if err := rows.Scan(&n); err != nil {
			return 0, err
		}
	}
	return n, rows.Err()
}

// Prune evicts the least recently used entries, of any identity, until at
// most max remain. A max of zero or less means no limit. It returns the
// number of entries evicted.
func Prune(ctx context.Context, db Conn, max int) (int, error) {
	if max <= 0 {
		return 0, nil
	}
	res, err := db.ExecContext(ctx, `DELETE FROM embed_cache WHERE id IN (
		SELECT id FROM embed_cache ORDER BY used DESC, id DESC LIMIT -1 OFFSET ?)`, max)
	if err != nil {
		return 0, fmt.Errorf("embedcache: prune: %w", err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// Encode returns the little-endian float32 blob of v, the format sqlite-vec
// reads.
func Encode(v []float32) []byte {
	b := make([]byte, 4*len(v))
	for i, f := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(f))
	}
	return b
}

// Decode is the inverse of [Encode].
func Decode(b []byte) []float32 {
	v := make([]float32, len(b)/4)
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return v
}

// Placeholders returns n comma-separated SQL parameters, "?,?,?" for 3, to
// fill an IN (...) list; "" when n <= 0.
func Placeholders(n int) string {
	if n <= 0 {
		return ""
	}
	return strings.Repeat("?,", n-1) + "?"
}
