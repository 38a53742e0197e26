package index

import (
	"context"
	"strings"
)

// TermCounts returns, for each FTS5 MATCH expression in matches, the
// number of chunks it matches, in the order of matches: the document
// frequencies the search uses to weigh query terms (see
// [search.KeywordBackend]). An empty expression counts 0. All counts are
// read in one statement.
func (db *DB) TermCounts(ctx context.Context, matches []string) ([]int, error) {
	out := make([]int, len(matches))
	if len(matches) == 0 {
		return out, nil
	}
	var q strings.Builder
	q.WriteString("SELECT ")
	args := make([]any, 0, len(matches))
	for i, m := range matches {
		if i > 0 {
			q.WriteString(", ")
		}
		if m == "" {
			q.WriteString("0")
			continue
		}
		q.WriteString("(SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH ?)")
		args = append(args, m)
	}
	dst := make([]any, len(out))
	for i := range out {
		dst[i] = &out[i]
	}
	if err := db.sql.QueryRowContext(ctx, q.String(), args...).Scan(dst...); err != nil {
		return nil, db.wrap("count term matches", err)
	}
	return out, nil
}

// SampleIDs returns up to n chunk ids spread evenly over the index's id
// range, in ascending order: a deterministic sample of the index the
// search compares a query's vector against to learn what an unrelated
// chunk's similarity is (see [search.KeywordBackend]). It returns fewer
// ids when the index holds fewer chunks.
func (db *DB) SampleIDs(ctx context.Context, n int) ([]int64, error) {
	if n <= 0 {
		return nil, nil
	}
	n = max(n, 2) // the first and the last id, at least
	rows, err := db.sql.QueryContext(ctx, `WITH r AS (SELECT min(id) AS lo, max(id) AS hi FROM chunks),
		 s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i + 1 < ?)
		 SELECT DISTINCT (SELECT id FROM chunks WHERE id >= r.lo + ((r.hi - r.lo) * s.i + (? - 1) / 2) / (? - 1) ORDER BY id LIMIT 1) AS id
		 FROM r, s WHERE r.lo IS NOT NULL ORDER BY id`, n, n, n)
	if err != nil {
		return nil, db.wrap("sample chunks", err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, db.wrap("sample chunks", err)
		}
		out = append(out, id)
	}
	return out, db.wrap("sample chunks", rows.Err())
}
