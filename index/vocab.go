package index

import (
	"context"
	"database/sql"
)

// vocabSQL creates, on one connection, the table listing the keyword
// index's terms: an fts5vocab table of the temp schema, so that the
// index's own schema is untouched and the table goes with the
// connection.
const vocabSQL = `CREATE VIRTUAL TABLE IF NOT EXISTS temp.chunks_vocab USING fts5vocab(main, 'chunks_fts', 'row')`

// Words returns the keyword index's terms that start with prefix, in
// order, at most limit of them: the words as its tokenizer writes them
// (lower-cased, accents removed, Porter stems), for a search to find the
// word nearest to one the index lacks (see [search.Vocabulary]).
func (db *DB) Words(ctx context.Context, prefix string, limit int) ([]string, error) {
	if prefix == "" || limit <= 0 {
		return nil, nil
	}
	conn, err := db.handle(ctx).Conn(ctx)
	if err != nil {
		return nil, db.wrap("list words", err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, vocabSQL); err != nil {
		return nil, db.wrap("list words", err)
	}
	// The range on term is the one constraint fts5vocab narrows its scan
	// by: the terms past the prefix are not read.
	rows, err := conn.QueryContext(ctx, `SELECT term FROM temp.chunks_vocab WHERE term >= ? AND term < ? ORDER BY term LIMIT ?`,
		prefix, prefix+"\U0010FFFF", limit)
	if err != nil {
		return nil, db.wrap("list words", err)
	}
	return scanWords(rows, limit)
}

// scanWords reads the terms of rows and closes them.
func scanWords(rows *sql.Rows, limit int) ([]string, error) {
	defer rows.Close()
	out := make([]string, 0, min(limit, 64))
	for rows.Next() {
		var w string
		if err := rows.Scan(&w); err != nil {
			return nil, err
		}
		out = append(out, w)
	}
	return out, rows.Err()
}
