package index

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/memweave/memweave-go/store"
)

// KeywordHit is one keyword search result.
type KeywordHit = store.KeywordHit

// Keyword runs an FTS5 MATCH expression and returns up to k chunks by
// BM25, within f. An empty match returns nothing. Chunks of equal BM25
// (copies of one passage) come in path and line order, so that when
// more than k tie, the ones returned do not depend on the order the
// chunks were written in (their row ids).
func (db *DB) Keyword(ctx context.Context, match string, k int, f store.Filter) ([]KeywordHit, error) {
	if match == "" || k <= 0 {
		return nil, nil
	}
	hits, hitsGen, none, err := db.phraseHits(ctx, match)
	if err != nil || none {
		// No phrase matches a row: the ranked query would walk the
		// phrases' lists again to find nothing (most phrase queries of
		// two-word windows, in a fresh process).
		return nil, err
	}
	base := `SELECT rowid AS id, ` + rankSQL + ` AS score FROM chunks_fts WHERE chunks_fts MATCH ?`
	args := []any{hits, hitsGen, match}
	if len(f.Sources) > 0 || f.Paths != nil {
		where := ""
		if len(f.Sources) > 0 {
			// One JSON list, not a variable per source: a filter may name
			// more sources than a statement takes variables.
			where += ` AND c.source IN (SELECT value FROM json_each(?))`
			sources, err := json.Marshal(f.Sources)
			if err != nil {
				return nil, fmt.Errorf("index %s: keyword search: %w", db.path, err)
			}
			args = append(args, string(sources))
		}
		if f.Paths != nil {
			where += ` AND c.path IN (SELECT value FROM json_each(?))`
			paths, err := json.Marshal(f.Paths)
			if err != nil {
				return nil, fmt.Errorf("index %s: keyword search: %w", db.path, err)
			}
			args = append(args, string(paths))
		}
		base = `SELECT f.rowid AS id, ` + rankSQL + ` AS score FROM chunks_fts f JOIN chunks c ON c.id = f.rowid
			 WHERE chunks_fts MATCH ?` + where
	}
	// One row more than asked for tells whether the k-th ties with the
	// rows after it.
	out, err := db.keywordRows(ctx, base+` ORDER BY score, id LIMIT ?`, append(args, k+1)...)
	if err != nil || len(out) <= k {
		return out, err
	}
	last := out[k-1].BM25
	if out[k].BM25 != last {
		return out[:k], nil
	}
	// The rows tied with the k-th, in path and line order, fill the
	// places the rows that score better leave.
	head := 0
	for head < k && out[head].BM25 != last {
		head++
	}
	ties, err := db.keywordRows(ctx, `SELECT t.id, t.score FROM (`+base+`) AS t JOIN chunks c ON c.id = t.id
		WHERE t.score = ? ORDER BY c.path, c.start_line, c.seq LIMIT ?`, append(args, last, k-head)...)
	if err != nil {
		return nil, err
	}
	if len(ties) < k-head {
		return out[:k], nil // a write in between changed the scores
	}
	return append(out[:head], ties...), nil
}

// keywordRows runs a keyword query whose rows are (id, score).
func (db *DB) keywordRows(ctx context.Context, query string, args ...any) ([]KeywordHit, error) {
	rows, err := db.handle(ctx).QueryContext(ctx, query, args...)
	if err != nil {
		return nil, db.wrap("keyword search", err)
	}
	defer rows.Close()
	var out []KeywordHit
	for rows.Next() {
		var h KeywordHit
		if err := rows.Scan(&h.ID, &h.BM25); err != nil {
			return nil, db.wrap("keyword search", err)
		}
		out = append(out, h)
	}
	return out, db.wrap("keyword search", rows.Err())
}

// StoredChunk is a chunk as read back from the index.
type StoredChunk = store.StoredChunk

// Chunks returns the stored chunks with the given ids, keyed by id.
func (db *DB) Chunks(ctx context.Context, ids []int64) (map[int64]store.Chunk, error) {
	out := make(map[int64]store.Chunk, len(ids))
	for start := 0; start < len(ids); start += 500 {
		batch := ids[start:min(start+500, len(ids))]
		args := make([]any, len(batch))
		for i, id := range batch {
			args[i] = id
		}
		rows, err := db.handle(ctx).QueryContext(ctx,
			`SELECT id, path, source, start_line, end_line, headings, text FROM chunks WHERE id IN (`+placeholders(len(batch))+`)`, args...)
		if err != nil {
			return nil, db.wrap("read chunks", err)
		}
		for rows.Next() {
			var c store.Chunk
			var headings string
			if err := rows.Scan(&c.ID, &c.Path, &c.Source, &c.StartLine, &c.EndLine, &headings, &c.Text); err != nil {
				rows.Close()
				return nil, db.wrap("read chunks", err)
			}
			if headings != "" {
				c.Headings = strings.Split(headings, "\n")
			}
			out[c.ID] = c
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, db.wrap("read chunks", err)
		}
	}
	return out, nil
}

