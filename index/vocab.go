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
	words, _, err := db.WordDocs(ctx, prefix, limit)
	return words, err
}

// WordDocs returns what [DB.Words] returns and, for each word, how many
// chunks hold it: fts5vocab's document count, which its scan of the
// terms reads whether asked for or not (a clipped word that begins many
// of the index's words is read as the one most chunks hold: see
// [search.WordCounter]).
func (db *DB) WordDocs(ctx context.Context, prefix string, limit int) ([]string, []int, error) {
	if prefix == "" || limit <= 0 {
		return nil, nil, nil
	}
	conn, err := db.handle(ctx).Conn(ctx)
	if err != nil {
		return nil, nil, db.wrap("list words", err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, vocabSQL); err != nil {
		return nil, nil, db.wrap("list words", err)
	}
	// The range on term is the one constraint fts5vocab narrows its scan
	// by: the terms past the prefix are not read.
	rows, err := conn.QueryContext(ctx, `SELECT term, doc FROM temp.chunks_vocab WHERE term >= ? AND term < ? ORDER BY term LIMIT ?`,
		prefix, prefix+"\U0010FFFF", limit)
	if err != nil {
		return nil, nil, db.wrap("list words", err)
	}
	words, docs, err := scanWords(rows, limit)
	if err != nil {
		return nil, nil, db.wrap("list words", err)
	}
	return words, docs, nil
}

// scanWords reads the terms and document counts of rows and closes
// them.
func scanWords(rows *sql.Rows, limit int) ([]string, []int, error) {
	defer rows.Close()
	words, docs := make([]string, 0, min(limit, 64)), make([]int, 0, min(limit, 64))
	for rows.Next() {
		var w string
		var n int
		if err := rows.Scan(&w, &n); err != nil {
			return nil, nil, err
		}
		words, docs = append(words, w), append(docs, n)
	}
	return words, docs, rows.Err()
}
