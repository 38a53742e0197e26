package index

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"time"

	"github.com/memweave/memweave-go/embedcache"
)

// ResetVectors drops every vector and records dims as the vector
// dimensions (0 for a keyword-only index). Every chunk is marked as
// needing a vector and every file with chunks as pending, so the next
// index run re-embeds them, from the embedding cache where it can.
func (db *DB) ResetVectors(ctx context.Context, dims int) error {
	if err := checkDims(dims); err != nil {
		return fmt.Errorf("reset vectors: %d dimensions, at most %d", dims, maxDims)
	}
	err := db.write(ctx, func(tx *sql.Tx) error {
		// Keep the old vectors in the embedding cache under their
		// identity, so that switching back costs no embedding calls.
		if err := saveLiveVectors(ctx, tx, ""); err != nil {
			return err
		}
		for _, q := range []string{`DELETE FROM vectors`, `DELETE FROM vector_blocks`, `UPDATE chunks SET embedded = 0`} {
			if _, err := tx.ExecContext(ctx, q); err != nil {
				return err
			}
		}
		if err := bumpEpoch(ctx, tx); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE files SET pending = (? > 0 AND chunks > 0)`, dims); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO meta (key, value) VALUES ('dims', ?)`, strconv.Itoa(dims))
		return err
	})
	if err != nil {
		return fmt.Errorf("reset vectors: %w", err)
	}
	return nil
}

// saveLiveVectors copies the vectors of live chunks into the embedding
// cache under the index's recorded identity; with where set, only those
// of the chunks it selects (a condition on c).
func saveLiveVectors(ctx context.Context, tx *sql.Tx, where string) error {
	var identity string
	err := tx.QueryRowContext(ctx, `SELECT value FROM meta WHERE key = 'identity'`).Scan(&identity)
	if err == sql.ErrNoRows {
		return nil // no identity recorded: the vectors cannot be reused
	}
	if err != nil {
		return err
	}
	cond := "c.embedded = 1 AND " + goodVector
	if where != "" {
		cond += " AND " + where
	}
	_, err = copyToCache(ctx, tx, "REPLACE", identity, `SELECT c.hash, v.vector FROM chunks c JOIN vectors v ON v.id = c.id WHERE `+cond, time.Now().UnixNano())
	return err
}

// copyToCache stores in the embedding cache of tx, under identity, the
// (hash, half-precision vector) rows query selects, as float32 vectors
// with the given used time, and returns how many it stored. onConflict
// is REPLACE or IGNORE: what to do with an entry the cache has.
func copyToCache(ctx context.Context, tx queryExecer, onConflict, identity, query string, used int64) (int64, error) {
	type entry struct {
		hash []byte
		vec  []float32
	}
	var entries []entry
	err := scanRows(ctx, tx, query, func(rows *sql.Rows) error {
		var e entry
		var blob []byte
		if err := rows.Scan(&e.hash, &blob); err != nil {
			return err
		}
		v, err := decodeHalf(blob)
		if err != nil {
			return err
		}
		e.vec = v
		entries = append(entries, e)
		return nil
	})
	if err != nil {
		return 0, err
	}
	var n int64
	for _, e := range entries {
		res, err := tx.ExecContext(ctx, `INSERT OR `+onConflict+` INTO main.embed_cache (identity, hash, vector, used) VALUES (?, ?, ?, ?)`,
			identity, e.hash, embedcache.Encode(e.vec), used)
		if err != nil {
			return n, err
		}
		m, _ := res.RowsAffected()
		n += m
	}
	return n, nil
}

// queryExecer is a transaction or connection that runs statements.
type queryExecer interface {
	queryer
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// LiveVectors returns the vectors of live chunks whose text hash is among
// keys: the first place to look before embedding, since a vector is
// stored once, with its chunk.
func (db *DB) LiveVectors(ctx context.Context, keys []embedcache.Key) (map[embedcache.Key][]float32, error) {
	out := make(map[embedcache.Key][]float32)
	for start := 0; start < len(keys); start += 500 {
		batch := keys[start:min(start+500, len(keys))]
		args := make([]any, len(batch))
		for i, k := range batch {
			args[i] = k[:]
		}
		err := scanRows(ctx, db.handle(ctx), `SELECT c.hash, v.vector FROM chunks c JOIN vectors v ON v.id = c.id
			WHERE c.embedded = 1 AND `+goodVector+` AND c.hash IN (`+placeholders(len(batch))+`)`, func(rows *sql.Rows) error {
			var h, v []byte
			if err := rows.Scan(&h, &v); err != nil {
				return err
			}
			var k embedcache.Key
			copy(k[:], h)
			var err error
			out[k], err = decodeHalf(v)
			return err
		}, args...)
		if err != nil {
			return nil, db.wrap("look up vectors", err)
		}
	}
	return out, nil
}

// upgradeVectors converts the vec0 table of an index written before
// schema version 4 into the vectors and vector_blocks tables, in one
// write transaction; it does nothing when there is none.
func (db *DB) upgradeVectors(ctx context.Context) error {
	var n int
	if err := db.handle(ctx).QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE name = 'chunks_vec'`).Scan(&n); err != nil || n == 0 {
		return db.wrap("upgrade vectors", err)
	}
	return db.write(ctx, func(tx *sql.Tx) error {
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE name = 'chunks_vec'`).Scan(&n); err != nil || n == 0 {
			return err // another process did it
		}
		if err := checkPlanted(ctx, tx); err != nil {
			return err
		}
		type row struct {
			id  int64
			vec []byte
		}
		var vecs []row
		// A value that is not a float32 vector of the index's dims is left
		// behind unread: Check then reports its chunk as lacking a vector.
		if err := scanRows(ctx, tx, `SELECT rowid, embedding FROM chunks_vec WHERE typeof(embedding) = 'blob'
			AND length(embedding) = 4 * (SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'dims')`, func(rows *sql.Rows) error {
			var r row
			var blob []byte
			if err := rows.Scan(&r.id, &blob); err != nil {
				return err
			}
			r.vec = encodeHalf(embedcache.Decode(blob))
			vecs = append(vecs, r)
			return nil
		}); err != nil {
			return fmt.Errorf("upgrade vectors: %w", err)
		}
		for _, r := range vecs {
			if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO vectors (id, vector) VALUES (?, ?)`, r.id, r.vec); err != nil {
				return fmt.Errorf("upgrade vectors: %w", err)
			}
		}
		if _, err := tx.ExecContext(ctx, `DROP TABLE chunks_vec`); err != nil {
			return fmt.Errorf("upgrade vectors: %w", err)
		}
		return rebuildBlocks(ctx, tx)
	})
}