// ChunkCount returns the number of chunks, cached until the next write.
func (db *DB) ChunkCount(ctx context.Context) (int, error) {
	gen, err := db.Generation(ctx)
	if err != nil {
		return 0, err
	}
	db.mu.Lock()
	if db.countGen == gen && db.countOK {
		n := db.count
		db.mu.Unlock()
		return n, nil
	}
	db.mu.Unlock()
	var n int
	// The files' chunk counts add up to the chunk rows (Check verifies
	// it) and are read from a table a hundredth the size.
	if err := db.handle(ctx).QueryRowContext(ctx, `SELECT coalesce(sum(chunks), 0) FROM files`).Scan(&n); err != nil {
		return 0, db.wrap("count chunks", err)
	}
	db.mu.Lock()
	db.count, db.countGen, db.countOK = n, gen, true
	db.mu.Unlock()
	return n, nil
}

// Stats are the index's row counts, and the vector size it records (0
// for a keyword-only index).
type Stats struct {
	Files, Chunks, Vectors, PendingFiles, CacheEntries, Dims int
}

// Stats counts rows.
func (db *DB) Stats(ctx context.Context) (Stats, error) {
	var s Stats
	err := db.handle(ctx).QueryRowContext(ctx, `SELECT
		(SELECT count(*) FROM files),
		(SELECT count(*) FROM chunks),
		(SELECT count(*) FROM chunks WHERE embedded = 1),
		(SELECT count(*) FROM files WHERE pending = 1),
		(SELECT count(*) FROM embed_cache),
		(SELECT COALESCE(MAX(CAST(value AS INTEGER)), 0) FROM meta WHERE key = 'dims')`).Scan(&s.Files, &s.Chunks, &s.Vectors, &s.PendingFiles, &s.CacheEntries, &s.Dims)
	return s, db.wrap("stats", err)
}

// EachChunk calls fn with every chunk of the index, by path and position,
// stopping at fn's first error. It is [DB.EachChunkIn]
// with the zero filter.
func (db *DB) EachChunk(ctx context.Context, fn func(StoredChunk) error) error {
	return db.EachChunkIn(ctx, store.Filter{}, fn)
}

// EachChunkIn calls fn with every chunk within f of a file the index
// holds, by path and position, each with its file's modification time and
// its heading path. It stops at fn's first error and returns it as is.
// This is the one place that reads chunks in bulk for a caller that
// compares them (conflicts, duplicates), so only index knows the schema.
func (db *DB) EachChunkIn(ctx context.Context, f store.Filter, fn func(StoredChunk) error) error {
	query := `SELECT c.id, c.path, c.source, c.seq, c.start_line, c.end_line, c.headings, c.text, c.embedded, f.mtime
		FROM chunks c JOIN files f ON f.path = c.path`
	var where []string
	var args []any
	if len(f.Sources) > 0 {
		where = append(where, `c.source IN (SELECT value FROM json_each(?))`)
		b, err := json.Marshal(f.Sources)
		if err != nil {
			return fmt.Errorf("index %s: list chunks: %w", db.path, err)
		}
		args = append(args, string(b))
	}
	if f.Paths != nil {
		where = append(where, `c.path IN (SELECT value FROM json_each(?))`)
		b, err := json.Marshal(f.Paths)
		if err != nil {
			return fmt.Errorf("index %s: list chunks: %w", db.path, err)
		}
		args = append(args, string(b))
	}
	if len(where) > 0 {
		query += ` WHERE ` + strings.Join(where, ` AND `)
	}
	query += ` ORDER BY c.path, c.seq`
	var fnErr error
	err := scanRows(ctx, db.handle(ctx), query, func(rows *sql.Rows) error {
		var c StoredChunk
		var headings string
		if err := rows.Scan(&c.ID, &c.Path, &c.Source, &c.Seq, &c.StartLine, &c.EndLine, &headings, &c.Text, &c.Embedded, &c.MTime); err != nil {
			return err
		}
		if headings != "" {
			c.Headings = strings.Split(headings, "\n")
		}
		fnErr = fn(c)
		return fnErr
	}, args...)
	if fnErr != nil {
		return fnErr
	}
	return db.wrap("list chunks", err)
}

// FileChunks returns the chunks of the file path, by position; none for
// a file not in the index.
func (db *DB) FileChunks(ctx context.Context, path string) ([]StoredChunk, error) {
	var out []StoredChunk
	err := scanRows(ctx, db.handle(ctx), `SELECT id, path, source, seq, start_line, end_line, headings, text, embedded FROM chunks WHERE path = ? ORDER BY seq`, func(rows *sql.Rows) error {
		var c StoredChunk
		var headings string
		if err := rows.Scan(&c.ID, &c.Path, &c.Source, &c.Seq, &c.StartLine, &c.EndLine, &headings, &c.Text, &c.Embedded); err != nil {
			return err
		}
		if headings != "" {
			c.Headings = strings.Split(headings, "\n")
		}
		out = append(out, c)
		return nil
	}, path)
	return out, db.wrap("list chunks of "+path, err)
}
